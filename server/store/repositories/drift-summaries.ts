import type { Db } from '../database.ts';
import { bulkInsert } from '../bulk-insert.ts';
import { chunks, inKeyOrder, padded } from '../in-list.ts';
import type { Database } from '../schema.ts';
import { decodePrompts, encodePrompts, promptNumbers } from './prompt-numbers.ts';
import { ALL } from './source-summaries.ts';
import { periodRanges } from './summary-periods.ts';
import { readStoredInPlan } from './summary-read-plan.ts';

/** One answer's (or several same-day answers') drift on one Brand Truth statement, as the summaries count it. */
export interface DriftDelta {
  date: string;
  engineId: string;
  /** null: the answer has no topic, so only the all-topics rows count it. */
  topicId: string | null;
  /** The statement's key (statementKey). */
  key: string;
  drift: number;
  partial: number;
  /** Text keys of the prompts the answers were asked (promptTextKey). */
  prompts: ReadonlySet<string>;
}

export interface DriftScope {
  projectId: string;
  /** undefined: every engine. */
  engineIds: readonly string[] | undefined;
  topicId: string;
  from: string;
  to: string;
}

/** One stored row of a statement in the range (one engine, one period). */
export interface DriftDetailRow {
  engineId: string;
  key: string;
  drift: number;
  partial: number;
  /** Prompt numbers: distinct prompts are the size of their union. */
  prompts: number[];
}

type Table = 'drift_days' | 'drift_months';
type StoredRow = Database['drift_days'];

interface Row {
  engineId: string;
  topicId: string;
  period: string;
  key: string;
  drift: number;
  partial: number;
  prompts: Set<number>;
}

const INSERT_CHUNK = 500;
const KEYS_CHUNK = 256;

const rowKey = (r: Pick<Row, 'engineId' | 'topicId' | 'period' | 'key'>) =>
  `${r.engineId}\0${r.topicId}\0${r.period}\0${r.key}`;

function addInto(merged: Map<string, Row>, add: Omit<Row, 'prompts'>, prompts: Iterable<number>): void {
  const row = merged.get(rowKey(add));
  if (!row) {
    merged.set(rowKey(add), { ...add, prompts: new Set(prompts) });
    return;
  }
  row.drift += add.drift;
  row.partial += add.partial;
  for (const n of prompts) row.prompts.add(n);
}

const COLUMNS = [
  'project_id',
  'engine_id',
  'topic_id',
  'period',
  'key',
  'drift',
  'partial',
  'prompts',
] as const satisfies readonly (keyof StoredRow)[];
const STORED_COLUMNS = COLUMNS.filter((c) => c !== 'project_id');

const upserts = Object.fromEntries(
  (['drift_days', 'drift_months'] as const).map((table) => [
    table,
    bulkInsert(INSERT_CHUNK, COLUMNS, (db: Db, rows: readonly StoredRow[]) =>
      db
        .insertInto(table)
        .values([...rows])
        .onConflict((oc) =>
          oc.columns(['project_id', 'key', 'engine_id', 'topic_id', 'period']).doUpdateSet((eb) => ({
            drift: eb.ref('excluded.drift'),
            partial: eb.ref('excluded.partial'),
            prompts: eb.ref('excluded.prompts'),
          })),
        ),
    ),
  ]),
) as Record<Table, (db: Db, rows: readonly StoredRow[]) => Promise<unknown>>;

export function driftSummariesRepository(db: Db) {
  /** Adds the stored rows' figures into the merged deltas, read as the other summaries read theirs. */
  async function addStored(table: Table, projectId: string, merged: ReadonlyMap<string, Row>) {
    await readStoredInPlan(
      [...merged.values()],
      { engines: (r) => r.engineId, topics: (r) => r.topicId, periods: (r) => r.period },
      ['engines', 'topics', 'periods'],
      async (lists) => {
        const stored = await db
          .selectFrom(table)
          .select(STORED_COLUMNS)
          .where('project_id', '=', projectId)
          .where('key', 'in', padded(lists.keys))
          .where('engine_id', 'in', padded(lists.engines))
          .where('topic_id', 'in', padded(lists.topics))
          .where('period', 'in', padded(lists.periods))
          .execute();
        for (const s of stored) {
          const r = merged.get(
            rowKey({ engineId: s.engine_id, topicId: s.topic_id, period: s.period, key: s.key }),
          );
          if (!r) continue;
          r.drift += Number(s.drift);
          r.partial += Number(s.partial);
          for (const n of decodePrompts(s.prompts)) r.prompts.add(n);
        }
      },
    );
  }

  return {
    /**
     * Adds drifting answers to the day and month rows of their engine, in their topic and in all topics. Rows hold
     * prompt sets, so they are read, merged and written back, in the transaction that stored the answers.
     */
    async add(projectId: string, deltas: readonly DriftDelta[]): Promise<void> {
      if (deltas.length === 0) return;
      const numbers = await promptNumbers(db, projectId, new Set(deltas.flatMap((d) => [...d.prompts])));
      const days = new Map<string, Row>();
      for (const d of deltas) {
        const prompts = [...d.prompts].map((k) => numbers.get(k)!);
        const topics = d.topicId === null || d.topicId === ALL ? [ALL] : [d.topicId, ALL];
        for (const topicId of topics)
          addInto(
            days,
            { engineId: d.engineId, topicId, period: d.date, key: d.key, drift: d.drift, partial: d.partial },
            prompts,
          );
      }
      const months = new Map<string, Row>();
      for (const r of days.values()) addInto(months, { ...r, period: r.period.slice(0, 7) }, r.prompts);
      for (const [table, merged] of [
        ['drift_days', days],
        ['drift_months', months],
      ] as const) {
        await addStored(table, projectId, merged);
        const rows = inKeyOrder(merged).map((r) => ({
          project_id: projectId,
          engine_id: r.engineId,
          topic_id: r.topicId,
          period: r.period,
          key: r.key,
          drift: r.drift,
          partial: r.partial,
          prompts: encodePrompts(r.prompts),
        }));
        for (const chunk of chunks(rows, INSERT_CHUNK)) await upserts[table](db, chunk);
      }
    },
    /** The rows of the given statements in the range, one per engine and period: whole months from month rows. */
    async details(f: DriftScope, keys: readonly string[]): Promise<DriftDetailRow[]> {
      const out: DriftDetailRow[] = [];
      for (const list of chunks([...keys], KEYS_CHUNK)) {
        for (const { table, from, to } of periodRanges(f.from, f.to, 'drift_months', 'drift_days')) {
          let q = db
            .selectFrom(table)
            .select(STORED_COLUMNS)
            .where('project_id', '=', f.projectId)
            .where('key', 'in', padded(list))
            .where('topic_id', '=', f.topicId)
            .where('period', '>=', from)
            .where('period', '<=', to);
          if (f.engineIds) q = q.where('engine_id', 'in', padded(f.engineIds));
          for (const r of await q.execute())
            out.push({
              engineId: r.engine_id,
              key: r.key,
              drift: Number(r.drift),
              partial: Number(r.partial),
              prompts: decodePrompts(r.prompts),
            });
        }
      }
      return out;
    },
  };
}
