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
  type SqliteStatement,
} from 'kysely';
import * as initial from './migrations/0001-initial.ts';
import * as runs from './migrations/0002-runs.ts';
import * as hosts from './migrations/0003-hosts.ts';
import * as positions from './migrations/0004-positions.ts';
import * as insights from './migrations/0006-insights.ts';
import * as sourceGaps from './migrations/0007-source-gaps.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-runs': runs,
  '0003-hosts': hosts,
  '0004-positions': positions,
  '0006-insights': insights,
  '0007-source-gaps': sourceGaps,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

const STATEMENT_CACHE = 500;

const READS = /^\s*(select|pragma|explain)\b/i;

/**
 * Kysely prepares every query anew; the service runs the same few hundred statements all day, so they are kept
 * prepared. Kysely serialises use of the connection, so one statement is never stepped by two queries at once.
 * Every statement that may write bumps `writes`, which tells cached reads that the data may have changed.
 */
function withStatementCache(sqlite: SQLite.Database, onWrite: () => void): SqliteDatabase {
  const counted = (statement: SQLite.Statement): SqliteStatement => ({
    reader: statement.reader,
    all(parameters) {
      const rows = statement.all(parameters);
      onWrite();
      return rows;
    },
    run(parameters) {
      const result = statement.run(parameters);
      onWrite();
      return result;
    },
    iterate(parameters) {
      onWrite();
      return statement.iterate(parameters);
    },
  });
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE) cache.clear();
        const prepared = sqlite.prepare(sql);
        statement = READS.test(sql) ? prepared : counted(prepared);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

const generations = new WeakMap<Db, () => string>();

/**
 * Changes whenever the data may have: a write through this connection, or a commit by another process on the same
 * file (SQLite's data_version). Cached reads are valid only while it stays the same.
 */
export function dataGeneration(db: Db): string {
  return generations.get(db)?.() ?? '';
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
  let writes = 0;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => (writes += 1)) }),
  });
  generations.set(db, () => `${writes}.${String(sqlite.pragma('data_version', { simple: true }))}`);
  // Unordered: a database made on a branch whose later-numbered migration merged first still takes the earlier one.
  const { error, results } = await new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
  return db;
}
