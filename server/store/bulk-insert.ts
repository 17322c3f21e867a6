import type { CompiledQuery, Compilable, DialectAdapter } from 'kysely';
import type { Db } from './database.ts';

/**
 * A multi-row INSERT built and compiled by Kysely once per row count, then run again with each chunk's values:
 * Kysely builds a query tree of every value and prints it anew on every call, which for 200 rows of 20 columns
 * cost about as much as SQLite's own insert. The SQL stays Kysely's, so it is right for either engine, and the
 * SQLite connection's statement cache keeps it prepared. `columns` lists each row's values in the order the
 * compiled statement binds them; each compilation checks that it does. Chunks of `size` rows (the caller's usual
 * chunk) run as one statement; any other count (a run's group of answers, the last chunk of a batch) runs as pieces
 * of powers of two (300 rows: 256, 32, 8 and 4), so a handful of statements per table are ever compiled and
 * prepared, instead of one for every row count a group happens to have.
 */
export function bulkInsert<R extends object, O>(
  size: number,
  columns: readonly (keyof R & string)[],
  build: (db: Db, rows: readonly R[]) => Compilable<O>,
) {
  // Per dialect adapter (one per open database, shared by its transactions): SQLite binds `?`, PostgreSQL `$1`.
  const compiled = new WeakMap<DialectAdapter, Map<number, CompiledQuery<O>>>();
  const values = (rows: readonly R[]) => {
    const out: unknown[] = [];
    for (const row of rows) for (const column of columns) out.push(row[column]);
    return out;
  };
  const run = async (db: Db, rows: readonly R[]): Promise<O[]> => {
    const { adapter } = db.getExecutor();
    let bySize = compiled.get(adapter);
    if (!bySize) compiled.set(adapter, (bySize = new Map()));
    const ready = bySize.get(rows.length);
    if (ready) return (await db.executeQuery<O>({ ...ready, parameters: values(rows) })).rows;
    const query = build(db, rows).compile();
    const mine = values(rows);
    if (query.parameters.length !== mine.length || query.parameters.some((p, i) => p !== mine[i]))
      throw new Error('bulkInsert: the columns do not follow the order the compiled INSERT binds');
    bySize.set(rows.length, query);
    return (await db.executeQuery(query)).rows;
  };
  return async (db: Db, rows: readonly R[]): Promise<O[]> => {
    if (rows.length === size) return run(db, rows);
    const out: O[] = [];
    for (let at = 0; at < rows.length;) {
      const piece = 2 ** Math.floor(Math.log2(rows.length - at));
      out.push(...(await run(db, rows.slice(at, at + piece))));
      at += piece;
    }
    return out;
  };
}
