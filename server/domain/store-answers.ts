import type { Store } from '../store/index.ts';
import { fromJson } from '../store/json.ts';
import type { NewAnswerRow } from '../store/repositories/answers.ts';
import { summaryDeltas, type AnswerCounts } from './summary-deltas.ts';

export interface StoreResult {
  inserted: number;
  duplicates: number;
}

const countsOf = (row: NewAnswerRow): AnswerCounts => ({
  date: row.date,
  engineId: row.engine_id,
  topicId: row.topic_id,
  mentioned: row.mentioned === 1,
  cited: row.cited === 1,
  competitors: fromJson<AnswerCounts['competitors']>(row.competitors),
});

/**
 * Stores scored answers and adds exactly the newly inserted ones to the daily and brand summaries, in one
 * transaction: a duplicate (same import key) never counts twice, and a crash never leaves the summaries
 * out of step with the answers.
 */
export async function storeScoredAnswers(
  store: Store,
  projectId: string,
  answers: readonly NewAnswerRow[],
): Promise<StoreResult> {
  if (answers.length === 0) return { inserted: 0, duplicates: 0 };
  return store.transaction(async (tx) => {
    const ids = await tx.answers.insert(answers);
    // The same id twice in one batch is inserted once; deleting on first sight keeps the copy out of the counts.
    const fresh = answers.filter((row) => ids.delete(row.id));
    const { daily, brands } = summaryDeltas(fresh.map(countsOf));
    await tx.summaries.addDaily(projectId, daily);
    await tx.summaries.addBrands(projectId, brands);
    return { inserted: fresh.length, duplicates: answers.length - fresh.length };
  });
}
