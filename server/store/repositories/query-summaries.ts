import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { SqlDialect } from '../dialect.ts';
import { bulkInsert } from '../bulk-insert.ts';
import { chunks, inKeyOrder, padded } from '../in-list.ts';
import { fromJson, toJson } from '../json.ts';
import type { Database } from '../schema.ts';
import { decodePrompts, encodePrompts, mergePrompts, promptNumbers } from './prompt-numbers.ts';
import { ALL } from './source-summaries.ts';
import { periodRanges } from './summary-periods.ts';
import { readStoredInPlan } from './summary-read-plan.ts';

/** Answers naming and citing one competitor, by its key (competitorKey). */
export type CompetitorCounts = Record<string, [mentioned: number, cited: number]>;

/** One answer's (or several same-day answers') one normalised search, as the summaries count it. */
export interface QueryDelta {
  date: string;
  engineId: string;
  /** null: the answer has no topic, so only the all-topics rows count it. */
  topicId: string | null;
  key: string;
  answers: number;
  mentioned: number;
  cited: number;
  competitors: CompetitorCounts;
  /** Text keys of the prompts the answers were asked (promptTextKey). */
  prompts: ReadonlySet<string>;
}

export interface QueryScope {
  projectId: string;
  /** Rows of these engines add up; `[ALL]` for every engine. */
  engineIds: readonly string[];
  topicId: string;
  from: string;
  to: string;
}

export interface QueryTotals {
  answers: number;
  firstDay: string;
  lastDay: string;
}

/** One stored row of a search in the range (one engine, one period), for the page's figures. */
export interface QueryDetailRow {
  engineId: string;
  key: string;
  answers: number;
  mentioned: number;
  cited: number;
  competitors: CompetitorCounts;
  firstDay: string;
  lastDay: string;
  /** Prompt numbers: distinct prompts are the size of their union. */
  prompts: number[];
}

type Table = 'query_days' | 'query_months';
type StoredRow = Database['query_days'];

interface Row {
  engineId: string;
  topicId: string;
  period: string;
  key: string;
  answers: number;
  mentioned: number;
  cited: number;
  competitors: CompetitorCounts;
  firstDay: string;
  lastDay: string;
  prompts: Set<number>;
  /** The stored row's prompts as stored (encodePrompts), merged with `prompts` when written back. */
  stored?: string;
}

const INSERT_CHUNK = 500;

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);
const rowKey = (engineId: string, topicId: string, period: string, key: string) =>
  `${engineId}\0${topicId}\0${period}\0${key}`;

/** The engine and topic scopes an answer counts in, as the source rows' (an imported topic `*` is all topics). */
function scopesOf(d: QueryDelta): [engineId: string, topicId: string][] {
  const all: [string, string][] = [
    [d.engineId, ALL],
    [ALL, ALL],
  ];
  return d.topicId === null || d.topicId === ALL ? all : [[d.engineId, d.topicId], [ALL, d.topicId], ...all];
}

function addCompetitors(into: CompetitorCounts, add: CompetitorCounts): void {
  for (const [key, [m, c]] of Object.entries(add)) {
    const seen = into[key];
    if (seen) {
      seen[0] += m;
      seen[1] += c;
    } else into[key] = [m, c];
  }
}

/** Adds `add` into the row of the same key in `merged`. */
function addInto(
  merged: Map<string, Row>,
  add: Omit<Row, 'prompts' | 'stored'>,
  prompts: Iterable<number>,
): void {
  const k = rowKey(add.engineId, add.topicId, add.period, add.key);
  const row = merged.get(k);
  if (!row) {
    const competitors: CompetitorCounts = {};
    addCompetitors(competitors, add.competitors);
    merged.set(k, { ...add, competitors, prompts: new Set(prompts) });
    return;
  }
  row.answers += add.answers;
  row.mentioned += add.mentioned;
  row.cited += add.cited;
  addCompetitors(row.competitors, add.competitors);
  row.firstDay = minDay(row.firstDay, add.firstDay);
  row.lastDay = maxDay(row.lastDay, add.lastDay);
  for (const n of prompts) row.prompts.add(n);
}

const COLUMNS = [
  'project_id',
  'engine_id',
  'topic_id',
  'period',
  'key',
  'answers',
  'mentioned',
  'cited',
  'competitors',
  'first_day',
  'last_day',
  'prompts',
] as const satisfies readonly (keyof StoredRow)[];
const STORED_COLUMNS = COLUMNS.filter((c) => c !== 'project_id');

