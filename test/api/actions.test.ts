import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/domain/clock.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import { allAnswers, insightProject, line, TEXTS, TODAY, type LineSpec } from '../support/insights.ts';
import { expectProblem } from '../support/problems.ts';

/*
 * Ranked actions against figures worked out by hand from a small set of answers: each kind, the order, examples,
 * and the statuses people set.
 */

const G2 = 'https://www.g2.com/categories/crm';
const LIST = 'https://crmweekly.net/best-crm-tools-2026';
const PRICING = 'https://acme.com/pricing';
const EXAMPLE_ORG = 'https://review.example.org/crm';
const REDDIT = 'https://www.reddit.com/r/crm/comments/1';
const P0 = 'best crm for startups?';
const P1 = 'top crm tools';

interface Spec {
  name: string;
  back: number;
  engine: string;
  prompt: string;
  text: string;
  sources: string[];
  searches: string[];
}

/** The answers of the range (the last 30 days) and three of the period before it. */
const SPECS: Spec[] = [
  {
    name: 'A1',
    back: 5,
    engine: 'chatgpt',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [G2],
    searches: ['best crm for startups'],
  },
  {
    name: 'A2',
    back: 4,
    engine: 'chatgpt',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [G2],
    searches: ['Best CRM for startups?'],
  },
  {
    name: 'A3',
    back: 3,
    engine: 'chatgpt',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [G2],
    searches: ['best crm for startups'],
  },
  {
    name: 'A4',
    back: 2,
    engine: 'perplexity',
    prompt: P1,
    text: TEXTS.rivalsOnly,
    sources: [G2, LIST],
    searches: [],
  },
  {
    name: 'A5',
    back: 2,
    engine: 'gemini',
    prompt: P1,
    text: TEXTS.rivalsOnly,
    sources: [LIST],
    searches: ['best crm for startups'],
  },
  {
    name: 'A6',
    back: 1,
    engine: 'chatgpt',
    prompt: P1,
    text: TEXTS.acmeFirst,
    sources: [PRICING, EXAMPLE_ORG],
    searches: ['acme pricing'],
  },
  {
    name: 'A7',
    back: 1,
    engine: 'gemini',
    prompt: P1,
    text: TEXTS.nobody,
    sources: [EXAMPLE_ORG],
    searches: ['acme pricing'],
  },
  {
    name: 'A8',
    back: 1,
    engine: 'claude',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [REDDIT],
    searches: ['acme pricing', 'rare search'],
  },
  {
    name: 'A9',
    back: 6,
    engine: 'claude',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [EXAMPLE_ORG],
    searches: ['rare search', 'best crm for startups'],
  },
  { name: 'B1', back: 40, engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst, sources: [], searches: [] },
  { name: 'B2', back: 39, engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst, sources: [], searches: [] },
  { name: 'B3', back: 40, engine: 'gemini', prompt: P1, text: TEXTS.acmeFirst, sources: [], searches: [] },
];

const toLine = (a: Spec) => ({
  ...line({
    day: addDays(TODAY, -a.back),
    engine: a.engine,
    prompt: a.prompt,
    text: a.text,
    sources: a.sources,
  } satisfies LineSpec),
  searchQueries: a.searches,
});

/** The documented id rule: the kind and the subject, hashed. */
const idOf = (kind: string, subject: string) =>
  `act_${createHash('sha256').update(`${kind}\0${subject}`).digest('hex').slice(0, 20)}`;

interface ActionBody {
  id: string;
  kind: string;
  title: string;
  reach: { answers: number; prompts: number; engines: number };
  evidence: Record<string, unknown> & { answerIds: string[] };
  status: string;
  statusChangedAt: string | null;
}

async function scenario(h: Harness) {
  const p = await insightProject(h);
  await importLines(h.store, h.clock, p.projectId, SPECS.map(toLine));
  const stored = await allAnswers(h, p.key, p.projectId, addDays(TODAY, -60), TODAY);
  // Each spec is the only answer of its engine on its day.
  const idOfSpec = (name: string) => {
    const s = SPECS.find((x) => x.name === name)!;
    return stored.find((a) => a.engineId === s.engine && a.date === addDays(TODAY, -s.back))!.id;
  };
  return { ...p, idOfSpec };
}

const read = async (h: Harness, key: string, projectId: string, query = '') => {
  const r = await h.get(`/v1/projects/${projectId}/actions${query}`, key);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { from: string; to: string; data: ActionBody[]; nextCursor: string | null };
};

