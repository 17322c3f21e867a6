import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { bulkInsert } from '../../server/store/bulk-insert.ts';
import type { Db } from '../../server/domain/database.ts';

interface Row {
  id: string;
  n: number;
}

/** A PostgreSQL dialect whose connection records the statements it is given and answers no rows. */
function recordingPostgres(sent: CompiledQuery[]): Db {
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      sent.push(query);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }) as unknown as Db;
}

describe('bulkInsert', () => {
  const insert = bulkInsert<Row, { id: string }>(2, ['id', 'n'], (db, rows) =>
    (db as unknown as Kysely<{ t: Row }>)
      .insertInto('t')
      .values([...rows])
      .returning('id'),
  );

  it('runs each chunk with its own values, compiling the usual chunk size once per engine', async () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (id text primary key, n integer)');
    const lite = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }) as unknown as Db;
    expect(
      await insert(lite, [
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
      ]),
    ).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(
      await insert(lite, [
        { id: 'c', n: 3 },
        { id: 'd', n: 4 },
      ]),
    ).toEqual([{ id: 'c' }, { id: 'd' }]);
    expect(await insert(lite, [{ id: 'e', n: 5 }])).toEqual([{ id: 'e' }]);
    expect(sqlite.prepare('select id, n from t order by id').all()).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, n: i + 1 })),
    );

    // The same insert on PostgreSQL in the same process gets PostgreSQL's statement, not SQLite's kept one.
    const sent: CompiledQuery[] = [];
    const pg = recordingPostgres(sent);
    await insert(pg, [
      { id: 'x', n: 7 },
      { id: 'y', n: 8 },
    ]);
    await insert(pg, [
      { id: 'z', n: 9 },
      { id: 'w', n: 10 },
    ]);
    expect(sent.map((q) => q.sql)).toEqual([
      'insert into "t" ("id", "n") values ($1, $2), ($3, $4) returning "id"',
      'insert into "t" ("id", "n") values ($1, $2), ($3, $4) returning "id"',
    ]);
    expect(sent.map((q) => q.parameters)).toEqual([
      ['x', 7, 'y', 8],
      ['z', 9, 'w', 10],
    ]);
    await lite.destroy();
  });

  it('runs any other row count as pieces of powers of two, each compiled once', async () => {
    const sent: CompiledQuery[] = [];
    const pg = recordingPostgres(sent);
    const rows = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, n: from + i }));
    let builds = 0;
    const odd = bulkInsert<Row, { id: string }>(8, ['id', 'n'], (db, chunk) => {
      builds += 1;
      return (db as unknown as Kysely<{ t: Row }>).insertInto('t').values([...chunk]);
    });
    await odd(pg, rows(7, 0));
    await odd(pg, rows(5, 7));
    expect(sent.map((q) => q.parameters.length / 2)).toEqual([4, 2, 1, 4, 1]);
    expect(sent.flatMap((q) => q.parameters.filter((_, i) => i % 2 === 1))).toEqual(
      Array.from({ length: 12 }, (_, i) => i),
    );
    // Pieces of 4, 2 and 1 rows, each built once.
    expect(builds).toBe(3);
    expect(await odd(pg, [])).toEqual([]);
    expect(sent).toHaveLength(5);
  });
});
