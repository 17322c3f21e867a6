/**
 * stats/answers (extension) summed from the trend and prompt summaries: for every filter the summaries hold, the
 * response equals the count over the stored answers (the store's scan, `answers.tally`), over ranges that start
 * and end on and off month boundaries; and migration 0009 fills trend_days' not_applicable from the answers.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerSummary } from '../../server/contract/extensions.ts';
import { summaryBody } from '../../server/domain/answer-summary.ts';
import { addDays } from '../../server/domain/clock.ts';
import { observedWindow, resolveRange } from '../../server/domain/date-range.ts';
import type { AnswerMatch } from '../../server/store/repositories/answers.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { insightProject, PAGES, PROMPTS, TEXTS, TODAY, type LineSpec } from '../support/insights.ts';
import { rawDb } from '../support/raw-db.ts';

const ENGINES = ['chatgpt', 'gemini', 'perplexity', 'chatgpt-local-fetch'];
const UNTRACKED = 'which crm has the best api?';
// Positive, negative, mixed, neutral, and not-applicable twice (the brand not named).
const SENTIMENT_TEXTS = [
  TEXTS.acmeFirst,
  TEXTS.acmeSecond,
  'Acme is fast but buggy.',
  'Acme sells a CRM.',
  TEXTS.rivalsOnly,
  TEXTS.nobody,
];
// The prompt's own topic (none given), another topic, an unknown one, and `*`, which no summary row may double.
const TOPIC_OVERRIDES = [undefined, undefined, undefined, 'reviews', 'pricing', 'elsewhere', '*'];
const FIRST_DAY = '2025-05-20';

/** A fixed pseudo-random sequence, so a failure names the same answers every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** About 400 answers over 13 months: every engine, prompt (and none), topic, sentiment, and several per day. */
function answers(): LineSpec[] {
  const next = random(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const prompts = [...PROMPTS.map((p) => p.text), UNTRACKED];
  const out: LineSpec[] = [];
  for (let day = FIRST_DAY; day <= TODAY; day = addDays(day, 1 + Math.floor(next() * 2))) {
    const n = 1 + Math.floor(next() * 3);
    for (let i = 0; i < n; i++) {
      const topicId = pick(TOPIC_OVERRIDES);
      out.push({
        day,
        hour: Math.floor(next() * 24),
        engine: pick(ENGINES),
        prompt: pick(prompts),
        text: pick(SENTIMENT_TEXTS),
        sources: next() < 0.4 ? [PAGES.pricing, PAGES.g2] : [],
        ...(topicId !== undefined && { topicId }),
      });
    }
  }
  return out;
}

/** The date ranges checked: whole months, loose days at either end, within one month, one day, the default. */
const RANGES: { from?: string; to?: string }[] = [
  {},
  { from: addDays(TODAY, -365), to: TODAY },
  { from: '2025-08-17', to: '2026-03-09' },
  { from: '2025-09-01', to: '2025-12-31' },
  { from: '2025-09-01', to: '2026-01-12' },
  { from: '2025-10-20', to: '2026-02-28' },
  { from: '2026-01-20', to: '2026-02-10' },
  { from: '2026-02-03', to: '2026-02-20' },
  { from: '2026-03-04', to: '2026-03-04' },
  { from: '2025-05-01', to: '2025-05-31' },
];

describe('stats/answers from the summaries', () => {
  let h: Harness;
  let key: string;
  let p: string;
  let promptIds: string[];
  let deleted: string;

  beforeAll(async () => {
    h = await createHarness({ rateLimits: { perMinute: 1_000_000, perDay: 1_000_000 } });
    ({ key, projectId: p, promptIds } = await insightProject(h, answers()));
    // The paused prompt is deleted: its answers lose its id, its summary rows stay.
    deleted = promptIds[2]!;
    expect((await h.write('DELETE', `/v1/projects/${p}/prompts/${deleted}`, key)).statusCode).toBe(200);
  });
  afterAll(() => h.close());

  const query = (
    range: { from?: string; to?: string },
    filters: Record<string, string | string[] | undefined>,
  ) => {
    const params = new URLSearchParams();
    if (range.from) params.set('from', range.from);
    if (range.to) params.set('to', range.to);
    for (const [name, value] of Object.entries(filters))
      for (const v of [value ?? []].flat()) params.append(name, v);
    return params.toString();
  };

  const served = async (q: string) => {
    const r = await h.get(`/v1/projects/${p}/stats/answers?${q}`, key);
    expect(r.statusCode, `${q}: ${r.body}`).toBe(200);
    return AnswerSummary.parse(r.json());
  };

  /** The response as the scan of the stored answers gives it. */
  const scanned = async (
    range: { from?: string; to?: string },
    match: Omit<AnswerMatch, 'projectId' | 'window'>,
  ) => {
    const days = resolveRange(range, h.clock.now());
    const t = await h.store.answers.tally({ projectId: p, window: observedWindow(days), ...match });
    return summaryBody(t, days);
  };

  it('equal the scan for every range, engines, topic and prompt the summaries hold', async () => {
    const engineSets = [undefined, ['gemini'], ['chatgpt', 'chatgpt-local-fetch'], ENGINES];
    const topics = [undefined, 'pricing', 'reviews', 'elsewhere', '*', 'never-used'];
    const prompts = [undefined, promptIds[0]!, promptIds[1]!, deleted, 'prm-never'];
    let compared = 0;
    let nonEmpty = 0;
    const sentimentsSeen = new Set<string>();
    const check = async (
      range: { from?: string; to?: string },
      filters: Record<string, string | string[] | undefined>,
      match: Omit<AnswerMatch, 'projectId' | 'window'>,
    ) => {
      const q = query(range, filters);
      const got = await served(q);
      expect(got, q).toEqual(await scanned(range, match));
      compared += 1;
      if (got.answers > 0) nonEmpty += 1;
      for (const [s, n] of Object.entries(got.sentiment)) if (n > 0) sentimentsSeen.add(s);
    };
    for (const range of RANGES) {
      for (const engineIds of engineSets) {
        const engine: Record<string, string[]> = engineIds ? { engine: engineIds } : {};
        for (const topicId of topics)
          await check(range, { ...engine, ...(topicId && { topicId }) }, { engineIds, topicId });
        for (const promptId of prompts)
          await check(range, { ...engine, ...(promptId && { promptId }) }, { engineIds, promptId });
      }
    }
    expect(nonEmpty).toBeGreaterThan(compared / 2);
    expect([...sentimentsSeen].sort()).toEqual(['mixed', 'negative', 'neutral', 'notApplicable', 'positive']);
  });

  it('still count the answers for the filters no summary holds, the same as before', async () => {
    const range = { from: '2025-08-17', to: '2026-03-09' };
    const cases: [Record<string, string>, Omit<AnswerMatch, 'projectId' | 'window'>][] = [
      [{ mentioned: 'true' }, { mentioned: true }],
      [
        { cited: 'false', engine: 'gemini' },
        { cited: false, engineIds: ['gemini'] },
      ],
      [{ sentiment: 'not-applicable' }, { sentiment: 'not-applicable' }],
      [
        { maxPosition: '1', topicId: 'pricing' },
        { maxPosition: 1, topicId: 'pricing' },
      ],
      [
        { topicId: 'reviews', promptId: promptIds[0]! },
        { topicId: 'reviews', promptId: promptIds[0]! },
      ],
    ];
    for (const [filters, match] of cases) {
      const q = query(range, filters);
      const got = await served(q);
      expect(got, q).toEqual(await scanned(range, match));
      expect(got.answers, q).toBeGreaterThan(0);
    }
  });

  it('are read from the summary rows, not the answers', async () => {
    const db = rawDb(h.dbPath);
    const range = { from: '2025-07-02', to: '2026-04-29' };
    const before = await scanned(range, {});
    const beforePrompt = await scanned(range, { promptId: promptIds[0]! });
    // A row of each kind inside the range, counted 1,000 answers higher: only a read of the rows sees it.
    const bump = (n: number) => sql<number>`${sql.ref('answers')} + ${n}`;
    const trend = db
      .updateTable('trend_days')
      .where('project_id', '=', p)
      .where('topic_id', '=', '*')
      .where('date', '=', (eb) =>
        eb
          .selectFrom('trend_days')
          .select((e) => e.fn.min('date').as('d'))
          .where('project_id', '=', p)
          .where('date', '>=', '2025-12-01'),
      );
    const month = db
      .updateTable('prompt_months')
      .where('project_id', '=', p)
      .where('engine_id', '=', '*')
      .where('prompt_id', '=', promptIds[0]!)
      .where('period', '=', '2025-12');
    const bumped = (await trend.set({ answers: bump(1000) }).executeTakeFirst()).numUpdatedRows;
    const bumpedMonth = (await month.set({ answers: bump(1000) }).executeTakeFirst()).numUpdatedRows;
    try {
      expect([Number(bumped) > 0, Number(bumpedMonth)]).toEqual([true, 1]);
      expect((await served(query(range, {}))).answers).toBe(before.answers + 1000 * Number(bumped));
      expect((await served(query(range, { promptId: promptIds[0]! }))).answers).toBe(
        beforePrompt.answers + 1000,
      );
    } finally {
      await trend.set({ answers: bump(-1000) }).execute();
      await month.set({ answers: bump(-1000) }).execute();
      await db.destroy();
    }
  });

  it('have not_applicable filled by migration 0009 from the answers stored before it', async () => {
    const db = rawDb(h.dbPath);
    const trendRows = () =>
      db
        .selectFrom('trend_days')
        .selectAll()
        .where('project_id', '=', p)
        .orderBy('topic_id')
        .orderBy('date')
        .orderBy('engine_id')
        .execute();
    const before = await trendRows();
    const naRows = before.filter((r) => r.not_applicable > 0);
    expect(naRows.length).toBeGreaterThan(20);
    expect(naRows.some((r) => r.topic_id === '*') && naRows.some((r) => r.topic_id === 'elsewhere')).toBe(
      true,
    );
    const rerun = async () => {
      await sql`delete from kysely_migration where name = '0009-trend-not-applicable'`.execute(db);
      await (await openDatabase(h.dbPath)).destroy();
    };
    // A database whose trend_days was made by 0006 before the column existed: added and filled.
    await sql`alter table trend_days drop column not_applicable`.execute(db);
    await rerun();
    expect(await trendRows()).toEqual(before);
    // A column holding anything else (or filled already by 0006's backfill): set, not added to.
    await db.updateTable('trend_days').set({ not_applicable: 7 }).execute();
    await rerun();
    expect(await trendRows()).toEqual(before);
    await db.destroy();
    // A range no test read before, so the read cache has no body for it.
    const range = { from: '2025-06-16', to: '2026-06-14' };
    expect(await served(query(range, { engine: 'perplexity' }))).toEqual(
      await scanned(range, { engineIds: ['perplexity'] }),
    );
  });
});
