import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../engines/catalog.ts';
import { addDays } from '../../server/domain/clock.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import { storeJudged } from '../support/judged-answers.ts';
import {
  allAnswers,
  allPages,
  insightProject,
  line,
  PROMPTS,
  TODAY,
  type StoredAnswer,
} from '../support/insights.ts';

/*
 * Ranked actions against a recount of the stored answers: for random answers and engine filters, every action's
 * reach and figures are counted here from the answers as the answers list and detail show them, with the rules
 * the guide documents, and the examples are answers the recount finds behind the action.
 */

const ENGINE_LIST = ['chatgpt', 'gemini', 'claude', 'perplexity'];
const NAMES = ['Acme', 'Globex', 'Initech'];
const DOMAIN_OF: Record<string, string> = {
  'https://acme.com/pricing': 'acme.com',
  'https://docs.acme.io/start': 'acme.io',
  'https://www.g2.com/categories/crm': 'g2.com',
  'https://crmweekly.net/best-crm-tools-2026': 'crmweekly.net',
  'https://www.reddit.com/r/crm/comments/1': 'reddit.com',
  'https://globex.com/': 'globex.com',
};
const OWNED = new Set(['acme.com', 'acme.io', 'globex.com', 'initech.com']);
const OWN_PAGES = ['https://acme.com/pricing', 'https://docs.acme.io/start'];
const LISTICLE = 'https://crmweekly.net/best-crm-tools-2026';
const SEARCHES = ['best crm for startups', 'Best CRM for startups?', 'crm pricing', 'acme reviews'];

const answerSpec = fc.record({
  back: fc.integer({ min: 0, max: 59 }),
  engine: fc.constantFrom(...ENGINE_LIST),
  prompt: fc.constantFrom(...PROMPTS.map((p) => p.text), 'an untracked question'),
  // Weighted toward answers that leave the brand out, so prompts are lost and searches go uncited often enough.
  named: fc.oneof(
    { arbitrary: fc.subarray(NAMES.slice(1)), weight: 2 },
    { arbitrary: fc.subarray(NAMES), weight: 1 },
  ),
  sources: fc.oneof(
    { arbitrary: fc.subarray(Object.keys(DOMAIN_OF).filter((u) => !OWN_PAGES.includes(u))), weight: 3 },
    { arbitrary: fc.subarray(Object.keys(DOMAIN_OF)), weight: 1 },
  ),
  searches: fc.array(fc.constantFrom(...SEARCHES), { maxLength: 3 }),
});
type Spec = typeof answerSpec extends fc.Arbitrary<infer T> ? T : never;

/** Brand Truth statements: two held, one people deleted since answers drifted on it. */
const HELD = ['Acme has a free plan.', 'Acme is based in Oslo.'];
const STATEMENTS = [...HELD, 'Acme was founded in 1999.'];
/** Answers a judge found drifting, to a question no prompt tracks, naming the statements concerned. */
const judgedSpec = fc.record({
  back: fc.integer({ min: 0, max: 59 }),
  engine: fc.constantFrom(...ENGINE_LIST),
  drift: fc.constantFrom(true as const, 'partial' as const),
  statements: fc.subarray(STATEMENTS),
});

/** On an engine the random answers never use: a prompt lost while Globex stayed, and a search never citing. */
const FIXED: Spec[] = [
  { back: 35, engine: 'grok', prompt: 'cheapest crm', named: ['Acme', 'Globex'], sources: [], searches: [] },
  ...[1, 2, 3].map((back) => ({
    back,
    engine: 'grok',
    prompt: 'cheapest crm',
    named: ['Globex'],
    sources: [],
    searches: ['cheapest crm 2026'],
  })),
];
/** An answer with its searches, and the statements its verdict named (the judged answers this test stored). */
type Detailed = StoredAnswer & {
  searchQueries: string[];
  narrativeDrift: true | 'partial' | 'no' | null;
  narrativeDriftReason: string | null;
  driftStatements: string[];
};

