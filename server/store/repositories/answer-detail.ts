import type { Db } from '../database.ts';
import { fromJson } from '../json.ts';
import { DETAIL_COLUMNS, LIST_COLUMNS, type AnswerDetailRow } from './answers.ts';

/** An answer as its detail shows it: the row, its topic's label and its competitor set's names (null when gone). */
export interface AnswerDetail {
  row: AnswerDetailRow;
  topicLabel: string | null;
  setNames: string[] | null;
}

/**
 * An answer with its details, its topic's label and the names of the competitor set it was scored against, in
 * one statement: the detail read is one round trip after the way in, not three.
 */
export async function answerDetail(db: Db, projectId: string, id: string): Promise<AnswerDetail | undefined> {
  const row = await db
    .selectFrom('answers')
    .innerJoin('answer_details', 'answer_details.answer_id', 'answers.id')
    .leftJoin('topics', (j) =>
      j.onRef('topics.project_id', '=', 'answers.project_id').onRef('topics.id', '=', 'answers.topic_id'),
    )
    .leftJoin('competitor_sets', (j) =>
      j
        .onRef('competitor_sets.project_id', '=', 'answers.project_id')
        .onRef('competitor_sets.id', '=', 'answers.competitor_set'),
    )
    .select([
      ...LIST_COLUMNS.map((c) => `answers.${c}` as const),
      'answers.narrative_drift',
      'answers.search_queries',
      ...DETAIL_COLUMNS,
      'topics.label as topic_label',
      'competitor_sets.names as set_names',
    ])
    .where('answers.project_id', '=', projectId)
    .where('answers.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { topic_label, set_names, ...answer } = row;
  return {
    row: answer,
    topicLabel: topic_label,
    setNames: set_names === null ? null : fromJson<string[]>(set_names),
  };
}
