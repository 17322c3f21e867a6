import type { Repositories, Store } from '../store/index.ts';
import type { InsightPart } from '../store/migration-hooks.ts';
import type { NewAnswerRow } from '../store/repositories/answers.ts';
import { driftDeltas } from './drift-deltas.ts';
import { insightDeltas } from './insight-deltas.ts';
import { queryDeltas } from './query-deltas.ts';
import { summaryDeltas, type AnswerCounts } from './summary-deltas.ts';
import { surfaceDeltas, surfaceKeys } from './surface-deltas.ts';

export interface StoreResult {
  inserted: number;
  duplicates: number;
  /** For each answer given (same order): whether this call stored it (false: stored before, or earlier in the list). */
  stored: boolean[];
}

/**
 * Stores scored answers and adds exactly the newly inserted ones to the daily, brand and insight summaries, inside
 * the caller's transaction: a duplicate (same import key) never counts twice, and a crash never leaves the summaries
 * out of step with the answers. `counts` holds each answer's scores (same order), which the caller still has in
 * hand, so no stored row is read back.
 */
export async function addScoredAnswers(
  tx: Repositories,
  projectId: string,
  answers: readonly NewAnswerRow[],
  counts: readonly AnswerCounts[],
): Promise<StoreResult> {
  if (answers.length === 0) return { inserted: 0, duplicates: 0, stored: [] };
  const ids = await tx.answers.insert(answers);
  // The same id twice in one batch is inserted once; deleting on first sight keeps the copy out of the counts.
  const stored = answers.map((a) => ids.delete(a.id));
  const fresh = counts.filter((_, i) => stored[i]);
  await addToSummaries(tx, projectId, fresh);
  return { inserted: fresh.length, duplicates: answers.length - fresh.length, stored };
}

async function addToSummaries(tx: Repositories, projectId: string, answers: readonly AnswerCounts[]) {
  const { daily, brands, positions } = summaryDeltas(answers);
  await tx.summaries.addDaily(projectId, daily);
  await tx.summaries.addBrands(projectId, brands);
  await tx.summaries.addPositions(projectId, positions);
  await tx.driftSummaries.add(projectId, driftDeltas(answers));
  await addToInsightSummaries(tx, projectId, answers);
}

const ALL_PARTS: ReadonlySet<InsightPart> = new Set(['sources', 'prompts', 'trends', 'queries']);

/**
 * The insight summaries (sources, prompts, trends, surfaces, searches): live writes add to them, and so do the migrations that
 * build them. Surfaces change by what the touched prompt-days pair up to after minus before, so the day rows they
 * pair are read before the prompt summaries take the new answers.
 */
export async function addToInsightSummaries(
  tx: Pick<
    Repositories,
    'sourceSummaries' | 'promptSummaries' | 'trendSummaries' | 'surfaceSummaries' | 'querySummaries'
  >,
  projectId: string,
  answers: readonly AnswerCounts[],
  parts: ReadonlySet<InsightPart> = ALL_PARTS,
) {
  const insights = insightDeltas(answers);
  if (parts.has('sources')) await tx.sourceSummaries.add(projectId, insights.sources);
  if (parts.has('prompts')) {
    const paired = await tx.promptSummaries.dayRows(projectId, surfaceKeys(insights.prompts));
    const surfaces = surfaceDeltas(paired, insights.prompts);
    await tx.promptSummaries.add(projectId, insights.prompts);
    await tx.surfaceSummaries.add(projectId, surfaces);
  }
  if (parts.has('trends')) await tx.trendSummaries.add(projectId, insights.trends);
  if (parts.has('queries')) await tx.querySummaries.add(projectId, queryDeltas(answers));
}

/** addScoredAnswers in a transaction of its own. */
export function storeScoredAnswers(
  store: Store,
  projectId: string,
  answers: readonly NewAnswerRow[],
  counts: readonly AnswerCounts[],
): Promise<StoreResult> {
  if (answers.length === 0) return Promise.resolve({ inserted: 0, duplicates: 0, stored: [] });
  return store.transaction((tx) => addScoredAnswers(tx, projectId, answers, counts));
}
