import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { chunks, padded } from '../in-list.ts';
import { ALL } from './source-summaries.ts';

export const TREND_COUNTS = [
  'answers',
  'mentioned',
  'cited',
  'pos_n',
  'pos_sum',
  'pos_sq',
  'positive',
  'mixed',
  'neutral',
  'negative',
  'not_applicable',
] as const;

/** What a rate or an average and its interval need, named as the columns. */
export type TrendCounts = Record<(typeof TREND_COUNTS)[number], number>;

export const noTrendCounts = (): TrendCounts =>
  Object.fromEntries(TREND_COUNTS.map((c) => [c, 0])) as TrendCounts;

export function addTrendCounts(into: TrendCounts, add: Readonly<TrendCounts>): void {
  for (const c of TREND_COUNTS) into[c] += add[c];
}

export interface TrendDelta {
  date: string;
  engineId: string;
  /** null: the answer has no topic, so only the all-topics rows count it. */
  topicId: string | null;
  counts: TrendCounts;
}

export interface TrendScope {
  projectId: string;
  topicId: string;
  from: string;
  to: string;
  /** Only these engines; every engine when absent. */
  engineIds?: readonly string[];
}

export interface TrendRow {
  date: string;
  engineId: string;
  counts: TrendCounts;
}

const INSERT_CHUNK = 500;

export function trendSummariesRepository(db: Db) {
  return {
    /**
     * Adds counts per day, topic and engine, and again under all topics. Plain sums: no row is read first. An
     * answer imported with the topic `*` counts once, under all topics.
     */
    async add(projectId: string, deltas: readonly TrendDelta[]): Promise<void> {
      const merged = new Map<string, TrendRow & { topicId: string }>();
      for (const d of deltas) {
        for (const topicId of d.topicId === null || d.topicId === ALL ? [ALL] : [d.topicId, ALL]) {
          const k = `${topicId}\0${d.date}\0${d.engineId}`;
          let row = merged.get(k);
          if (!row)
            merged.set(k, (row = { topicId, date: d.date, engineId: d.engineId, counts: noTrendCounts() }));
          addTrendCounts(row.counts, d.counts);
        }
      }
      for (const chunk of chunks([...merged.values()], INSERT_CHUNK)) {
        await db
          .insertInto('trend_days')
          .values(
            chunk.map((r) => ({
              project_id: projectId,
              topic_id: r.topicId,
              date: r.date,
              engine_id: r.engineId,
              ...r.counts,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['project_id', 'topic_id', 'date', 'engine_id'])
              .doUpdateSet((eb) =>
                Object.fromEntries(
                  TREND_COUNTS.map((c) => [c, eb(eb.ref(`trend_days.${c}`), '+', eb.ref(`excluded.${c}`))]),
                ),
              ),
          )
          .execute();
      }
    },
    /** The day rows of the range, in date order. */
    async rows(f: TrendScope): Promise<TrendRow[]> {
      let q = db
        .selectFrom('trend_days')
        .select(['date', 'engine_id', ...TREND_COUNTS])
        .where('project_id', '=', f.projectId)
        .where('topic_id', '=', f.topicId)
        .where('date', '>=', f.from)
        .where('date', '<=', f.to);
      if (f.engineIds) q = q.where('engine_id', 'in', padded(f.engineIds));
      const rows = await q.orderBy('date').orderBy('engine_id').execute();
      return rows.map((r) => ({
        date: r.date,
        engineId: r.engine_id,
        counts: Object.fromEntries(TREND_COUNTS.map((c) => [c, Number(r[c])])) as TrendCounts,
      }));
    },
    /** The counts summed over the range (and the engines of the scope). */
    async total(f: TrendScope): Promise<TrendCounts> {
      let q = db
        .selectFrom('trend_days')
        .select(TREND_COUNTS.map((c) => sql<number | string | null>`sum(${sql.ref(c)})`.as(c)))
        .where('project_id', '=', f.projectId)
        .where('topic_id', '=', f.topicId)
        .where('date', '>=', f.from)
        .where('date', '<=', f.to);
      if (f.engineIds) q = q.where('engine_id', 'in', padded(f.engineIds));
      const row = await q.executeTakeFirst();
      // PostgreSQL sums integers as numeric strings; a sum over no rows is null.
      return Object.fromEntries(TREND_COUNTS.map((c) => [c, Number(row?.[c] ?? 0)])) as TrendCounts;
    },
    /** Answers per engine over the range. */
    async answersByEngine(f: TrendScope): Promise<Map<string, number>> {
      let q = db
        .selectFrom('trend_days')
        .select(['engine_id', sql<number>`sum(answers)`.as('answers')])
        .where('project_id', '=', f.projectId)
        .where('topic_id', '=', f.topicId)
        .where('date', '>=', f.from)
        .where('date', '<=', f.to)
        .groupBy('engine_id');
      if (f.engineIds) q = q.where('engine_id', 'in', padded(f.engineIds));
      return new Map((await q.execute()).map((r) => [r.engine_id, Number(r.answers)]));
    },
  };
}
