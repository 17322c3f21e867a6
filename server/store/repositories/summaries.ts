import { sql } from 'kysely';
import type { Db } from '../database.ts';

/** Engine id of the rows that add up every engine, so unfiltered share-of-voice reads one row per brand a day. */
export const ALL_ENGINES = '*';
/** Topic id of answers without a topic. */
export const NO_TOPIC = '';
/** Brand key of the project's own brand. */
export const OWN_BRAND = '';

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

export function summariesRepository(db: Db) {
  return {
    async addDaily(projectId: string, deltas: readonly DailyDelta[]): Promise<void> {
      for (let i = 0; i < deltas.length; i += 500) {
        await db
          .insertInto('daily_summaries')
          .values(
            deltas.slice(i, i + 500).map((d) => ({
              project_id: projectId,
              date: d.date,
              engine_id: d.engineId,
              topic_id: d.topicId,
              answers: d.answers,
              mentioned: d.mentioned,
              cited: d.cited,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['project_id', 'date', 'engine_id', 'topic_id']).doUpdateSet((eb) => ({
              answers: eb('daily_summaries.answers', '+', eb.ref('excluded.answers')),
              mentioned: eb('daily_summaries.mentioned', '+', eb.ref('excluded.mentioned')),
              cited: eb('daily_summaries.cited', '+', eb.ref('excluded.cited')),
            })),
          )
          .execute();
      }
    },
    async addBrands(projectId: string, deltas: readonly BrandDelta[]): Promise<void> {
      for (let i = 0; i < deltas.length; i += 500) {
        await db
          .insertInto('brand_summaries')
          .values(
            deltas.slice(i, i + 500).map((d) => ({
              project_id: projectId,
              date: d.date,
              engine_id: d.engineId,
              brand_key: d.brandKey,
              mentioned: d.mentioned,
              cited: d.cited,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['project_id', 'engine_id', 'date', 'brand_key']).doUpdateSet((eb) => ({
              mentioned: eb('brand_summaries.mentioned', '+', eb.ref('excluded.mentioned')),
              cited: eb('brand_summaries.cited', '+', eb.ref('excluded.cited')),
            })),
          )
          .execute();
      }
    },
    async daily(f: RangeFilter & { topicId?: string }) {
      let q = db
        .selectFrom('daily_summaries')
        .select([
          'date',
          'engine_id',
          sql<number>`sum(answers)`.as('answers'),
          sql<number>`sum(mentioned)`.as('mentioned'),
          sql<number>`sum(cited)`.as('cited'),
        ])
        .where('project_id', '=', f.projectId)
        .where('date', '>=', f.from)
        .where('date', '<=', f.to);
      if (f.engineIds && f.engineIds.length > 0) q = q.where('engine_id', 'in', f.engineIds);
      if (f.topicId !== undefined) q = q.where('topic_id', '=', f.topicId);
      return q.groupBy(['date', 'engine_id']).orderBy('date').orderBy('engine_id').execute();
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
        .where('date', '>=', f.from)
        .where('date', '<=', f.to);
      if (f.engineIds && f.engineIds.length > 0) q = q.where('engine_id', 'in', f.engineIds);
      const r = await q.executeTakeFirstOrThrow();
      return { answers: r.answers ?? 0, mentioned: r.mentioned ?? 0, cited: r.cited ?? 0 };
    },
    async brands(f: RangeFilter): Promise<Map<string, { mentioned: number; cited: number }>> {
      const engines = f.engineIds && f.engineIds.length > 0 ? f.engineIds : [ALL_ENGINES];
      const rows = await db
        .selectFrom('brand_summaries')
        .select([
          'brand_key',
          sql<number>`sum(mentioned)`.as('mentioned'),
          sql<number>`sum(cited)`.as('cited'),
        ])
        .where('project_id', '=', f.projectId)
        .where('engine_id', 'in', engines)
        .where('date', '>=', f.from)
        .where('date', '<=', f.to)
        .groupBy('brand_key')
        .execute();
      return new Map(rows.map((r) => [r.brand_key, { mentioned: r.mentioned, cited: r.cited }]));
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
  };
}
