import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { splitPeriods } from './summary-periods.ts';

/** Engine id of the rows that add up every engine. */
const ALL_ENGINES = '*';
/** Topic id of the rows that add up every topic, and of answers without a topic. */
const ALL_TOPICS = '*';
export const NO_TOPIC = '';

export interface DailyDelta {
  date: string;
  engineId: string;
  topicId: string;
  answers: number;
  mentioned: number;
  cited: number;
}

export interface BrandDelta {
  date: string;
  engineId: string;
  brandKey: string;
  mentioned: number;
  cited: number;
}

export interface Totals {
  answers: number;
  mentioned: number;
  cited: number;
}

export interface RangeFilter {
  projectId: string;
  from: string;
  to: string;
  engineIds?: readonly string[];
}

const CHUNK = 500;

/** Adds the same delta under several keys: the rollup rows are what keep range reads short. */
function rollUp<T extends object, K extends keyof T>(deltas: readonly T[], key: K, values: (d: T) => T[K][]): T[] {
  return deltas.flatMap((d) => values(d).map((v) => ({ ...d, [key]: v })));
}

function merge<T>(rows: readonly T[], keyOf: (r: T) => string, add: (into: T, r: T) => void): T[] {
  const out = new Map<string, T>();
  for (const r of rows) {
    const k = keyOf(r);
    const prev = out.get(k);
    if (prev) add(prev, r);
    else out.set(k, { ...r });
  }
  return [...out.values()];
}

