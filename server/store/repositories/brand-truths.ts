import type { Db } from '../database.ts';
import { fromJson, toJson } from '../json.ts';

/** A project's Brand Truth: the statements its narrative drift is judged against. */
export interface BrandTruthRecord {
  statements: string[];
  updatedAt: string;
}

export type SuggestionDecision = 'accepted' | 'dismissed';

export interface DecisionRecord {
  suggestionId: string;
  decision: SuggestionDecision;
  /** The statement stored when accepted (the suggestion's text, or the owner's edit of it). */
  statement: string | null;
  decidedAt: string;
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
    /** What the owner did with the project's suggestions, by suggestion id. */
    async decisions(projectId: string): Promise<Map<string, DecisionRecord>> {
      const rows = await db
        .selectFrom('brand_truth_decisions')
        .select(['suggestion_id', 'decision', 'statement', 'decided_at'])
        .where('project_id', '=', projectId)
        .execute();
      return new Map(
        rows.map((r) => [
          r.suggestion_id,
          {
            suggestionId: r.suggestion_id,
            decision: r.decision as SuggestionDecision,
            statement: r.statement,
            decidedAt: r.decided_at,
          },
        ]),
      );
    },
    /** Records (or replaces) the owner's decision on one suggestion. */
    async decide(projectId: string, d: DecisionRecord): Promise<void> {
      const values = { decision: d.decision, statement: d.statement, decided_at: d.decidedAt };
      await db
        .insertInto('brand_truth_decisions')
        .values({ project_id: projectId, suggestion_id: d.suggestionId, ...values })
        .onConflict((oc) => oc.columns(['project_id', 'suggestion_id']).doUpdateSet(values))
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
