import type { Db } from '../database.ts';
import { pastPosition } from '../keyset.ts';
import type { Database } from '../schema.ts';

export type RunRequestRow = Database['run_requests'] & { run_ids: string[] };

export function runRequestsRepository(db: Db) {
  async function withRuns(rows: Database['run_requests'][]): Promise<RunRequestRow[]> {
    if (rows.length === 0) return [];
    const runs = await db
      .selectFrom('runs')
      .select(['id', 'request_id'])
      .where(
        'request_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('created_at')
      .execute();
    return rows.map((r) => ({ ...r, run_ids: runs.filter((x) => x.request_id === r.id).map((x) => x.id) }));
  }

  return {
    async list(projectId: string, after: { createdAt: string; id: string } | null, limit: number) {
      let q = db.selectFrom('run_requests').selectAll().where('project_id', '=', projectId);
      if (after) {
        q = q.where(pastPosition(after, 'desc'));
      }
      return withRuns(await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute());
    },
    async get(projectId: string, id: string): Promise<RunRequestRow | undefined> {
      const row = await db
        .selectFrom('run_requests')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (await withRuns([row]))[0];
    },
    /** The request that is queued, waiting or running, if any: at most one per project. */
    async active(projectId: string) {
      return db
        .selectFrom('run_requests')
        .select('id')
        .where('project_id', '=', projectId)
        .where('status', 'in', ['queued', 'waiting_for_host', 'running'])
        .executeTakeFirst();
    },
    async countSince(projectId: string, since: string): Promise<number> {
      const r = await db
        .selectFrom('run_requests')
        .select(db.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
