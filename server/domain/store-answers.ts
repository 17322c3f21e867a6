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
 * out of step with the answers. A caller that still holds the scores passes `counts` (one per answer, same
 * order) to spare parsing every row's competitor JSON back; with fifty competitors that parse is a tenth
 * of an import's time.
 */
export async function storeScoredAnswers(
  store: Store,
  projectId: string,
  answers: readonly NewAnswerRow[],
  counts?: readonly AnswerCounts[],
): Promise<StoreResult> {
  if (answers.length === 0) return { inserted: 0, duplicates: 0 };
  return store.transaction(async (tx) => {
    const ids = await tx.answers.insert(answers);
    // The same id twice in one batch is inserted once; deleting on first sight keeps the copy out of the counts.
    const fresh: AnswerCounts[] = [];
    answers.forEach((row, i) => {
      if (ids.delete(row.id)) fresh.push(counts?.[i] ?? countsOf(row));
    });
    const { daily, brands } = summaryDeltas(fresh);
    await tx.summaries.addDaily(projectId, daily);
    await tx.summaries.addBrands(projectId, brands);
    return { inserted: fresh.length, duplicates: answers.length - fresh.length };
  });
}
