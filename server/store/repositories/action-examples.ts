import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { SqlDialect } from '../dialect.ts';
import { padded } from '../in-list.ts';
import { containsPattern } from './answers.ts';

/** What an action's check of a candidate answer reads. */
export interface ExampleCandidate {
  id: string;
  engineId: string;
  promptId: string | null;
  mentioned: boolean;
  /** JSON texts as stored: the caller parses what it checks. */
  sourceUrls: string;
  competitorHits: string;
  searchQueries: string;
  driftStatements: string;
}

export interface ExampleFilter {
  projectId: string;
  /** Observed from (inclusive) to (exclusive), RFC 3339. */
  from: string;
  to: string;
  engineIds: readonly string[] | null;
  topicId: string | null;
  promptIds?: readonly string[];
  /** A text the stored sources or searches contain, ignoring case: narrows the answers looked at. */
  sourcesContain?: string;
  searchesContain?: string;
  /** A statement key (statementKey) the stored drift statements hold. */
  driftStatement?: string;
}

/** Candidates read per statement: an example is one of the first matches, newest first. */
const BATCH = 200;
/** Answers looked at per action at most: examples illustrate, they are no count, so the look is bounded. */
const SCAN_LIMIT = 5000;

const COLUMNS = [
  'id',
  'engine_id',
  'prompt_id',
  'mentioned',
  'observed_at',
  'source_urls',
  'competitor_hits',
  'search_queries',
  'drift_statements',
] as const;

type Position = { observedAt: string; id: string };

export function actionExamplesRepository(db: Db, d: SqlDialect) {
  /** The answers of the project in the range, newest first after `after`, a batch at a time. */
  function inRange(f: ExampleFilter, after: Position | null) {
    let q = db
      .selectFrom('answers')
      .where('project_id', '=', f.projectId)
      .where('observed_at', '>=', f.from)
      .where('observed_at', '<', f.to);
    if (after) {
      const { observedAt, id } = after;
      q = q.where((eb) =>
        eb.or([
          eb('observed_at', '<', observedAt),
          eb.and([eb('observed_at', '=', observedAt), eb('id', '<', id)]),
        ]),
      );
    }
    return q.orderBy('observed_at', 'desc').orderBy('id', 'desc').limit(BATCH);
  }

  /** The batch's candidates, and where the next batch starts (null after the last). */
  async function batch(f: ExampleFilter, after: Position | null) {
    let narrowed: string[] | null = null;
    let next: Position | null = null;
    if (f.promptIds) {
      // The prompt's (observed_at, id) first, from its index alone: asked for the other columns too, SQLite's planner,
      // with no statistics, walked the project's whole time index for one prompt's answers on one engine instead
      // (140 ms a win-back action at 1,000,000 answers, against about 2).
      const keys = await inRange(f, after)
        .select(['id', 'observed_at'])
        .where('prompt_id', 'in', padded(f.promptIds))
        .execute();
      if (keys.length === BATCH) next = { observedAt: keys.at(-1)!.observed_at, id: keys.at(-1)!.id };
      if (keys.length === 0) return { rows: [], next };
      narrowed = keys.map((k) => k.id);
    }
    const base = narrowed
      ? db
          .selectFrom('answers')
          .where('id', 'in', padded(narrowed))
          .orderBy('observed_at', 'desc')
          .orderBy('id', 'desc')
      : inRange(f, after);
    let q = base.select([...COLUMNS]);
    if (f.engineIds) q = q.where('engine_id', 'in', padded(f.engineIds));
    if (f.topicId) q = q.where('topic_id', '=', f.topicId);
    if (f.sourcesContain)
      q = q.where(
        sql<boolean>`${d.foldCase(sql.ref('source_urls'))} like ${containsPattern(f.sourcesContain)} escape '\\'`,
      );
    if (f.searchesContain)
      q = q.where(
        sql<boolean>`${d.foldCase(sql.ref('search_queries'))} like ${containsPattern(f.searchesContain)} escape '\\'`,
      );
    if (f.driftStatement)
      // A key is hex digits: nothing in it needs escaping, and no case folding is needed.
      q = q.where('drift_statements', 'like', `%"${f.driftStatement}"%`);
    const rows = await q.execute();
    if (!narrowed && rows.length === BATCH)
      next = { observedAt: rows.at(-1)!.observed_at, id: rows.at(-1)!.id };
    return { rows, next };
  }

  return {
    /**
     * Up to `count` ids of the newest answers the filter narrows to that `accepts` takes, newest first (observed,
     * then id, descending).
     */
    async find(
      f: ExampleFilter,
      accepts: (c: ExampleCandidate) => boolean,
      count: number,
    ): Promise<string[]> {
      const out: string[] = [];
      let after: Position | null = null;
      for (let seen = 0; seen < SCAN_LIMIT && out.length < count; seen += BATCH) {
        const { rows, next } = await batch(f, after);
        for (const r of rows) {
          const candidate = {
            id: r.id,
            engineId: r.engine_id,
            promptId: r.prompt_id,
            mentioned: Number(r.mentioned) === 1,
            sourceUrls: r.source_urls,
            competitorHits: r.competitor_hits,
            searchQueries: r.search_queries,
            driftStatements: r.drift_statements,
          };
          if (accepts(candidate)) out.push(r.id);
          if (out.length >= count) break;
        }
        if (!next) break;
        after = next;
      }
      return out;
    },
  };
}
