import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the copy moves every table, typed or not
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/** A table as the copy sees it: its columns and the primary key it is walked in. */
export interface CopiedTable {
  name: string;
  columns: string[];
  key: string[];
  rows: number;
}

export interface CopyProgress {
  table: string;
  /** Rows of this table copied so far (across runs). */
  tableRows: number;
  /** Rows of all tables copied so far (across runs), out of `total`. */
  copied: number;
  total: number;
}

/** Rows per batch: one INSERT and its checkpoint commit together. */
const DEFAULT_BATCH = 2_000;
/** Where the copy keeps its place in the target, so an interrupted copy goes on where it stopped. */
const PROGRESS = 'db_copy_progress';

/** Tables of the source in an order that inserts every referenced row before the rows that reference it. */
export async function sourceTables(source: AnyDb): Promise<CopiedTable[]> {
  const names = (
    await sql<{ name: string }>`
      select name from sqlite_master
       where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
       order by name`.execute(source)
  ).rows.map((r) => r.name);
  const tables = new Map<string, CopiedTable & { parents: string[] }>();
  for (const name of names) {
    const info = (
      await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name})`.execute(source)
    ).rows;
    const parents = (
      await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(source)
    ).rows.map((r) => r.table);
    const key = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    // The copy walks each table in key order to know where it stopped; every table of the schema has a key.
    if (key.length === 0)
      throw new Error(`table ${name} has no primary key, so it cannot be copied in order`);
    const count = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(source);
    tables.set(name, {
      name,
      columns: info.map((c) => c.name),
      key,
      rows: Number(count.rows[0]!.n),
      parents: parents.filter((p) => p !== name),
    });
  }
  const ordered: CopiedTable[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    const t = tables.get(name);
    if (!t) return;
    for (const parent of t.parents) place(parent, [...path, name]);
    placed.add(name);
    ordered.push({ name: t.name, columns: t.columns, key: t.key, rows: t.rows });
  };
  for (const name of names) place(name, []);
  return ordered;
}

async function progressOf(
  target: AnyDb,
): Promise<Map<string, { lastKey: unknown[] | null; copied: number; done: boolean }>> {
  await sql`create table if not exists ${sql.table(PROGRESS)} (
    table_name text primary key, last_key text, copied bigint not null, done integer not null)`.execute(
    target,
  );
  const rows = await target.selectFrom(PROGRESS).selectAll().execute();
  return new Map(
    rows.map((r) => [
      r.table_name as string,
      {
        lastKey: r.last_key === null ? null : (JSON.parse(r.last_key as string) as unknown[]),
        copied: Number(r.copied),
        done: r.done === 1,
      },
    ]),
  );
}

/** Whether the target holds rows a copy did not put there: a copy only fills an empty database. */
async function holdsOtherData(target: AnyDb, tables: readonly CopiedTable[]): Promise<string | null> {
  const started = await sql<{ t: string | null }>`select to_regclass(${PROGRESS})::text as t`.execute(target);
  if (started.rows[0]?.t) return null;
  for (const t of tables) {
    const r = await sql<{ one: number }>`select 1 as one from ${sql.table(t.name)} limit 1`.execute(target);
    if (r.rows.length > 0) return t.name;
  }
  return null;
}

/** Rows strictly after `lastKey` in key order: row-value comparison, which both engines understand. */
function afterKey(key: readonly string[], lastKey: readonly unknown[] | null) {
  if (!lastKey) return sql`1 = 1`;
  return sql`(${sql.join(key.map((k) => sql.ref(k)))}) > (${sql.join(lastKey.map((v) => sql`${v}`))})`;
}

export class CopyRefused extends Error {}

/** Each column's type in the target, for the arrays a batch is sent as. */
async function columnTypes(target: AnyDb, table: string): Promise<Map<string, string>> {
  const r = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
     where table_schema = current_schema() and table_name = ${table}`.execute(target);
  return new Map(r.rows.map((c) => [c.column_name, c.data_type]));
}

