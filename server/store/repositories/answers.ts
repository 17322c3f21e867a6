import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

/**
 * One competitor an answer named or cited: its index in the answer's competitor set, mentioned and cited as 0/1,
 * and the cited page. The others in the set were neither, so they are not stored. A row lists its hits in index
 * order, which the page renderer relies on.
 */
export type CompetitorHit = [index: number, mentioned: 0 | 1, cited: 0 | 1, citationUrl: string | null];

const LIST_COLUMNS = [
  'id',
  'project_id',
  'run_id',
  'prompt_id',
  'prompt_text',
  'topic_id',
  'engine_id',
  'observed_at',
  'date',
  'mentioned',
  'cited',
  'citation_url',
  'position',
  'sentiment',
  'excerpt',
  'source_urls',
  'competitor_set',
  'competitor_hits',
] as const;

const DETAIL_COLUMNS = [
  'full_answer',
  'full_answer_truncated',
  'sources',
  'sentiment_reason',
  'narrative_drift_reason',
] as const;

/**
 * An answer row as stored; JSON columns stay as text until the view is built. `competitor_set` is the competitor
 * list the answer was scored against, `competitor_hits` a JSON array of CompetitorHit.
 */
export type AnswerRow = Pick<Database['answers'], (typeof LIST_COLUMNS)[number]>;
type Details = Omit<Database['answer_details'], 'answer_id'>;
export type AnswerDetailRow = AnswerRow & Pick<Database['answers'], 'narrative_drift'> & Details;
/** A new answer with its details; the store splits it over the two tables. */
export type NewAnswerRow = Database['answers'] & Details;

export interface AnswerFilter {
  projectId: string;
  /** Inclusive lower and exclusive upper bound on observed_at; absent when a run fixes the window. */
  window: { from: string; to: string } | null;
  engineIds?: readonly string[];
  topicId?: string;
  promptId?: string;
  runId?: string;
  mentioned?: boolean;
  cited?: boolean;
  after: { observedAt: string; id: string } | null;
  limit: number;
}

/** Rows per INSERT: 26 columns each stays far below SQLite's bound-variable limit. */
const INSERT_CHUNK = 200;

export function answersRepository(db: Db) {
  return {
    /** Inserts the rows whose (project, import key) is new and returns the ids actually inserted. */
    async insert(rows: readonly NewAnswerRow[]): Promise<Set<string>> {
      const inserted = new Set<string>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const res = await db
          .insertInto('answers')
          .values(
            chunk.map(
              ({
                full_answer,
                full_answer_truncated,
                sources,
                sentiment_reason,
                narrative_drift_reason,
                ...row
              }) => row,
            ),
          )
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute();
        const fresh = new Set(res.map((r) => r.id));
        const details = chunk.filter((r) => fresh.delete(r.id));
        if (details.length > 0) {
          await db
            .insertInto('answer_details')
            .values(
              details.map((r) => ({
                answer_id: r.id,
                full_answer: r.full_answer,
                full_answer_truncated: r.full_answer_truncated,
                sources: r.sources,
                sentiment_reason: r.sentiment_reason,
                narrative_drift_reason: r.narrative_drift_reason,
              })),
            )
            .execute();
        }
        for (const r of res) inserted.add(r.id);
      }
      return inserted;
    },
    /** The import keys a run has stored: the slots a resumed run must not ask again. */
    async keysOfRun(runId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('answers').select('import_key').where('run_id', '=', runId).execute();
      return new Set(rows.flatMap((r) => (r.import_key === null ? [] : [r.import_key])));
    },
    /** What alerts compare of a run's answers. */
    async ofRun(runId: string) {
      return db
        .selectFrom('answers')
        .select([
          'prompt_id',
          'prompt_text',
          'engine_id',
          'mentioned',
          'cited',
          'source_urls',
          'competitor_set',
          'competitor_hits',
        ])
        .where('run_id', '=', runId)
        .execute();
    },
    /** Newest first on (observed_at, id), so pages stay free of gaps and repeats while answers arrive. */
    async list(f: AnswerFilter): Promise<AnswerRow[]> {
      let q = db.selectFrom('answers').select(LIST_COLUMNS).where('project_id', '=', f.projectId);
      if (f.window) q = q.where('observed_at', '>=', f.window.from);
      if (f.after) {
        // The cursor, which always lies inside the window, is the only upper bound on observed_at: SQLite seeks
        // on one upper bound, and with two (or an OR) it would walk every row above the cursor on deep pages.
        const after = f.after;
        q = q
          .where('observed_at', '<=', after.observedAt)
          .where((eb) => eb.or([eb('observed_at', '<', after.observedAt), eb('id', '<', after.id)]));
      } else if (f.window) {
        q = q.where('observed_at', '<', f.window.to);
      }
      if (f.engineIds && f.engineIds.length > 0) q = q.where('engine_id', 'in', f.engineIds);
      if (f.topicId !== undefined) q = q.where('topic_id', '=', f.topicId);
      if (f.promptId !== undefined) q = q.where('prompt_id', '=', f.promptId);
      if (f.runId !== undefined) q = q.where('run_id', '=', f.runId);
      if (f.mentioned !== undefined) q = q.where('mentioned', '=', f.mentioned ? 1 : 0);
      if (f.cited !== undefined) q = q.where('cited', '=', f.cited ? 1 : 0);
      return q.orderBy('observed_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
    },
    async get(projectId: string, id: string): Promise<AnswerDetailRow | undefined> {
      return db
        .selectFrom('answers')
        .innerJoin('answer_details', 'answer_details.answer_id', 'answers.id')
        .select([
          ...LIST_COLUMNS.map((c) => `answers.${c}` as const),
          'answers.narrative_drift',
          ...DETAIL_COLUMNS,
        ])
        .where('answers.project_id', '=', projectId)
        .where('answers.id', '=', id)
        .executeTakeFirst();
    },
  };
}
