import type { Db } from '../store/engine.ts';
import { fromJson } from '../store/json.ts';
import type { InsightPart } from '../store/migration-hooks.ts';
import { promptSummariesRepository } from '../store/repositories/prompt-summaries.ts';
import { querySummariesRepository } from '../store/repositories/query-summaries.ts';
import { sourceSummariesRepository } from '../store/repositories/source-summaries.ts';
import { surfaceSummariesRepository } from '../store/repositories/surface-summaries.ts';
import { trendSummariesRepository } from '../store/repositories/trend-summaries.ts';
import { storedAnswerCounts } from './answer-rows.ts';
import { addToInsightSummaries } from './store-answers.ts';
import type { AnswerCounts } from './summary-deltas.ts';

/** Answers per pass: a few days of a large project, so rows merge well and memory stays small. */
const BATCH = 5_000;

/**
 * Hands each project's stored answers to `add` as summary counts, in batches in observed order, so a migration
 * builds summaries through the same delta code live writes use. Answers the number handed over.
 */
export async function forEachStoredBatch(
  db: Db,
  add: (projectId: string, counts: AnswerCounts[]) => Promise<void>,
  withSearches = false,
): Promise<number> {
  let total = 0;
  for (const { id: projectId } of await db.selectFrom('projects').select('id').execute()) {
    const sets = new Map(
      (
        await db
          .selectFrom('competitor_sets')
          .select(['id', 'names'])
          .where('project_id', '=', projectId)
          .execute()
      ).map((s) => [s.id, fromJson<string[]>(s.names)]),
    );
    let after: { observedAt: string; id: string } | null = null;
    for (;;) {
      let q = db
        .selectFrom('answers')
        .select([
          'id',
          'observed_at',
          'date',
          'engine_id',
          'topic_id',
          'prompt_id',
          'prompt_text',
          'mentioned',
          'cited',
          'position',
          'sentiment',
          'source_urls',
          'competitor_set',
          'competitor_hits',
        ])
        // The searches only for the parts that count them: migrations before 0020 run where the column is not yet.
        .$if(withSearches, (qb) => qb.select('search_queries'))
        .where('project_id', '=', projectId);
      if (after) {
        const { observedAt, id } = after;
        q = q
          .where('observed_at', '>=', observedAt)
          .where((eb) => eb.or([eb('observed_at', '>', observedAt), eb('id', '>', id)]));
      }
      const rows = await q.orderBy('observed_at').orderBy('id').limit(BATCH).execute();
      if (rows.length === 0) break;
      await add(
        projectId,
        rows.map((r) => storedAnswerCounts(r, sets.get(r.competitor_set ?? '') ?? [])),
      );
      total += rows.length;
      const last = rows[rows.length - 1]!;
      after = { observedAt: last.observed_at, id: last.id };
    }
  }
  return total;
}

/**
 * Builds parts of the insight summaries from the answers already stored, into their empty tables. Runs inside the
 * migration that (re)made those tables (handed to it as a MigrationHooks by ./database.ts).
 */
export function backfillInsights(db: Db, parts: ReadonlySet<InsightPart>): Promise<number> {
  const repos = {
    sourceSummaries: sourceSummariesRepository(db),
    promptSummaries: promptSummariesRepository(db),
    trendSummaries: trendSummariesRepository(db),
    surfaceSummaries: surfaceSummariesRepository(db),
    querySummaries: querySummariesRepository(db),
  };
  return forEachStoredBatch(
    db,
    (projectId, counts) => addToInsightSummaries(repos, projectId, counts, parts),
    parts.has('queries'),
  );
}
