import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/domain/clock.ts';
import { backfillInsights } from '../../server/domain/insight-backfill.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import {
  allAnswers,
  allPages,
  insightProject,
  line,
  PROMPTS,
  TODAY,
  type LineSpec,
  type StoredAnswer,
} from '../support/insights.ts';
import { rawDb } from '../support/raw-db.ts';

/*
 * stats/queries against a recount of the stored answers: each answer's searches as its detail shows them, its scores
 * as the answers list shows them, normalised and counted here from scratch.
 */

const ENGINES = ['chatgpt', 'gemini', 'claude', 'grok', 'perplexity'];
const NAMES = ['Acme', 'Globex', 'Initech'];
/** Searches that normalise alike in pairs (case, blanks, trailing punctuation), and a tracked prompt's own text. */
const SEARCHES = [
  'best crm for startups',
  'Best CRM  for startups?',
  'crm pricing 2026',
  'CRM pricing 2026.',
  'globex vs acme',
  ' top crm tools ',
  'acme reviews!!',
  'Acme reviews',
];
const PROMPT_TEXTS = [...PROMPTS.map((p) => p.text), 'an untracked question'];

const answerSpec = fc.record({
  back: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 40 })),
  engine: fc.constantFrom(...ENGINES),
  prompt: fc.constantFrom(...PROMPT_TEXTS),
  named: fc.subarray(NAMES),
  cited: fc.subarray(['https://acme.com/pricing', 'https://globex.com/', 'https://www.g2.com/crm']),
  topicId: fc.option(fc.constantFrom('pricing', 'reviews'), { nil: undefined }),
  searches: fc.array(fc.constantFrom(...SEARCHES), { maxLength: 4 }),
});

const querySpec = fc.record({
  fromBack: fc.integer({ min: 0, max: 10 }),
  length: fc.integer({ min: 3, max: 40 }),
  engine: fc.option(fc.subarray(ENGINES, { minLength: 1, maxLength: 2 }), { nil: undefined }),
  topicId: fc.option(fc.constantFrom('pricing', 'reviews'), { nil: undefined }),
  limit: fc.integer({ min: 1, max: 4 }),
});

type Spec = typeof answerSpec extends fc.Arbitrary<infer T> ? T : never;
type Detailed = StoredAnswer & { searchQueries: string[] };

const toLine = (a: Spec) => ({
  ...line({
    day: addDays(TODAY, -a.back),
    engine: a.engine,
    prompt: a.prompt,
    text: a.named.length === 0 ? 'No brand here.' : a.named.map((n) => `${n} is an option.`).join(' '),
    sources: a.cited,
    topicId: a.topicId,
  } satisfies LineSpec),
  searchQueries: a.searches,
});

const qs = (params: Record<string, string | string[] | number | undefined>) =>
  Object.entries(params)
    .flatMap(([k, v]) =>
      v === undefined ? [] : [v].flat().map((x) => `${k}=${encodeURIComponent(String(x))}`),
    )
    .join('&');

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const normalised = (q: string) =>
  q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .join(' ')
    .replace(/[.!?,;:\s]+$/, '');
const promptKey = (t: string) => t.trim().replace(/\s+/g, ' ').toLowerCase();

function recount(
  answers: readonly Detailed[],
  q: { from: string; to: string; engine?: string[]; topicId?: string },
  prompts: readonly { id: string; text: string }[],
) {
  const scoped = answers.filter(
    (a) =>
      a.date >= q.from &&
      a.date <= q.to &&
      (q.engine === undefined || q.engine.includes(a.engineId)) &&
      (q.topicId === undefined || a.topicId === q.topicId),
  );
  const byKey = new Map<string, Detailed[]>();
  for (const a of scoped)
    for (const key of new Set(a.searchQueries.map(normalised)))
      if (key !== '') byKey.set(key, [...(byKey.get(key) ?? []), a]);
  const figures = (list: Detailed[]) => ({
    answers: list.length,
    prompts: new Set(list.map((a) => promptKey(a.promptText))).size,
    mentionRate: rate(list.filter((a) => a.mentioned).length, list.length),
    citationRate: rate(list.filter((a) => a.cited).length, list.length),
  });
  const rival = (a: Detailed, name: string) => a.competitors.find((c) => c.name === name);
  return {
    answers: scoped.length,
    data: [...byKey]
      .map(([query, list]) => ({
        query,
        ...figures(list),
        competitors: ['Globex', 'Initech'].map((name) => ({
          name,
          mentionRate: rate(list.filter((a) => rival(a, name)?.mentioned).length, list.length),
          citationRate: rate(list.filter((a) => rival(a, name)?.cited).length, list.length),
        })),
        engines: [...new Set(list.map((a) => a.engineId))]
          .map((engineId) => {
            const { answers, prompts, mentionRate, citationRate } = figures(
              list.filter((a) => a.engineId === engineId),
            );
            return { engineId, answers, prompts, mentionRate, citationRate };
          })
          .sort((a, b) => b.answers - a.answers || (a.engineId < b.engineId ? -1 : 1)),
        firstSeen: list.map((a) => a.date).sort()[0]!,
        lastSeen: list
          .map((a) => a.date)
          .sort()
          .at(-1)!,
        trackedPromptId: prompts.find((p) => normalised(p.text) === query)?.id ?? null,
      }))
      .sort((a, b) => b.answers - a.answers || (a.query < b.query ? -1 : 1)),
  };
}