describe('ranked actions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('finds each kind with the figures worked out by hand, ranked by reach with the documented tie-break', async () => {
    const { key, projectId, promptIds, idOfSpec } = await scenario(h);
    const body = await read(h, key, projectId);
    expect(body.from).toBe(addDays(TODAY, -29));
    const ids = (...names: string[]) => names.map(idOfSpec);
    const none = {
      domain: null,
      url: null,
      sourceType: null,
      pageKind: null,
      query: null,
      promptId: null,
      promptText: null,
      competitors: [],
      rivalAnswers: null,
      citedAnswers: null,
      engines: [],
      previous: [],
      missingEngines: [],
      statement: null,
      drift: null,
      partial: null,
      reasons: [],
    };
    const cover = {
      id: idOf('cover-query', 'best crm for startups'),
      kind: 'cover-query',
      title:
        'Cover the search “best crm for startups”: engines ran it for 5 answers to 2 prompts, none citing you',
      reach: { answers: 5, prompts: 2, engines: 3 },
      evidence: {
        ...none,
        answers: 5,
        answerIds: ids('A5', 'A3', 'A2', 'A1', 'A9'),
        query: 'best crm for startups',
        citedAnswers: 0,
        engines: [
          { engineId: 'chatgpt', answers: 3, mentioned: 0 },
          { engineId: 'claude', answers: 1, mentioned: 0 },
          { engineId: 'gemini', answers: 1, mentioned: 0 },
        ],
      },
      status: 'open',
      statusChangedAt: null,
    };
    const g2 = {
      id: idOf('get-cited-on', 'd:g2.com'),
      kind: 'get-cited-on',
      title: 'Get reviewed on g2.com: listed in 4 answers (4 naming a competitor), never in one naming you',
      reach: { answers: 4, prompts: 2, engines: 2 },
      evidence: {
        ...none,
        answers: 4,
        answerIds: ids('A4', 'A3', 'A2', 'A1'),
        domain: 'g2.com',
        sourceType: 'review',
        rivalAnswers: 4,
        engines: [
          { engineId: 'chatgpt', answers: 3, mentioned: 0 },
          { engineId: 'perplexity', answers: 1, mentioned: 0 },
        ],
      },
      status: 'open',
      statusChangedAt: null,
    };
    const winP0 = {
      id: idOf('win-back-prompt', promptIds[0]!),
      kind: 'win-back-prompt',
      title:
        'Win back “best crm for startups?” on ChatGPT: named in 2 of 2 answers the period before, in none of 3 now, while Globex stayed',
      reach: { answers: 3, prompts: 1, engines: 1 },
      evidence: {
        ...none,
        answers: 3,
        answerIds: ids('A3', 'A2', 'A1'),
        promptId: promptIds[0],
        promptText: P0,
        competitors: ['Globex'],
        engines: [{ engineId: 'chatgpt', answers: 3, mentioned: 0 }],
        previous: [{ engineId: 'chatgpt', answers: 2, mentioned: 2 }],
      },
      status: 'open',
      statusChangedAt: null,
    };
    const listSite = {
      id: idOf('get-cited-on', 'd:crmweekly.net'),
      kind: 'get-cited-on',
      title:
        'Get cited on crmweekly.net: listed in 2 answers (2 naming a competitor), never in one naming you',
      reach: { answers: 2, prompts: 1, engines: 2 },
      evidence: {
        ...none,
        answers: 2,
        answerIds: ids('A5', 'A4'),
        domain: 'crmweekly.net',
        sourceType: 'other',
        rivalAnswers: 2,
        engines: [
          { engineId: 'gemini', answers: 1, mentioned: 0 },
          { engineId: 'perplexity', answers: 1, mentioned: 0 },
        ],
      },
      status: 'open',
      statusChangedAt: null,
    };
    const listPage = {
      ...listSite,
      id: idOf('get-cited-on', `u:${LIST}`),
      title: `Pitch inclusion in the list ${LIST}: listed in 2 answers (2 naming a competitor), never in one naming you`,
      evidence: { ...listSite.evidence, url: LIST, pageKind: 'listicle' },
    };
    const winP1 = {
      id: idOf('win-back-prompt', promptIds[1]!),
      kind: 'win-back-prompt',
      title:
        'Win back “top crm tools” on Gemini: named in 1 of 1 answer the period before, in none of 2 now, while Globex stayed',
      reach: { answers: 2, prompts: 1, engines: 1 },
      evidence: {
        ...none,
        answers: 2,
        answerIds: ids('A7', 'A5'),
        promptId: promptIds[1],
        promptText: P1,
        competitors: ['Globex'],
        engines: [{ engineId: 'gemini', answers: 2, mentioned: 0 }],
        previous: [{ engineId: 'gemini', answers: 1, mentioned: 1 }],
      },
      status: 'open',
      statusChangedAt: null,
    };
    const spread = {
      id: idOf('spread-page', PRICING),
      kind: 'spread-page',
      title: `Spread ${PRICING}: cited by ChatGPT in 1 answer, never by Gemini and Perplexity on the same prompts`,
      reach: { answers: 1, prompts: 1, engines: 2 },
      evidence: {
        ...none,
        answers: 1,
        answerIds: ids('A6'),
        url: PRICING,
        engines: [{ engineId: 'chatgpt', answers: 1, mentioned: null }],
        missingEngines: ['gemini', 'perplexity'],
      },
      status: 'open',
      statusChangedAt: null,
    };
    // Equal reach (2, 1, 2) and kind: the id decides.
    const tied = [listSite, listPage].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(body.data).toEqual([cover, g2, winP0, ...tied, winP1, spread]);
    expect(body.nextCursor).toBeNull();

    // Paged: the same order, a page at a time.
    const pages: ActionBody[] = [];
    let cursor: string | null = null;
    do {
      const page = await read(
        h,
        key,
        projectId,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      pages.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(body.data);

    // An engine filter narrows every kind to that engine's answers.
    const gemini = await read(h, key, projectId, '?engine=gemini');
    expect(gemini.data.map((a) => [a.kind, a.reach])).toEqual([
      ['win-back-prompt', { answers: 2, prompts: 1, engines: 1 }],
    ]);
  });

  it('keeps a dismissed action dismissed while its evidence holds, and opens it again when the evidence changes', async () => {
    const { key, projectId } = await scenario(h);
    const g2 = idOf('get-cited-on', 'd:g2.com');
    const url = `/v1/projects/${projectId}/actions/${g2}`;
    const set = await h.write('PATCH', url, key, { status: 'dismissed' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      id: g2,
      status: 'dismissed',
      statusChangedAt: h.clock.now().toISOString(),
    });
    const statusOfG2 = async () => (await read(h, key, projectId)).data.find((a) => a.id === g2)?.status;
    expect(await statusOfG2()).toBe('dismissed');

    // One more answer listing g2.com: 5 answers, the same power of two as 4, so the same evidence.
    const more = (back: number) =>
      toLine({
        name: 'X',
        back,
        engine: 'grok',
        prompt: P1,
        text: TEXTS.rivalsOnly,
        sources: [G2],
        searches: [],
      });
    await importLines(h.store, h.clock, projectId, [more(7)]);
    expect(await statusOfG2()).toBe('dismissed');
    // Three more: 8 answers, double what it was dismissed on: open again.
    await importLines(h.store, h.clock, projectId, [more(8), more(9), more(10)]);
    expect(await statusOfG2()).toBe('open');

    // done, then open again by hand.
    expect((await h.write('PATCH', url, key, { status: 'done' })).json()).toMatchObject({ status: 'done' });
    expect(await statusOfG2()).toBe('done');
    expect((await h.write('PATCH', url, key, { status: 'open' })).json()).toMatchObject({
      status: 'open',
      statusChangedAt: null,
    });
    expect(await statusOfG2()).toBe('open');
  });

  it('answers 404 for other projects and unknown actions, 400 problem+json for bad input, 403 without tracking:write, and 304 to its ETag', async () => {
    const { key, projectId, accountId } = await scenario(h);
    const list = `/v1/projects/${projectId}/actions`;
    const g2 = idOf('get-cited-on', 'd:g2.com');
    const first = await h.get(list, key);
    const again = await h.get(list, key, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);

    const other = await insightProject(h);
    const foreign = await h.get(list, other.key);
    expect(foreign.statusCode).toBe(404);
    expectProblem(foreign, 'foreign list');
    const foreignPatch = await h.write('PATCH', `${list}/${g2}`, other.key, { status: 'done' });
    expect(foreignPatch.statusCode).toBe(404);
    expectProblem(foreignPatch, 'foreign patch');
    const unknown = await h.write('PATCH', `${list}/${idOf('cover-query', 'nothing')}`, key, {
      status: 'done',
    });
    expect(unknown.statusCode).toBe(404);
    expectProblem(unknown, 'unknown action');
    // A malformed id names no action either: path parameters that fail their pattern are 404, as elsewhere.
    const malformed = await h.write('PATCH', `${list}/not-an-action`, key, { status: 'done' });
    expect(malformed.statusCode).toBe(404);
    expectProblem(malformed, 'malformed id');

    for (const [what, r] of [
      ['unknown engine', await h.get(`${list}?engine=nope`, key)],
      ['from after to', await h.get(`${list}?from=2026-06-10&to=2026-06-01`, key)],
      ['bad status', await h.write('PATCH', `${list}/${g2}`, key, { status: 'closed' })],
      ['extra member', await h.write('PATCH', `${list}/${g2}`, key, { status: 'done', note: 'x' })],
    ] as const) {
      expect(r.statusCode, what).toBe(400);
      expectProblem(r, what);
    }
    const reader = await h.key(accountId, ['visibility:read']);
    const refused = await h.write('PATCH', `${list}/${g2}`, reader, { status: 'done' });
    expect(refused.statusCode).toBe(403);
    expectProblem(refused, 'read-only key');
    expect((await read(h, reader, projectId)).data.find((a) => a.id === g2)?.status).toBe('open');
  });
});