/**
 * A batch as one array per column, unnested into rows: one statement with as many parameters as columns,
 * however many rows, which PostgreSQL parses once and loads nearly as fast as COPY.
 */
async function insertColumns(db: AnyDb, t: CopiedTable, types: Map<string, string>, rows: Row[]) {
  const arrays = t.columns.map(
    (c) => sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(types.get(c) ?? 'text')}[]`,
  );
  await sql`insert into ${sql.table(t.name)} (${sql.join(t.columns.map((c) => sql.ref(c)))})
    select * from unnest(${sql.join(arrays)}) on conflict do nothing`.execute(db);
}

/**
 * Copies every table of an SQLite database into an empty PostgreSQL database of the same schema version, in
 * primary-key order, a batch per transaction that also records how far the table got: a copy interrupted at any
 * point starts again after the last batch that committed. Rows are copied as stored: nothing is re-scored or
 * re-asked, sealed secrets stay sealed under the same key. Serial counters are moved past the copied values.
 */
export async function copyDatabase(
  source: AnyDb,
  target: AnyDb,
  opts: { batch?: number; onProgress?: (p: CopyProgress) => void } = {},
): Promise<CopiedTable[]> {
  const tables = await sourceTables(source);
  const other = await holdsOtherData(target, tables);
  if (other) {
    throw new CopyRefused(
      `the target database already holds data (table ${other} has rows): db copy fills an empty database`,
    );
  }
  const progress = await progressOf(target);
  const total = tables.reduce((n, t) => n + t.rows, 0);
  let copied = [...progress.values()].reduce((n, p) => n + p.copied, 0);
  for (const t of tables) {
    const state = progress.get(t.name) ?? { lastKey: null, copied: 0, done: false };
    if (state.done) continue;
    const batch = opts.batch ?? DEFAULT_BATCH;
    const types = await columnTypes(target, t.name);
    let { lastKey } = state;
    let tableRows = state.copied;
    for (;;) {
      const rows = (
        await sql<Row>`select ${sql.join(t.columns.map((c) => sql.ref(c)))}
          from ${sql.table(t.name)} where ${afterKey(t.key, lastKey)}
          order by ${sql.join(t.key.map((k) => sql.ref(k)))} limit ${batch}`.execute(source)
      ).rows;
      const last = rows.at(-1);
      const nextKey = last ? t.key.map((k) => last[k]) : lastKey;
      await target.transaction().execute(async (trx) => {
        if (rows.length > 0) await insertColumns(trx, t, types, rows);
        await trx
          .insertInto(PROGRESS)
          .values({
            table_name: t.name,
            last_key: nextKey === null ? null : JSON.stringify(nextKey),
            copied: tableRows + rows.length,
            done: rows.length < batch ? 1 : 0,
          })
          .onConflict((oc) =>
            oc.column('table_name').doUpdateSet((eb) => ({
              last_key: eb.ref('excluded.last_key'),
              copied: eb.ref('excluded.copied'),
              done: eb.ref('excluded.done'),
            })),
          )
          .execute();
      });
      tableRows += rows.length;
      copied += rows.length;
      lastKey = nextKey;
      opts.onProgress?.({ table: t.name, tableRows, copied, total: Math.max(total, copied) });
      if (rows.length < batch) break;
    }
  }
  // Explicit values do not move a serial column's sequence: the next row would collide with a copied one.
  await sql`
    do $do$
    declare c record;
    begin
      for c in select table_name, column_name from information_schema.columns
                where table_schema = current_schema() and column_default like 'nextval(%' loop
        execute format('select setval(pg_get_serial_sequence(%L, %L), coalesce((select max(%I) from %I), 0) + 1, false)',
                       c.table_name, c.column_name, c.column_name, c.table_name);
      end loop;
    end
    $do$`.execute(target);
  return tables;
}

/** Forgets the copy's place once it is complete and checked: the target is then an ordinary database. */
export async function finishCopy(target: AnyDb): Promise<void> {
  await sql`drop table if exists ${sql.table(PROGRESS)}`.execute(target);
}
