import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { SQLITE_FOLD_CASE, sqliteDialect } from './dialect.ts';
import { registerEngine, type Db } from './engine.ts';
import { migrateToLatest } from './migrate.ts';
import type { MigrationHooks } from './migration-hooks.ts';
import { memoryRateCounter } from './rate-counter.ts';
import type { Database } from './schema.ts';

const STATEMENT_CACHE = 500;

const READS = /^\s*(select|pragma|explain)\b/i;

/** Statements that change the schema: SQLite counts no changed rows for them, yet what reads see may change. */
const SCHEMA = /^\s*(create|drop|alter)\b/i;

/**
 * A key's last use, noted at most once a minute for each key in use (apiKeys.touch): no cached read shows it, and
 * counting it as a write emptied the whole file's read cache every minute for every polling key, so each cached
 * read was rendered again (a year of daily trends, tens of ms) while its cached bytes were still exact.
 */
const KEY_USE = /^\s*update\s+"api_keys"\s+set\s+"last_used_at"\s*=\s*\?\s+where\b/i;

/**
 * Kysely prepares every query anew; the service runs the same few hundred statements all day, so they are kept
 * prepared. Kysely serialises use of the connection, so one statement is never stepped by two queries at once.
 * Every statement that changed rows (SQLite's count of rows inserted, updated or deleted on this connection,
 * triggers' included) or the schema bumps `writes`, which tells cached reads that the data changed. A statement
 * that changed nothing leaves them valid: the background jobs look for due work every second with an UPDATE
 * that usually claims no row, and counting those emptied the read cache every second.
 */
function withStatementCache(sqlite: SQLite.Database, onWrite: () => void): SqliteDatabase {
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  let seen = totalChanges.get() as number;
  const changedRows = () => {
    const now = totalChanges.get() as number;
    if (now === seen) return false;
    seen = now;
    return true;
  };
  // `unseen`: its changes are taken as seen without a write, so the next statement does not count them either.
  const counted = (statement: SQLite.Statement, schema: boolean, unseen: boolean): SqliteStatement => {
    const after = () => {
      if ((changedRows() || schema) && !unseen) onWrite();
    };
    return {
      reader: statement.reader,
      all(parameters) {
        const rows = statement.all(parameters);
        after();
        return rows;
      },
      run(parameters) {
        const result = statement.run(parameters);
        after();
        return result;
      },
      iterate(parameters) {
        onWrite();
        return statement.iterate(parameters);
      },
    };
  };
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE) cache.clear();
        const prepared = sqlite.prepare(sql);
        statement = READS.test(sql) ? prepared : counted(prepared, SCHEMA.test(sql), KEY_USE.test(sql));
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Opens (creating when needed) the SQLite file, applies the pragmas the service relies on, and migrates it. One
 * process serves an SQLite file, so request counts live in that process.
 */
export async function openSqlite(path: string, migrations: MigrationHooks): Promise<Db> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own page cache, in KiB: the hot index and summary pages of the service's reads fit in 8 MiB, and
  // the rest is read from the operating system's file cache, which holds the file anyway and is not the
  // process's memory. 64 MiB measured no faster on the 1M-answer benchmark (README, Service memory).
  sqlite.pragma('cache_size = -8192');
  // SQLite's LIKE stops reading at a U+0000: the folded text holds U+FFFD in its place, as PostgreSQL stores it,
  // so a search looks at the whole text on both engines.
  sqlite.function(SQLITE_FOLD_CASE, { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase().replaceAll('\0', '\uFFFD') : text,
  );
  let writes = 0;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => (writes += 1)) }),
  });
  try {
    await migrateToLatest(db, sqliteDialect.schema, migrations);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  // Any write through this connection, or a commit by another process on the same file (SQLite's data_version),
  // may change any project: one generation for the whole file is exact and costs no query.
  const generation = () => `${writes}.${String(sqlite.pragma('data_version', { simple: true }))}`;
  return registerEngine(db, {
    dialect: sqliteDialect,
    generation: async () => generation(),
    onChange: () => () => {},
    onDeliveriesQueued: () => () => {},
    rateCounter: memoryRateCounter(),
    useKey: null,
    close: async () => {},
  });
}
