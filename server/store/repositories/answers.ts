import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import type { SqlDialect } from '../dialect.ts';
import { bulkInsert } from '../bulk-insert.ts';
import { answerDetail } from './answer-detail.ts';

/**
 * One competitor an answer named or cited: its index in the answer's competitor set, mentioned and cited as 0/1,
 * and the cited page. The others in the set were neither, so they are not stored. A row lists its hits in index
 * order, which the page renderer relies on.
 */
export type CompetitorHit = [index: number, mentioned: 0 | 1, cited: 0 | 1, citationUrl: string | null];

export const LIST_COLUMNS = [
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

export const DETAIL_COLUMNS = [
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
export type AnswerDetailRow = AnswerRow &
  Pick<Database['answers'], 'narrative_drift' | 'search_queries'> &
  Details;
/** A new answer with its details; the store splits it over the two tables. */
export type NewAnswerRow = Database['answers'] & Details;

/** A competitor as answers store it: its index in one of the project's competitor sets. */
export interface CompetitorSlot {
  set: string;
  index: number;
}

/** Which answers: everything but the page position. */
export interface AnswerMatch {
  projectId: string;
  /** Inclusive lower and exclusive upper bound on observed_at; absent when a run fixes the window. */
  window: { from: string; to: string } | null;
  engineIds?: readonly string[];
  topicId?: string;
  promptId?: string;
  runId?: string;
  mentioned?: boolean;
  cited?: boolean;
  sentiment?: string;
  maxPosition?: number;
  /** Answers that name the competitor, in whichever set they were scored against; empty matches nothing. */
  competitor?: readonly CompetitorSlot[];
  /** Case-insensitive text in the prompt or the full answer (a bounded scan, see `search`). */
  text?: string;
}

export interface AnswerFilter extends AnswerMatch {
  /** Newest first (desc, the default) or oldest first. */
  order?: 'desc' | 'asc';
  after: { observedAt: string; id: string } | null;
  limit: number;
}

/** What a text search looks through per call: the newest (or oldest) answers of the range, this many at most. */
export const TEXT_SCAN_LIMIT = 5_000;
export const TEXT_COUNT_LIMIT = 20_000;

export interface AnswerTally {
  answers: number;
  mentioned: number;
  cited: number;
  positioned: number;
  positionSum: number;
  sentiment: Record<'positive' | 'mixed' | 'neutral' | 'negative' | 'not-applicable' | 'unscored', number>;
}

type AnswersQuery<O> = SelectQueryBuilder<Database, 'answers', O>;

/** `%text%` for LIKE, its own wildcards escaped (with `\`), lowercased as the column is (`SqlDialect.foldCase`). */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The JSON hits of an answer, `[[index, mentioned, cited, url], …]` in index order, as LIKE patterns for "names
 * the competitor at this index": the hit opens the list or follows another hit's closing bracket.
 */
const hitPatterns = (index: number) => [`[[${index},1,%`, `%],[${index},1,%`];

/** Every filter but the window, the cursor and the text: plain column tests the indexes serve. */
function matching<O>(q: AnswersQuery<O>, f: AnswerMatch): AnswersQuery<O> {
  let r = q.where('answers.project_id', '=', f.projectId);
  if (f.engineIds && f.engineIds.length > 0) r = r.where('answers.engine_id', 'in', f.engineIds);
  if (f.topicId !== undefined) r = r.where('answers.topic_id', '=', f.topicId);
  if (f.promptId !== undefined) r = r.where('answers.prompt_id', '=', f.promptId);
  if (f.runId !== undefined) r = r.where('answers.run_id', '=', f.runId);
  if (f.mentioned !== undefined) r = r.where('answers.mentioned', '=', f.mentioned ? 1 : 0);
  if (f.cited !== undefined) r = r.where('answers.cited', '=', f.cited ? 1 : 0);
  if (f.sentiment !== undefined) r = r.where('answers.sentiment', '=', f.sentiment);
  if (f.maxPosition !== undefined) r = r.where('answers.position', '<=', f.maxPosition);
  const slots = f.competitor;
  if (slots !== undefined) {
    r = r.where((eb) =>
      eb.or(
        slots.map((slot) =>
          eb.and([
            eb('answers.competitor_set', '=', slot.set),
            eb.or(hitPatterns(slot.index).map((p) => eb('answers.competitor_hits', 'like', p))),
          ]),
        ),
      ),
    );
  }
  return r;
}

/** Only the window, for aggregates (no order, no cursor). */
function windowed<O>(q: AnswersQuery<O>, f: AnswerMatch): AnswersQuery<O> {
  if (!f.window) return q;
  return q.where('answers.observed_at', '>=', f.window.from).where('answers.observed_at', '<', f.window.to);
}

const SENTIMENT_VALUES = ['positive', 'mixed', 'neutral', 'negative', 'not-applicable'] as const;

/** The counts of `tally`, as select expressions. */
const tallyColumns = (eb: ExpressionBuilder<Database, 'answers'>) => [
  eb.fn.countAll<number>().as('answers'),
  eb.fn.sum<number>('answers.mentioned').as('mentioned'),
  eb.fn.sum<number>('answers.cited').as('cited'),
  eb.fn.count<number>('answers.position').as('positioned'),
  eb.fn.sum<number>('answers.position').as('position_sum'),
  ...SENTIMENT_VALUES.map((v) =>
    sql<number>`sum(case when ${sql.ref('answers.sentiment')} = ${v} then 1 else 0 end)`.as(v),
  ),
];

/** The window and the page position: the cursor, which lies inside the window, replaces the bound it passes. */
function positioned<O>(q: AnswersQuery<O>, f: AnswerFilter): AnswersQuery<O> {
  const desc = (f.order ?? 'desc') === 'desc';
  let r = q;
  // SQLite seeks on one bound in the walking direction; with two (or an OR) it would walk every row past the
  // cursor on deep pages, so the cursor is the only bound on that side.
  const near = desc ? '>=' : '<';
  const far = desc ? '<' : '>=';
  if (f.window) r = r.where('answers.observed_at', near, desc ? f.window.from : f.window.to);
  if (f.after) {
    const after = f.after;
    const strict = desc ? '<' : '>';
    r = r
      .where('answers.observed_at', desc ? '<=' : '>=', after.observedAt)
      .where((eb) =>
        eb.or([eb('answers.observed_at', strict, after.observedAt), eb('answers.id', strict, after.id)]),
      );
  } else if (f.window) {
    r = r.where('answers.observed_at', far, desc ? f.window.to : f.window.from);
  }
  const dir = desc ? 'desc' : 'asc';
  return r.orderBy('answers.observed_at', dir).orderBy('answers.id', dir);
}

/** The prompt or the full answer contains the text, ignoring case in any script, the same on both engines. */
function textMatch(d: SqlDialect, text: string) {
  const pattern = containsPattern(text);
  const contains = (column: 'answers.prompt_text' | 'answer_details.full_answer') =>
    sql`${d.foldCase(sql.ref(column))} like ${pattern} escape '\\'`;
  return sql<boolean>`(${contains('answers.prompt_text')} or ${contains('answer_details.full_answer')})`;
}

/** Rows per INSERT: 28 columns each stays far below SQLite's bound-variable limit. */
const INSERT_CHUNK = 200;

/** Every column of an answers row: what the list reads, and what only the writer sets. */
const ANSWER_COLUMNS = [
  ...LIST_COLUMNS,
  'narrative_drift',
  'search_queries',
  'drift_statements',
  'import_key',
  'created_at',
] as const satisfies readonly (keyof Database['answers'])[];

/** The answers of a chunk not stored before (a new import key): their ids. */
const insertAnswers = bulkInsert(INSERT_CHUNK, ANSWER_COLUMNS, (db: Db, rows: readonly NewAnswerRow[]) =>
  db
    .insertInto('answers')
    .columns(ANSWER_COLUMNS)
    .values(rows.map((r) => Object.fromEntries(ANSWER_COLUMNS.map((c) => [c, r[c]])) as Database['answers']))
    .onConflict((oc) => oc.doNothing())
    .returning('id'),
);

/** A new answer's values for its answer_details row: its id (the row's answer_id), then the details. */
const DETAIL_INSERT_COLUMNS = ['id', ...DETAIL_COLUMNS] as const;

const insertDetails = bulkInsert(
  INSERT_CHUNK,
  DETAIL_INSERT_COLUMNS,
  (db: Db, rows: readonly NewAnswerRow[]) =>
    db.insertInto('answer_details').values(
      rows.map((r) => ({
        answer_id: r.id,
        full_answer: r.full_answer,
        full_answer_truncated: r.full_answer_truncated,
        sources: r.sources,
        sentiment_reason: r.sentiment_reason,
        narrative_drift_reason: r.narrative_drift_reason,
      })),
    ),
);

export function answersRepository(db: Db, d: SqlDialect) {
  /**
   * A text search is a bounded scan: it looks at the next TEXT_SCAN_LIMIT answers of the page's order and keeps
   * those whose prompt or full text contains the text. `scannedTo` is the last answer it looked at when the
   * scan stopped at its bound before filling the page, so the next page goes on from there.
   */
  async function search(f: AnswerFilter, text: string) {
    const candidates = positioned(matching(db.selectFrom('answers').select('answers.id'), f), f).limit(
      TEXT_SCAN_LIMIT,
    );
    const desc = (f.order ?? 'desc') === 'desc';
    const rows = await db
      .selectFrom('answers')
      .innerJoin('answer_details', 'answer_details.answer_id', 'answers.id')
      .select(LIST_COLUMNS.map((c) => `answers.${c}` as const))
      .where('answers.id', 'in', candidates)
      .where(textMatch(d, text))
      .orderBy('answers.observed_at', desc ? 'desc' : 'asc')
      .orderBy('answers.id', desc ? 'desc' : 'asc')
      .limit(f.limit)
      .execute();
    if (rows.length >= f.limit) return { rows, scannedTo: null };
    const last = await positioned(matching(db.selectFrom('answers').select(LIST_COLUMNS), f), f)
      .limit(1)
      .offset(TEXT_SCAN_LIMIT - 1)
      .executeTakeFirst();
    return { rows, scannedTo: last ?? null };
  }

  return {
    /** Inserts the rows whose (project, import key) is new and returns the ids actually inserted. */
    async insert(rows: readonly NewAnswerRow[]): Promise<Set<string>> {
      const inserted = new Set<string>();
      // In id order (a stable sort, so of one id twice the first still wins): the ids are hashes, and rows in
      // their order fill the primary-key pages one after the other instead of landing on them at random.
      const byId = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      for (let i = 0; i < byId.length; i += INSERT_CHUNK) {
        const chunk = byId.slice(i, i + INSERT_CHUNK);
        const fresh = new Set((await insertAnswers(db, chunk)).map((r) => r.id));
        for (const id of fresh) inserted.add(id);
        // The same id twice in a chunk is inserted once: its details are taken from the first, once.
        const details = chunk.filter((r) => fresh.delete(r.id));
        if (details.length > 0) await insertDetails(db, details);
      }
      return inserted;
    },
    /** The import keys a run has stored: the slots a resumed run must not ask again. */
    async keysOfRun(runId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('answers').select('import_key').where('run_id', '=', runId).execute();
      return new Set(rows.flatMap((r) => (r.import_key === null ? [] : [r.import_key])));
    },
    /** How many answers of a run each engine gave. */
    async countsByEngineOfRun(runId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('answers')
        .select(['engine_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('run_id', '=', runId)
        .groupBy('engine_id')
        .execute();
      return new Map(rows.map((r) => [r.engine_id, Number(r.n)]));
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
    /**
     * Newest (or oldest) first on (observed_at, id), so pages stay free of gaps and repeats while answers
     * arrive. With a text, see `search`.
     */
    async list(f: AnswerFilter): Promise<{ rows: AnswerRow[]; scannedTo: AnswerRow | null }> {
      if (f.text !== undefined) return search(f, f.text);
      const rows = await positioned(matching(db.selectFrom('answers').select(LIST_COLUMNS), f), f)
        .limit(f.limit)
        .execute();
      return { rows, scannedTo: null };
    },
    /**
     * Counts over every answer the filter matches (one aggregate over the window's index range); with a text,
     * over the first TEXT_COUNT_LIMIT answers in newest-first order only, `complete` false when there were more.
     */
    async tally(f: AnswerMatch): Promise<AnswerTally & { complete: boolean }> {
      const first = { ...f, after: null, limit: 0 };
      let complete = true;
      let row;
      if (f.text === undefined) {
        row = await windowed(
          matching(db.selectFrom('answers').select(tallyColumns), f),
          f,
        ).executeTakeFirst();
      } else {
        const scope = positioned(matching(db.selectFrom('answers').select('answers.id'), f), first);
        row = await db
          .selectFrom('answers')
          .innerJoin('answer_details', 'answer_details.answer_id', 'answers.id')
          .select(tallyColumns)
          .where('answers.id', 'in', scope.limit(TEXT_COUNT_LIMIT))
          .where(textMatch(d, f.text))
          .executeTakeFirst();
        complete = (await scope.limit(1).offset(TEXT_COUNT_LIMIT).executeTakeFirst()) === undefined;
      }
      // PostgreSQL answers counts and sums as strings (bigint, numeric), SQLite as numbers; sums are null when empty.
      const n = (v: unknown) => Number(v ?? 0);
      const sentiment = {
        positive: n(row?.positive),
        mixed: n(row?.mixed),
        neutral: n(row?.neutral),
        negative: n(row?.negative),
        'not-applicable': n(row?.['not-applicable']),
        unscored: 0,
      };
      const answers = n(row?.answers);
      sentiment.unscored =
        answers -
        sentiment.positive -
        sentiment.mixed -
        sentiment.neutral -
        sentiment.negative -
        sentiment['not-applicable'];
      return {
        answers,
        mentioned: n(row?.mentioned),
        cited: n(row?.cited),
        positioned: n(row?.positioned),
        positionSum: n(row?.position_sum),
        sentiment,
        complete,
      };
    },
    get: (projectId: string, id: string) => answerDetail(db, projectId, id),
  };
}
