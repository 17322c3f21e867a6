import type { Db } from '../database.ts';
import { fromJson, toJson } from '../json.ts';

export interface CompetitorRecord {
  name: string;
  domains: string[];
}

/** Competitor names are matched case-insensitively; this key is how the database tells them apart. */
export const competitorKey = (name: string): string => name.trim().toLowerCase();

export function competitorsRepository(db: Db) {
  return {
    async list(projectId: string): Promise<CompetitorRecord[]> {
      const rows = await db
        .selectFrom('competitors')
        .select(['name', 'domains'])
        .where('project_id', '=', projectId)
        .orderBy('position')
        .execute();
      return rows.map((r) => ({ name: r.name, domains: fromJson(r.domains) }));
    },
    async replace(projectId: string, list: readonly CompetitorRecord[]): Promise<void> {
      // Within the caller's transaction when there is one (Kysely does not nest them), else in its own.
      const atomic = <T>(work: (trx: typeof db) => Promise<T>) =>
        db.isTransaction ? work(db) : db.transaction().execute(work);
      await atomic(async (trx) => {
        await trx.deleteFrom('competitors').where('project_id', '=', projectId).execute();
        if (list.length === 0) return;
        await trx
          .insertInto('competitors')
          .values(
            list.map((c, position) => ({
              project_id: projectId,
              position,
              name: c.name,
              name_key: competitorKey(c.name),
              domains: toJson(c.domains),
            })),
          )
          .execute();
      });
    },
  };
}
