import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { SqlDialect } from '../dialect.ts';
import { bulkInsert } from '../bulk-insert.ts';
import { chunks, inKeyOrder, padded } from '../in-list.ts';
import type { Database } from '../schema.ts';
import { decodePrompts, encodePrompts, mergePrompts, promptNumbers } from './prompt-numbers.ts';
import { periodRanges } from './summary-periods.ts';
import { readStoredInPlan } from './summary-read-plan.ts';

/** `d`: a registrable domain; `u`: a URL; `s` (key ''): answers that list any source. */
export type SourceKind = 'd' | 'u' | 's';

/** Engine and topic id of the rows that add up every engine or every topic. */
export const ALL = '*';

/** One answer's (or several same-day answers') sources of one kind, as the summaries count them. */
export interface SourceDelta {
  kind: SourceKind;
  date: string;
  engineId: string;
  /** null: the answer has no topic, so only the all-topics rows count it. */
  topicId: string | null;
  key: string;
  answers: number;
  /** Of the answers, those naming the brand and those naming a tracked competitor: what tells the gaps. */
  brandAnswers: number;
  rivalAnswers: number;
  /** Text keys of the prompts the answers were asked (promptTextKey). */
  prompts: ReadonlySet<string>;
}

export interface SourceScope {
  projectId: string;
  kind: SourceKind;
  /** Rows of these engines add up; `[ALL]` for every engine. */
  engineIds: readonly string[];
  topicId: string;
  from: string;
  to: string;
}

export interface SourceTotals {
  answers: number;
  brandAnswers: number;
  rivalAnswers: number;
  firstDay: string;
  lastDay: string;
}

export interface SourceDetailRow {
  answers: number;
  firstDay: string;
  lastDay: string;
  engineId: string;
  key: string;
  /** Prompt numbers: distinct prompts are the size of their union. */
  prompts: number[];
}

type Table = 'source_days' | 'source_months';
const TABLES: readonly Table[] = ['source_days', 'source_months'];

interface Row {
  kind: SourceKind;
  engineId: string;
  topicId: string;
  period: string;
  key: string;
  answers: number;
  brandAnswers: number;
  rivalAnswers: number;
  firstDay: string;
  lastDay: string;
  prompts: Set<number>;
  /** The stored row's prompts as stored (encodePrompts), merged with `prompts` when written back. */
  stored?: string;
}

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

/**
 * The rows an answer counts in: its engine and topic, its engine under all topics, its topic under all engines and
 * all of both, so every filter (engine, topic, both, neither) reads rows made for it. An answer imported with the
 * topic `*` counts once, under all topics.
 */
function scopesOf(d: SourceDelta): [engineId: string, topicId: string][] {
  const all: [string, string][] = [
    [d.engineId, ALL],
    [ALL, ALL],
  ];
  return d.topicId === null || d.topicId === ALL ? all : [[d.engineId, d.topicId], [ALL, d.topicId], ...all];
}

const rowKey = (kind: string, engineId: string, topicId: string, period: string, key: string) =>
  `${kind}\0${engineId}\0${topicId}\0${period}\0${key}`;
const INSERT_CHUNK = 500;

/** Adds `add` (its answers, days and prompts) into the row of the same key in `merged`. */
function addInto(merged: Map<string, Row>, add: Omit<Row, 'prompts' | 'stored'>, prompts: Iterable<number>) {
  const k = rowKey(add.kind, add.engineId, add.topicId, add.period, add.key);
  const row = merged.get(k);
  if (!row) {
    merged.set(k, { ...add, prompts: new Set(prompts) });
    return;
  }
  row.answers += add.answers;
  row.brandAnswers += add.brandAnswers;
  row.rivalAnswers += add.rivalAnswers;
  row.firstDay = minDay(row.firstDay, add.firstDay);
  row.lastDay = maxDay(row.lastDay, add.lastDay);
  for (const n of prompts) row.prompts.add(n);
}

type StoredRow = Database['source_days'];
const COLUMNS = [
  'project_id',
  'kind',
  'engine_id',
  'topic_id',
  'period',
  'key',
  'answers',
  'brand_answers',
  'rival_answers',
  'first_day',
  'last_day',
  'prompts',
] as const satisfies readonly (keyof StoredRow)[];
/** What a merge reads of a stored row: all of it but the project, which the caller has. */
const STORED_COLUMNS = COLUMNS.filter((c) => c !== 'project_id');

