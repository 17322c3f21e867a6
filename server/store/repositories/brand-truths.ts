import type { Db } from '../database.ts';
import { fromJson, toJson } from '../json.ts';

/** A project's Brand Truth: the statements its narrative drift is judged against. */
export interface BrandTruthRecord {
  statements: string[];
  updatedAt: string;
}

export function brandTruthsRepository(db: Db) {
  return {
    async get(projectId: string): Promise<BrandTruthRecord | undefined> {
      const r = await db
        .selectFrom('brand_truths')
        .select(['statements', 'updated_at'])
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return r && { statements: fromJson(r.statements), updatedAt: r.updated_at };
    },
    /** Replaces the project's statements as a whole. */
    async set(projectId: string, statements: readonly string[], at: string): Promise<void> {
      await db
        .insertInto('brand_truths')
        .values({ project_id: projectId, statements: toJson(statements), updated_at: at })
        .onConflict((oc) =>
          oc.column('project_id').doUpdateSet({ statements: toJson(statements), updated_at: at }),
        )
        .execute();
    },
    /** Whether there was a Brand Truth to remove. */
    async clear(projectId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('brand_truths')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