const toLine = (a: Spec) => ({
  ...line({
    day: addDays(TODAY, -a.back),
    engine: a.engine,
    prompt: a.prompt,
    text: a.named.length === 0 ? 'No brand here.' : a.named.map((n) => `${n} is an option.`).join(' '),
    sources: a.sources,
  }),
  searchQueries: a.searches,
});

const idOf = (kind: string, subject: string) =>
  `act_${createHash('sha256').update(`${kind}\0${subject}`).digest('hex').slice(0, 20)}`;
const promptKey = (t: string) => t.trim().replace(/\s+/g, ' ').toLowerCase();
const queryKey = (q: string) =>
  q
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!?]+$/u, '');
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const distinct = <T>(list: readonly T[]) => [...new Set(list)];
const namesRival = (a: Detailed) => a.competitors.some((c) => c.mentioned);
const CATALOG = ENGINES.map((e) => e.id);
const KINDS = ['win-back-prompt', 'get-cited-on', 'cover-query', 'spread-page', 'fix-narrative'];
const statementKey = (t: string) =>
  createHash('sha256').update(t.toLowerCase().trim().replace(/[.]+$/u, '')).digest('hex').slice(0, 24);

interface Expected {
  id: string;
  kind: string;
  reach: { answers: number; prompts: number; engines: number };
  figures: Record<string, unknown>;
  /** The answers an example may be. */
  behind: Detailed[];
}

