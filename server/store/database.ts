import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  SqliteDialect,
  type Migration,
  type MigrationProvider,
  type SqliteDatabase,
} from 'kysely';
import * as initial from './migrations/0001-initial.ts';
import * as runs from './migrations/0002-runs.ts';
import * as hosts from './migrations/0003-hosts.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-runs': runs,
  '0003-hosts': hosts,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query anew; the service runs the same few hundred statements all day, so they are kept
 * prepared. Kysely serialises use of the connection, so one statement is never stepped by two queries at once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE) cache.clear();
        statement = sqlite.prepare(sql);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Opens (creating when needed) the SQLite file, applies the pragmas the service relies on, and migrates it. */
export async function openDatabase(path: string): Promise<Db> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
  return db;
}