/** Writes merged rows (the stored figures already added in): an import writes about ten an answer. */
const upserts = Object.fromEntries(
  TABLES.map((table) => [
    table,
    bulkInsert(INSERT_CHUNK, COLUMNS, (db: Db, rows: readonly StoredRow[]) =>
      db
        .insertInto(table)
        .values([...rows])
        .onConflict((oc) =>
          oc.columns(['project_id', 'kind', 'engine_id', 'topic_id', 'period', 'key']).doUpdateSet((eb) => ({
            answers: eb.ref('excluded.answers'),
            brand_answers: eb.ref('excluded.brand_answers'),
            rival_answers: eb.ref('excluded.rival_answers'),
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
    const r = merged.get(rowKey(s.kind, s.engine_id, s.topic_id, s.period, s.key));
    if (!r) continue;
    r.answers += Number(s.answers);
    r.brandAnswers += Number(s.brand_answers);
    r.rivalAnswers += Number(s.rival_answers);
    r.firstDay = minDay(r.firstDay, s.first_day);
    r.lastDay = maxDay(r.lastDay, s.last_day);
    r.stored = s.prompts;
  }
}

/** `d`: the store's dialect; without it (the migrations' backfill) rows are read as on SQLite. */
export function sourceSummariesRepository(db: Db, d?: SqlDialect) {
  /**
   * PostgreSQL: exactly the stored rows the merged rows name, one index lookup each, in one statement whatever
   * their number (the keys go as arrays). The IN lists of readInto make PostgreSQL search the index for every
   * combination of their values: for a run's group of answers that read twice the rows it needed, each with its
   * prompt list, and was the largest part of the database's work for a run (about 45 %).
   */
  async function readExactly(table: Table, projectId: string, merged: ReadonlyMap<string, Row>) {
    for (const rows of chunks([...merged.values()], EXACT_CHUNK)) {
      const stored = await sql<Omit<StoredRow, 'project_id'>>`
        select s.kind, s.engine_id, s.topic_id, s.period, s.key, s.answers, s.brand_answers, s.rival_answers,
               s.first_day, s.last_day, s.prompts
          from unnest(${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.engineId)}::text[],
                      ${rows.map((r) => r.topicId)}::text[], ${rows.map((r) => r.period)}::text[],
                      ${rows.map((r) => r.key)}::text[]) as k(kind, engine_id, topic_id, period, key)
          join ${sql.table(table)} s
            on s.project_id = ${projectId} and s.kind = k.kind collate "C" and s.engine_id = k.engine_id collate "C"
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
    lists: { kinds: string[]; engines: string[]; topics: string[]; periods: string[]; keys: string[] },
    merged: ReadonlyMap<string, Row>,
  ) {
    const stored = await db
      .selectFrom(table)
      .select(STORED_COLUMNS)
      .where('project_id', '=', projectId)
      .where('kind', 'in', padded(lists.kinds))
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
      {
        kinds: (r) => r.kind,
        engines: (r) => r.engineId,
        topics: (r) => r.topicId,
        periods: (r) => r.period,
      },
      ['kinds', 'engines', 'topics'],
      (lists) => readInto(table, projectId, lists, merged),
    );
  }

  /** Sums per key over one period range of one table. */
  async function totalsIn(
    table: Table,
    f: SourceScope,
    range: { from: string; to: string },
    out: Map<string, SourceTotals>,
  ) {
    const rows = await db
      .selectFrom(table)
      .select([
        'key',
        sql<number>`sum(answers)`.as('answers'),
        sql<number>`sum(brand_answers)`.as('brand_answers'),
        sql<number>`sum(rival_answers)`.as('rival_answers'),
        sql<string>`min(first_day)`.as('first_day'),
        sql<string>`max(last_day)`.as('last_day'),
      ])
      .where('project_id', '=', f.projectId)
      .where('kind', '=', f.kind)
      .where('engine_id', 'in', padded(f.engineIds))
      .where('topic_id', '=', f.topicId)
      .where('period', '>=', range.from)
      .where('period', '<=', range.to)
      .groupBy('key')
      .execute();
    for (const r of rows) {
      const prev = out.get(r.key);
      const add = {
        answers: Number(r.answers),
        brandAnswers: Number(r.brand_answers),
        rivalAnswers: Number(r.rival_answers),
      };
      out.set(
        r.key,
        prev
          ? {
              answers: prev.answers + add.answers,
              brandAnswers: prev.brandAnswers + add.brandAnswers,
              rivalAnswers: prev.rivalAnswers + add.rivalAnswers,
              firstDay: minDay(prev.firstDay, r.first_day),
              lastDay: maxDay(prev.lastDay, r.last_day),
            }
          : { ...add, firstDay: r.first_day, lastDay: r.last_day },
      );
    }
  }

  return {
    /**
     * Adds answers per source to the day and month rows of each scope the answer counts in (scopesOf). Rows hold
     * prompt sets, so they are read, merged and written back; callers run this in the transaction that stored the
     * answers.
     */
    async add(projectId: string, deltas: readonly SourceDelta[]): Promise<void> {
      if (deltas.length === 0) return;
      const numbers = await promptNumbers(db, projectId, new Set(deltas.flatMap((d) => [...d.prompts])));
      // Day rows from the deltas, then month rows from the day rows (fewer than the deltas, once the engines and
      // topics are rolled up), before either takes in what is stored.
      const days = new Map<string, Row>();
      for (const d of deltas) {
        const prompts = [...d.prompts].map((k) => numbers.get(k)!);
        for (const [engineId, topicId] of scopesOf(d))
          addInto(
            days,
            {
              kind: d.kind,
              engineId,
              topicId,
              period: d.date,
              key: d.key,
              answers: d.answers,
              brandAnswers: d.brandAnswers,
              rivalAnswers: d.rivalAnswers,
              firstDay: d.date,
              lastDay: d.date,
            },
            prompts,
          );
      }
      const months = new Map<string, Row>();
      for (const r of days.values()) addInto(months, { ...r, period: r.period.slice(0, 7) }, r.prompts);
      for (const [table, merged] of [
        ['source_days', days],
        ['source_months', months],
      ] as const) {
        await addStored(table, projectId, merged);
        const rows = inKeyOrder(merged).map((r) => ({
          project_id: projectId,
          kind: r.kind,
          engine_id: r.engineId,
          topic_id: r.topicId,
          period: r.period,
          key: r.key,
          answers: r.answers,
          brand_answers: r.brandAnswers,
          rival_answers: r.rivalAnswers,
          first_day: r.firstDay,
          last_day: r.lastDay,
          prompts: r.stored === undefined ? encodePrompts(r.prompts) : mergePrompts(r.stored, r.prompts),
        }));
        for (const chunk of chunks(rows, INSERT_CHUNK)) await upserts[table](db, chunk);
      }
    },
    /** Every key of the scope with its answers and first and last day in the range: whole months from month rows. */
    async totals(f: SourceScope): Promise<Map<string, SourceTotals>> {
      const out = new Map<string, SourceTotals>();
      for (const { table, ...range } of periodRanges(f.from, f.to, 'source_months', 'source_days'))
        await totalsIn(table, f, range, out);
      return out;
    },
    /** Answers per engine and key in the range, summed over the periods of each table: a key may come once a table. */
    async byEngine(f: SourceScope): Promise<{ engineId: string; key: string; answers: number }[]> {
      const out: { engineId: string; key: string; answers: number }[] = [];
      for (const { table, from, to } of periodRanges(f.from, f.to, 'source_months', 'source_days')) {
        const rows = await db
          .selectFrom(table)
          .select(['engine_id', 'key', sql<number>`sum(answers)`.as('answers')])
          .where('project_id', '=', f.projectId)
          .where('kind', '=', f.kind)
          .where('engine_id', 'in', padded(f.engineIds))
          .where('topic_id', '=', f.topicId)
          .where('period', '>=', from)
          .where('period', '<=', to)
          .groupBy(['engine_id', 'key'])
          .execute();
        for (const r of rows) out.push({ engineId: r.engine_id, key: r.key, answers: Number(r.answers) });
      }
      return out;
    },
    /** The rows of the given keys in the range, one per engine and period, with their prompt sets. */
    async details(f: SourceScope, keys: readonly string[]): Promise<SourceDetailRow[]> {
      if (keys.length === 0) return [];
      const out: SourceDetailRow[] = [];
      for (const { table, from, to } of periodRanges(f.from, f.to, 'source_months', 'source_days')) {
        const rows = await db
          .selectFrom(table)
          .select(['engine_id', 'key', 'answers', 'first_day', 'last_day', 'prompts'])
          .where('project_id', '=', f.projectId)
          .where('kind', '=', f.kind)
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