const upserts = Object.fromEntries(
  (['query_days', 'query_months'] as const).map((table) => [
    table,
    bulkInsert(INSERT_CHUNK, COLUMNS, (db: Db, rows: readonly StoredRow[]) =>
      db
        .insertInto(table)
        .values([...rows])
        .onConflict((oc) =>
          oc.columns(['project_id', 'engine_id', 'topic_id', 'period', 'key']).doUpdateSet((eb) => ({
            answers: eb.ref('excluded.answers'),
            mentioned: eb.ref('excluded.mentioned'),
            cited: eb.ref('excluded.cited'),
            competitors: eb.ref('excluded.competitors'),
            first_day: eb.ref('excluded.first_day'),
            last_day: eb.ref('excluded.last_day'),
            prompts: eb.ref('excluded.prompts'),
          })),
        ),
    ),
  ]),
) as Record<Table, (db: Db, rows: readonly StoredRow[]) => Promise<unknown>>;

/** Rows one exact read names at most (PostgreSQL). */
const EXACT_CHUNK = 4096;

/** Adds stored rows into the merged rows of the same key (a stored row no merged row names is passed over). */
function mergeStored(stored: readonly Omit<StoredRow, 'project_id'>[], merged: ReadonlyMap<string, Row>) {
  for (const s of stored) {
    const r = merged.get(rowKey(s.engine_id, s.topic_id, s.period, s.key));
    if (!r) continue;
    r.answers += Number(s.answers);
    r.mentioned += Number(s.mentioned);
    r.cited += Number(s.cited);
    addCompetitors(r.competitors, fromJson<CompetitorCounts>(s.competitors));
    r.firstDay = minDay(r.firstDay, s.first_day);
    r.lastDay = maxDay(r.lastDay, s.last_day);
    r.stored = s.prompts;
  }
}

