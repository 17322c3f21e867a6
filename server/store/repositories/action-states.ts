import type { Db } from '../database.ts';

export interface ActionStateRecord {
  actionId: string;
  status: string;
  fingerprint: string;
  updatedAt: string;
}

export function actionStatesRepository(db: Db) {
  return {
    /** Every decision the project holds, by action id. */
    async list(projectId: string): Promise<Map<string, ActionStateRecord>> {
      const rows = await db
        .selectFrom('action_states')
        .select(['action_id', 'status', 'fingerprint', 'updated_at'])
        .where('project_id', '=', projectId)
        .execute();
      return new Map(
        rows.map((r) => [
          r.action_id,
          { actionId: r.action_id, status: r.status, fingerprint: r.fingerprint, updatedAt: r.updated_at },
        ]),
      );
    },
    /** Sets one action's decision; `open` forgets it, since an action without a decision is open. */
    async set(projectId: string, state: ActionStateRecord): Promise<void> {
      if (state.status === 'open') {
        await db
          .deleteFrom('action_states')
          .where('project_id', '=', projectId)
          .where('action_id', '=', state.actionId)
          .execute();
        return;
      }
      const row = {
        project_id: projectId,
        action_id: state.actionId,
        status: state.status,
        fingerprint: state.fingerprint,
        updated_at: state.updatedAt,
      };
      await db
        .insertInto('action_states')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['project_id', 'action_id']).doUpdateSet({
            status: row.status,
            fingerprint: row.fingerprint,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
  };
}