async function detailed(h: Harness, key: string, projectId: string): Promise<Detailed[]> {
  const list = await allAnswers(h, key, projectId, addDays(TODAY, -120), TODAY);
  return Promise.all(
    list.map(async (a) => {
      const r = await h.get(`/v1/projects/${projectId}/answers/${a.id}`, key);
      expect(r.statusCode).toBe(200);
      return { ...a, searchQueries: (r.json() as { searchQueries: string[] }).searchQueries };
    }),
  );
}

describe('stats/queries', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('equals a recount of the stored answers for random answers and every filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(answerSpec, { minLength: 5, maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        querySpec,
        async (specs, batches, q) => {
          // Imported in several batches, so later answers merge into summary rows stored before.
          const lines = specs.map(toLine);
          const { key, projectId, promptIds } = await insightProject(h);
          const size = Math.ceil(lines.length / batches);
          for (let i = 0; i < lines.length; i += size)
            await importLines(h.store, h.clock, projectId, lines.slice(i, i + size));
          const answers = await detailed(h, key, projectId);
          expect(answers).toHaveLength(lines.length);
          const to = addDays(TODAY, -q.fromBack);
          const scope = { from: addDays(to, 1 - q.length), to, engine: q.engine, topicId: q.topicId };
          const prompts = PROMPTS.map((p, i) => ({ text: p.text, id: promptIds[i]! }));
          const expected = recount(answers, scope, prompts);
          const url = `/v1/projects/${projectId}/stats/queries?${qs({ ...scope, limit: q.limit })}`;
          const got = await allPages(h, key, url);
          expect(got.data).toEqual(expected.data);
          expect(got.pages).toBe(Math.max(1, Math.ceil(expected.data.length / q.limit)));
          const first = (await h.get(url, key)).json() as { answers: number };
          expect(first.answers).toBe(expected.answers);
        },
      ),
      { numRuns: 20 },
    );
  }, 600_000);

  it('shows each answer its searches, keeps them in order, and counts them the same when rebuilt', async () => {
    const { key, projectId } = await insightProject(h);
    const lines = [
      { ...toLine(spec('best crm for startups?', ['Globex vs Acme', 'crm pricing 2026', 'globex vs acme'])) },
      { ...toLine(spec('top crm tools', ['Globex  VS acme?'])) },
      { ...toLine(spec('top crm tools', [])) },
    ];
    await importLines(h.store, h.clock, projectId, lines);
    const answers = await detailed(h, key, projectId);
    expect(answers.map((a) => a.searchQueries).sort()).toEqual(
      [[], ['Globex  VS acme?'], ['Globex vs Acme', 'crm pricing 2026', 'globex vs acme']].sort(),
    );
    const read = async () => {
      const r = await h.get(`/v1/projects/${projectId}/stats/queries`, key);
      expect(r.statusCode).toBe(200);
      return r.json() as { data: { query: string; answers: number; prompts: number }[] };
    };
    const before = await read();
    expect(before.data.map((r) => [r.query, r.answers, r.prompts])).toEqual([
      ['globex vs acme', 2, 2],
      ['crm pricing 2026', 1, 1],
    ]);

    // The rebuild path (the migration hook): the rows made again from the stored answers are the same rows.
    const db = rawDb(h.dbPath);
    const rows = async () => ({
      days: await db
        .selectFrom('query_days')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('engine_id')
        .orderBy('topic_id')
        .orderBy('period')
        .orderBy('key')
        .execute(),
      months: await db
        .selectFrom('query_months')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('engine_id')
        .orderBy('topic_id')
        .orderBy('period')
        .orderBy('key')
        .execute(),
    });
    const stored = await rows();
    expect(stored.days.length).toBeGreaterThan(0);
    await db.deleteFrom('query_days').execute();
    await db.deleteFrom('query_months').execute();
    expect(await backfillInsights(db, new Set(['queries']))).toBeGreaterThanOrEqual(lines.length);
    expect(await rows()).toEqual(stored);
    await db.destroy();
  });

  it('answers 304 to its ETag, 404 for a project of another account, and 400 for an unknown engine', async () => {
    const { key, projectId } = await insightProject(h);
    await importLines(h.store, h.clock, projectId, [toLine(spec('top crm tools', ['acme reviews']))]);
    const url = `/v1/projects/${projectId}/stats/queries`;
    const first = await h.get(url, key);
    expect(first.statusCode).toBe(200);
    const again = await h.get(url, key, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const other = await insightProject(h);
    const foreign = await h.get(url, other.key);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/problem+json');
    const bad = await h.get(`${url}?engine=nope`, key);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an import line with too many or too long searches, and stores the others', async () => {
    const { key, projectId } = await insightProject(h);
    const ok = toLine(spec('top crm tools', ['fine']));
    const many = {
      ...toLine(spec('top crm tools', [])),
      searchQueries: Array.from({ length: 51 }, (_, i) => `q${i}`),
    };
    const long = { ...toLine(spec('top crm tools', [])), searchQueries: ['x'.repeat(501)] };
    await expect(importLines(h.store, h.clock, projectId, [ok, many, long])).rejects.toThrow(
      /at most 50 search queries.*at most 500 characters|at most 500 characters.*at most 50 search queries/s,
    );
    const stored = await detailed(h, key, projectId);
    expect(stored.map((a) => a.searchQueries)).toEqual([['fine']]);
  });
});

function spec(prompt: string, searches: string[]): Spec {
  return { back: 1, engine: 'chatgpt', prompt, named: ['Acme'], cited: [], topicId: undefined, searches };
}