/** `d`: the store's dialect; without it (the migrations' backfill) rows are read as on SQLite. */
export function querySummariesRepository(db: Db, d?: SqlDialect) {
  /** PostgreSQL: exactly the stored rows the merged rows name, by their keys (see the source summaries' readExactly). */
  async function readExactly(table: Table, projectId: string, merged: ReadonlyMap<string, Row>) {
    for (const rows of chunks([...merged.values()], EXACT_CHUNK)) {
      const stored = await sql<Omit<StoredRow, 'project_id'>>`
        select s.engine_id, s.topic_id, s.period, s.key, s.answers, s.mentioned, s.cited, s.competitors,
               s.first_day, s.last_day, s.prompts
          from unnest(${rows.map((r) => r.engineId)}::text[], ${rows.map((r) => r.topicId)}::text[],
                      ${rows.map((r) => r.period)}::text[], ${rows.map((r) => r.key)}::text[])
               as k(engine_id, topic_id, period, key)
          join ${sql.table(table)} s
            on s.project_id = ${projectId} and s.engine_id = k.engine_id collate "C"
           and s.topic_id = k.topic_id collate "C" and s.period = k.period collate "C" and s.key = k.key collate "C"`.execute(
        db,
      );
      mergeStored(stored.rows, merged);
    }
  }

  /** Reads the stored rows matching every combination of the lists and adds them into the merged rows. */
  async function readInto(
    table: Table,
    projectId: string,
    lists: { engines: string[]; topics: string[]; periods: string[]; keys: string[] },
    merged: ReadonlyMap<string, Row>,
  ) {
    const stored = await db
      .selectFrom(table)
      .select(STORED_COLUMNS)
      .where('project_id', '=', projectId)
      .where('engine_id', 'in', padded(lists.engines))
      .where('topic_id', 'in', padded(lists.topics))
      .where('period', 'in', padded(lists.periods))
      .where('key', 'in', padded(lists.keys))
      .execute();
    mergeStored(stored, merged);
  }

  /** Adds the stored rows' figures into the merged deltas (see readStoredInPlan). */
  async function addStored(table: Table, projectId: string, merged: ReadonlyMap<string, Row>) {
    if (d?.engine === 'postgres') return readExactly(table, projectId, merged);
    await readStoredInPlan(
      [...merged.values()],
      { engines: (r) => r.engineId, topics: (r) => r.topicId, periods: (r) => r.period },
      ['engines', 'topics', 'periods'],
      (lists) => readInto(table, projectId, lists, merged),
    );
  }

  return {
    /**
     * Adds answers per search to the day and month rows of each scope the answer counts in. Rows hold prompt sets
     * and competitor counts, so they are read, merged and written back, in the transaction that stored the answers.
     */
    async add(projectId: string, deltas: readonly QueryDelta[]): Promise<void> {
      if (deltas.length === 0) return;
      const numbers = await promptNumbers(db, projectId, new Set(deltas.flatMap((d) => [...d.prompts])));
      const days = new Map<string, Row>();
      for (const d of deltas) {
        const prompts = [...d.prompts].map((k) => numbers.get(k)!);
        for (const [engineId, topicId] of scopesOf(d))
          addInto(
            days,
            {
              engineId,
              topicId,
              period: d.date,
              key: d.key,
              answers: d.answers,
              mentioned: d.mentioned,
              cited: d.cited,
              competitors: d.competitors,
              firstDay: d.date,
              lastDay: d.date,
            },
            prompts,
          );
      }
      const months = new Map<string, Row>();
      for (const r of days.values()) addInto(months, { ...r, period: r.period.slice(0, 7) }, r.prompts);
      for (const [table, merged] of [
        ['query_days', days],
        ['query_months', months],
      ] as const) {
        await addStored(table, projectId, merged);
        const rows = inKeyOrder(merged).map((r) => ({
          project_id: projectId,
          engine_id: r.engineId,
          topic_id: r.topicId,
          period: r.period,
          key: r.key,
          answers: r.answers,
          mentioned: r.mentioned,
          cited: r.cited,
          competitors: toJson(r.competitors),
          first_day: r.firstDay,
          last_day: r.lastDay,
          prompts: r.stored === undefined ? encodePrompts(r.prompts) : mergePrompts(r.stored, r.prompts),
        }));
        for (const chunk of chunks(rows, INSERT_CHUNK)) await upserts[table](db, chunk);
      }
    },
    /** Every search of the scope with its answers and first and last day in the range: whole months from month rows. */
    async totals(f: QueryScope): Promise<Map<string, QueryTotals>> {
      const out = new Map<string, QueryTotals>();
      for (const { table, from, to } of periodRanges(f.from, f.to, 'query_months', 'query_days')) {
        const rows = await db
          .selectFrom(table)
          .select([
            'key',
            sql<number>`sum(answers)`.as('answers'),
            sql<string>`min(first_day)`.as('first_day'),
            sql<string>`max(last_day)`.as('last_day'),
          ])
          .where('project_id', '=', f.projectId)
          .where('engine_id', 'in', padded(f.engineIds))
          .where('topic_id', '=', f.topicId)
          .where('period', '>=', from)
          .where('period', '<=', to)
          .groupBy('key')
          .execute();
        for (const r of rows) {
          const prev = out.get(r.key);
          const answers = Number(r.answers);
          out.set(
            r.key,
            prev
              ? {
                  answers: prev.answers + answers,
                  firstDay: minDay(prev.firstDay, r.first_day),
                  lastDay: maxDay(prev.lastDay, r.last_day),
                }
              : { answers, firstDay: r.first_day, lastDay: r.last_day },
          );
        }
      }
      return out;
    },
    /** The rows of the given searches in the range, one per engine and period, with their prompts and competitors. */
    async details(f: QueryScope, keys: readonly string[]): Promise<QueryDetailRow[]> {
      if (keys.length === 0) return [];
      const out: QueryDetailRow[] = [];
      for (const { table, from, to } of periodRanges(f.from, f.to, 'query_months', 'query_days')) {
        const rows = await db
          .selectFrom(table)
          .select(STORED_COLUMNS)
          .where('project_id', '=', f.projectId)
          .where('engine_id', 'in', padded(f.engineIds))
          .where('topic_id', '=', f.topicId)
          .where('period', '>=', from)
          .where('period', '<=', to)
          .where('key', 'in', padded(keys))
          .execute();
        for (const r of rows) {
          out.push({
            engineId: r.engine_id,
            key: r.key,
            answers: Number(r.answers),
            mentioned: Number(r.mentioned),
            cited: Number(r.cited),
            competitors: fromJson<CompetitorCounts>(r.competitors),
            firstDay: r.first_day,
            lastDay: r.last_day,
            prompts: decodePrompts(r.prompts),
          });
        }
      }
      return out;
    },
  };
}
