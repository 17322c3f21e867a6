import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { addDays } from '../../server/domain/clock.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { TODAY } from '../support/insights.ts';
import { LIST, PRICING, P0, P1, idOf, scenario, read, type ActionBody } from '../support/actions-scenario.ts';

/* Ranked actions against figures worked out by hand from a small set of answers: each kind, the order, examples. */
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
});