function expected(all: readonly Detailed[], engine: string[] | undefined): Expected[] {
  const from = addDays(TODAY, -29);
  const inEngines = (a: Detailed) => engine === undefined || engine.includes(a.engineId);
  const now = all.filter((a) => a.date >= from && inEngines(a));
  const before = all.filter((a) => a.date < from && a.date >= addDays(from, -30) && inEngines(a));
  const out: Expected[] = [];
  const perEngine = (list: Detailed[], mentioned: boolean) =>
    distinct(list.map((a) => a.engineId))
      .sort(byId)
      .map((engineId) => {
        const of = list.filter((a) => a.engineId === engineId);
        return {
          engineId,
          answers: of.length,
          mentioned: mentioned ? of.filter((a) => a.mentioned).length : null,
        };
      });
  const reachOf = (list: Detailed[]) => ({
    answers: list.length,
    prompts: distinct(list.map((a) => promptKey(a.promptText))).length,
    engines: distinct(list.map((a) => a.engineId)).length,
  });

  // get-cited-on: sites and list pages listed beside competitors, never beside the brand.
  const gap = (subject: string, list: Detailed[], figures: Record<string, unknown>) => {
    if (list.some((a) => a.mentioned) || list.filter(namesRival).length < 2) return;
    out.push({
      id: idOf('get-cited-on', subject),
      kind: 'get-cited-on',
      reach: reachOf(list),
      figures: {
        ...figures,
        answers: list.length,
        rivalAnswers: list.filter(namesRival).length,
        engines: perEngine(list, true),
      },
      behind: list,
    });
  };
  for (const domain of distinct(Object.values(DOMAIN_OF)).filter((d) => !OWNED.has(d)))
    gap(
      `d:${domain}`,
      now.filter((a) => a.sourceUrls.some((u) => DOMAIN_OF[u] === domain)),
      { domain },
    );
  gap(
    `u:${LISTICLE}`,
    now.filter((a) => a.sourceUrls.includes(LISTICLE)),
    { url: LISTICLE, pageKind: 'listicle' },
  );

  // cover-query: searches run for three answers or more, none citing the brand.
  for (const key of distinct(now.flatMap((a) => a.searchQueries.map(queryKey)))) {
    const list = now.filter((a) => a.searchQueries.some((q) => queryKey(q) === key));
    if (list.length < 3 || list.some((a) => a.cited)) continue;
    out.push({
      id: idOf('cover-query', key),
      kind: 'cover-query',
      reach: reachOf(list),
      figures: { query: key, answers: list.length, citedAnswers: 0, engines: perEngine(list, true) },
      behind: list,
    });
  }

  // win-back-prompt: named before, never now, a competitor named on that engine in both.
  for (const prompt of PROMPTS) {
    const of = (list: Detailed[], e: string) =>
      list.filter((a) => a.promptText === prompt.text && a.engineId === e);
    const rivals = (list: Detailed[]) =>
      new Set(list.flatMap((a) => a.competitors.filter((c) => c.mentioned).map((c) => c.name)));
    const lost = CATALOG.filter((e) => {
      const n = of(now, e);
      const b = of(before, e);
      const stayed = [...rivals(n)].filter((r) => rivals(b).has(r));
      return n.length > 0 && n.every((a) => !a.mentioned) && b.some((a) => a.mentioned) && stayed.length > 0;
    });
    if (lost.length === 0) continue;
    const list = lost.flatMap((e) => of(now, e));
    const competitors = ['Globex', 'Initech'].filter((r) =>
      lost.some((e) => rivals(of(now, e)).has(r) && rivals(of(before, e)).has(r)),
    );
    const figures = (set: Detailed[]) =>
      lost.map((e) => ({
        engineId: e,
        answers: of(set, e).length,
        mentioned: of(set, e).filter((a) => a.mentioned).length,
      }));
    out.push({
      id: idOf('win-back-prompt', ''),
      kind: 'win-back-prompt',
      reach: { answers: list.length, prompts: 1, engines: lost.length },
      figures: {
        promptText: prompt.text,
        competitors,
        answers: list.length,
        engines: figures(now),
        previous: figures(before),
      },
      behind: list,
    });
  }

  // spread-page: brand pages some engines cite and others, with sourced answers to the same prompts, never do.
  for (const url of OWN_PAGES) {
    const citing = now.filter((a) => a.sourceUrls.includes(url));
    if (citing.length === 0) continue;
    const prompts = new Set(citing.map((a) => promptKey(a.promptText)));
    const citingEngines = new Set(citing.map((a) => a.engineId));
    const shared = now.filter(
      (a) =>
        a.sourceUrls.length > 0 && !citingEngines.has(a.engineId) && prompts.has(promptKey(a.promptText)),
    );
    const missing = distinct(shared.map((a) => a.engineId)).sort(byId);
    if (missing.length === 0) continue;
    out.push({
      id: idOf('spread-page', url),
      kind: 'spread-page',
      reach: {
        answers: citing.length,
        prompts: distinct(shared.map((a) => promptKey(a.promptText))).length,
        engines: missing.length,
      },
      figures: { url, answers: citing.length, engines: perEngine(citing, false), missingEngines: missing },
      behind: citing,
    });
  }

  // fix-narrative: held statements that two answers or more drifted on, fully or partly.
  for (const statement of HELD) {
    const drifts = (a: Detailed) => a.narrativeDrift === true || a.narrativeDrift === 'partial';
    const list = now.filter((a) => drifts(a) && a.driftStatements.includes(statement));
    if (list.length < 2) continue;
    out.push({
      id: idOf('fix-narrative', statementKey(statement)),
      kind: 'fix-narrative',
      reach: reachOf(list),
      figures: {
        statement,
        answers: list.length,
        drift: list.filter((a) => a.narrativeDrift === true).length,
        partial: list.filter((a) => a.narrativeDrift === 'partial').length,
        engines: perEngine(list, true),
        reasons: [...list]
          .sort((a, b) => byId(b.observedAt, a.observedAt) || byId(b.id, a.id))
          .slice(0, 5)
          .map((a) => ({ answerId: a.id, reason: a.narrativeDriftReason })),
      },
      behind: list,
    });
  }
  return out.sort(
    (a, b) =>
      b.reach.answers - a.reach.answers ||
      b.reach.prompts - a.reach.prompts ||
      b.reach.engines - a.reach.engines ||
      KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) ||
      byId(a.id, b.id),
  );
}

