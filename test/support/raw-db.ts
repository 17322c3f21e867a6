import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import type { Database } from '../../server/store/schema.ts';

/** A second connection to a test's database, for rows no API writes yet (runs, run requests, webhooks). */
export function rawDb(path: string): Kysely<Database> {
  const sqlite = new SQLite(path);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