export function summariesRepository(db: Db) {
  const engines = (f: RangeFilter) => (f.engineIds && f.engineIds.length > 0 ? f.engineIds : null);

  async function addBrandRows(table: 'brand_days' | 'brand_months', projectId: string, deltas: readonly BrandDelta[]) {
    const period = table === 'brand_days' ? 'date' : 'month';
    const rows = merge(
      deltas.map((d) => ({ ...d, date: table === 'brand_days' ? d.date : d.date.slice(0, 7) })),
      (d) => `${d.engineId}\0${d.brandKey}\0${d.date}`,
      (into, d) => {
        into.mentioned += d.mentioned;
        into.cited += d.cited;
      },
    );
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db
        .insertInto(table)
        .values(
          rows.slice(i, i + CHUNK).map((d) => ({
            project_id: projectId,
            engine_id: d.engineId,
            brand_key: d.brandKey,
            [period]: d.date,
            mentioned: d.mentioned,
            cited: d.cited,
          })) as never,
        )
        .onConflict((oc) =>
          oc.columns(['project_id', 'engine_id', 'brand_key', period] as never).doUpdateSet({
            mentioned: sql`${sql.ref(`${table}.mentioned`)} + excluded.mentioned`,
            cited: sql`${sql.ref(`${table}.cited`)} + excluded.cited`,
          } as never),
        )
        .execute();
    }
  }

  async function brandSums(
    query: (range: { from: string; to: string }) => Promise<{ brand_key: string; mentioned: number; cited: number }[]>,
    ranges: { from: string; to: string }[],
    out: Map<string, { mentioned: number; cited: number }>,
  ) {
    for (const range of ranges) {
      for (const r of await query(range)) {
        const prev = out.get(r.brand_key) ?? { mentioned: 0, cited: 0 };
        out.set(r.brand_key, { mentioned: prev.mentioned + r.mentioned, cited: prev.cited + r.cited });
      }
    }
  }

  return {
    /** Adds answer counts per day, engine and topic, and again under the all-topics row. */
    async addDaily(projectId: string, deltas: readonly DailyDelta[]): Promise<void> {
      const rows = merge(
        rollUp(deltas, 'topicId', (d) => [d.topicId, ALL_TOPICS]),
        (d) => `${d.topicId}\0${d.date}\0${d.engineId}`,
        (into, d) => {
          into.answers += d.answers;
          into.mentioned += d.mentioned;
          into.cited += d.cited;
        },
      );
      for (let i = 0; i < rows.length; i += CHUNK) {
        await db
          .insertInto('daily_summaries')
          .values(
            rows.slice(i, i + CHUNK).map((d) => ({
              project_id: projectId,
              topic_id: d.topicId,
              date: d.date,
              engine_id: d.engineId,
              answers: d.answers,
              mentioned: d.mentioned,
              cited: d.cited,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['project_id', 'topic_id', 'date', 'engine_id']).doUpdateSet((eb) => ({
              answers: eb('daily_summaries.answers', '+', eb.ref('excluded.answers')),
              mentioned: eb('daily_summaries.mentioned', '+', eb.ref('excluded.mentioned')),
              cited: eb('daily_summaries.cited', '+', eb.ref('excluded.cited')),
            })),
          )
          .execute();
      }
    },
    /** Adds competitor counts per day and per month, for each engine and again under all engines. */
    async addBrands(projectId: string, deltas: readonly BrandDelta[]): Promise<void> {
      const all = rollUp(deltas, 'engineId', (d) => [d.engineId, ALL_ENGINES]);
      await addBrandRows('brand_days', projectId, all);
      await addBrandRows('brand_months', projectId, all);
    },
    /** One row per day and engine, in date order; rows exist only for days with answers. */
    async daily(f: RangeFilter & { topicId?: string }) {
      let q = db
        .selectFrom('daily_summaries')
        .select(['date', 'engine_id', 'answers', 'mentioned', 'cited'])
        .where('project_id', '=', f.projectId)
        .where('topic_id', '=', f.topicId ?? ALL_TOPICS)
        .where('date', '>=', f.from)
        .where('date', '<=', f.to);
      const ids = engines(f);
      if (ids) q = q.where('engine_id', 'in', ids);
      return q.orderBy('date').orderBy('engine_id').execute();
    },
    async totals(f: RangeFilter): Promise<Totals> {
      let q = db
        .selectFrom('daily_summaries')
        .select([
          sql<number | null>`sum(answers)`.as('answers'),
          sql<number | null>`sum(mentioned)`.as('mentioned'),
          sql<number | null>`sum(cited)`.as('cited'),
        ])
        .where('project_id', '=', f.projectId)
        .where('topic_id', '=', ALL_TOPICS)
        .where('date', '>=', f.from)
        .where('date', '<=', f.to);
      const ids = engines(f);
      if (ids) q = q.where('engine_id', 'in', ids);
      const r = await q.executeTakeFirstOrThrow();
      return { answers: r.answers ?? 0, mentioned: r.mentioned ?? 0, cited: r.cited ?? 0 };
    },
    /** Mention and citation counts of the given brands over the range: whole months from the month rows. */
    async brands(f: RangeFilter, brandKeys: readonly string[]): Promise<Map<string, { mentioned: number; cited: number }>> {
      const out = new Map<string, { mentioned: number; cited: number }>();
      if (brandKeys.length === 0) return out;
      const engineIds = engines(f) ?? [ALL_ENGINES];
      const split = splitPeriods(f.from, f.to);
      const sums = [sql<number>`sum(mentioned)`.as('mentioned'), sql<number>`sum(cited)`.as('cited')];
      await brandSums(
        (r) =>
          db
            .selectFrom('brand_months')
            .select(['brand_key', ...sums])
            .where('project_id', '=', f.projectId)
            .where('engine_id', 'in', engineIds)
            .where('brand_key', 'in', brandKeys)
            .where('month', '>=', r.from)
            .where('month', '<=', r.to)
            .groupBy('brand_key')
            .execute(),
        split.months ? [split.months] : [],
        out,
      );
      await brandSums(
        (r) =>
          db
            .selectFrom('brand_days')
            .select(['brand_key', ...sums])
            .where('project_id', '=', f.projectId)
            .where('engine_id', 'in', engineIds)
            .where('brand_key', 'in', brandKeys)
            .where('date', '>=', r.from)
            .where('date', '<=', r.to)
            .groupBy('brand_key')
            .execute(),
        split.dayRanges,
        out,
      );
      return out;
    },
    async pendingDays(f: RangeFilter): Promise<number> {
      const r = await db
        .selectFrom('summary_pending')
        .select(db.fn.countAll<number>().as('n'))
        .where('project_id', '=', f.projectId)
        .where('date', '>=', f.from)
        .where('date', '<=', f.to)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** The engines that have answers, with their first and last day, from the all-topics rows. */
    async coverage(projectId: string) {
      return db
        .selectFrom('daily_summaries')
        .select(['engine_id', sql<string>`min(date)`.as('first'), sql<string>`max(date)`.as('last')])
        .where('project_id', '=', projectId)
        .where('topic_id', '=', ALL_TOPICS)
        .groupBy('engine_id')
        .execute();
    },
  };
}
