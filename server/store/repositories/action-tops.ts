import type { Db } from '../database.ts';

export function actionTopsRepository(db: Db) {
  return {
    /** The action ids last announced for the project, in rank order; empty when none was. */
    async get(projectId: string): Promise<string[]> {
      const row = await db
        .selectFrom('action_tops')
        .select('ids')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row ? (JSON.parse(row.ids) as string[]) : [];
    },
    async set(projectId: string, ids: readonly string[], at: string): Promise<void> {
      const row = { project_id: projectId, ids: JSON.stringify(ids), updated_at: at };
      await db
        .insertInto('action_tops')
        .values(row)
        .onConflict((oc) => oc.column('project_id').doUpdateSet({ ids: row.ids, updated_at: at }))
        .execute();
    },
  };
}
