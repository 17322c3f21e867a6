import { sql, type Kysely } from 'kysely';
import type { CopiedTable } from './copy.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the check reads every table, typed or not
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  /** Rows read on both sides, spread evenly over the table in key order, and compared column by column. */
  sampled: number;
  /** What differed, at most a few per table. */
  differences: string[];
}

/**
 * Integers come back as numbers from both engines; anything else is compared as stored text, but for the two
 * PostgreSQL types only the identity library's tables use (migration 0011): a boolean was SQLite's 0 or 1, a
 * timestamptz its ISO text.
 */
const same = (a: unknown, b: unknown) => {
  if (a === null || b === null) return a === b;
  if (typeof b === 'boolean') return Number(a) === Number(b);
  if (b instanceof Date) return Date.parse(String(a)) === b.getTime();
  return String(a) === String(b);
};

const keyMatch = (key: readonly string[], values: readonly unknown[]) =>
  sql.join(
    key.map((k, i) => sql`${sql.ref(k)} = ${values[i]}`),
    sql` and `,
  );

async function count(db: AnyDb, table: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(r.rows[0]!.n);
}

/**
 * Compares a copy with its source: every table's row count, and `perTable` rows of each spread over its key
 * range, every column. What it compared is returned, so the caller can show it.
 */
export async function verifyCopy(
  source: AnyDb,
  target: AnyDb,
  tables: readonly CopiedTable[],
  perTable = 50,
): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const t of tables) {
    const [sourceRows, targetRows] = await Promise.all([count(source, t.name), count(target, t.name)]);
    const check: TableCheck = { table: t.name, sourceRows, targetRows, sampled: 0, differences: [] };
    checks.push(check);
    if (sourceRows !== targetRows)
      check.differences.push(`${sourceRows} rows in the source, ${targetRows} copied`);
    const offsets = new Set(
      Array.from({ length: Math.min(perTable, sourceRows) }, (_, i) =>
        Math.floor((i * sourceRows) / Math.min(perTable, sourceRows)),
      ),
    );
    const order = sql.join(t.key.map((k) => sql.ref(k)));
    const columns = sql.join(t.columns.map((c) => sql.ref(c)));
    for (const offset of offsets) {
      const keyRow = (
        await sql<Row>`select ${sql.join(t.key.map((k) => sql.ref(k)))} from ${sql.table(t.name)}
          order by ${order} limit 1 offset ${offset}`.execute(source)
      ).rows[0];
      if (!keyRow) continue;
      const values = t.key.map((k) => keyRow[k]);
      const read = (db: AnyDb) =>
        sql<Row>`select ${columns} from ${sql.table(t.name)} where ${keyMatch(t.key, values)}`.execute(db);
      const [a, b] = await Promise.all([read(source), read(target)]);
      check.sampled += 1;
      const from = a.rows[0]!;
      const to = b.rows[0];
      if (!to) {
        if (check.differences.length < 3) check.differences.push(`row ${JSON.stringify(values)} is missing`);
        continue;
      }
      for (const c of t.columns) {
        if (!same(from[c], to[c]) && check.differences.length < 3) {
          check.differences.push(`row ${JSON.stringify(values)} differs in ${c}`);
        }
      }
    }
  }
  return checks;
}
