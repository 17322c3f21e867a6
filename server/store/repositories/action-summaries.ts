import type { Db } from '../database.ts';

/** The judge's one-paragraph summary of a project's top actions, and the action ids (in rank order) it covers. */
export interface ActionSummaryRecord {
  ids: string[];
  text: string;
  model: string;
  generatedAt: string;
}

export function actionSummariesRepository(db: Db) {
  return {
    async get(projectId: string): Promise<ActionSummaryRecord | undefined> {
      const row = await db
        .selectFrom('action_summaries')
        .select(['ids', 'text', 'model', 'generated_at'])
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return (
        row && {
          ids: JSON.parse(row.ids) as string[],
          text: row.text,
          model: row.model,
          generatedAt: row.generated_at,
        }
      );
    },
    async set(projectId: string, s: ActionSummaryRecord): Promise<void> {
      const values = {
        ids: JSON.stringify(s.ids),
        text: s.text,
        model: s.model,
        generated_at: s.generatedAt,
      };
      await db
        .insertInto('action_summaries')
        .values({ project_id: projectId, ...values })
        .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
        .execute();
    },
    /** Whether there was a summary to remove. */
    async clear(projectId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('action_summaries')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return r.numDeletedRows > 0n;
    },
  };
}