interface Got {
  id: string;
  kind: string;
  reach: Expected['reach'];
  evidence: Record<string, unknown> & { answerIds: string[]; promptId: string | null };
}

describe('ranked actions against a recount of the stored answers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('gives the actions, their reach, figures and examples a recount finds, in the documented order', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(answerSpec, { minLength: 10, maxLength: 60 }),
        fc.option(fc.subarray(ENGINE_LIST, { minLength: 1, maxLength: 3 }), { nil: undefined }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(judgedSpec, { maxLength: 12 }),
        async (specs, engine, limit, judged) => {
          const { key, projectId, promptIds } = await insightProject(h);
          await importLines(h.store, h.clock, projectId, [...specs, ...FIXED].map(toLine));
          await h.store.brandTruths.set(projectId, STATEMENTS, h.clock.now().toISOString());
          const judgedIds = await storeJudged(
            h.store,
            projectId,
            judged.map((j, i) => ({
              day: addDays(TODAY, -j.back),
              engine: j.engine,
              prompt: i % 2 === 0 ? 'is acme any good?' : 'acme reviews',
              text: 'Acme is an option.',
              drift: j.drift,
              reason: `reason ${i}`,
              statements: j.statements,
            })),
          );
          await h.store.brandTruths.set(projectId, HELD, h.clock.now().toISOString());
          const statementsOf = new Map(judgedIds.map((id, i) => [id, judged[i]!.statements]));
          const listed = await allAnswers(h, key, projectId, addDays(TODAY, -70), TODAY);
          const answers: Detailed[] = await Promise.all(
            listed.map(async (a) => {
              const r = await h.get(`/v1/projects/${projectId}/answers/${a.id}`, key);
              const detail = r.json() as Detailed;
              return {
                ...a,
                searchQueries: detail.searchQueries,
                narrativeDrift: detail.narrativeDrift,
                narrativeDriftReason: detail.narrativeDriftReason,
                driftStatements: statementsOf.get(a.id) ?? [],
              };
            }),
          );
          const want = expected(answers, engine).map((e) =>
            e.kind === 'win-back-prompt'
              ? (() => {
                  const promptId = promptIds[PROMPTS.findIndex((p) => p.text === e.figures.promptText)]!;
                  return { ...e, id: idOf('win-back-prompt', promptId), figures: { ...e.figures, promptId } };
                })()
              : e,
          );
          const qs = [...(engine ?? []).map((e) => `engine=${e}`), `limit=${limit}`].join('&');
          const got = await allPages<Got>(h, key, `/v1/projects/${projectId}/actions?${qs}`);
          // Ties of reach and kind sort by id, which the recount cannot know for win-back before the ids are made.
          const order = (list: { id: string; kind: string; reach: Expected['reach'] }[]) =>
            [...list]
              .sort(
                (a, b) =>
                  b.reach.answers - a.reach.answers ||
                  b.reach.prompts - a.reach.prompts ||
                  b.reach.engines - a.reach.engines ||
                  KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) ||
                  byId(a.id, b.id),
              )
              .map((a) => a.id);
          expect(got.data.map((a) => a.id)).toEqual(order(want));
          for (const w of want) seen.add(w.kind);
          for (const w of want) {
            const g = got.data.find((a) => a.id === w.id)!;
            expect(g.reach, w.id).toEqual(w.reach);
            expect(g.evidence, w.id).toMatchObject(w.figures);
            // Examples: up to five answers behind the action, newest first.
            const behind = [...w.behind].sort((a, b) => byId(b.observedAt, a.observedAt) || byId(b.id, a.id));
            expect(g.evidence.answerIds, w.id).toEqual(behind.slice(0, 5).map((a) => a.id));
          }
        },
      ),
      { numRuns: 25 },
    );
    // The random answers gave every kind something to show, so none was compared only while empty.
    expect([...seen].sort(), [...seen].join()).toEqual([...KINDS].sort());
  }, 600_000);
});
