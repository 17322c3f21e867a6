import type { Db } from './engine.ts';
import { isPostgresUrl } from './location.ts';
import type { MigrationHooks } from './migration-hooks.ts';

export type { Db } from './engine.ts';

export interface OpenOptions {
  /** PostgreSQL connections kept open (ANSWERWATCH_DB_POOL); SQLite has one. */
  poolSize?: number;
  /** What the migrations need from above the store: server/domain/database.ts hands in the domain's. */
  migrations: MigrationHooks;
}

/**
 * Opens the database at `location` and brings its schema up to date: a `postgres://` URL opens PostgreSQL, any
 * other location is an SQLite file (created when missing). Callers then use the same store either way. Each
 * engine's driver is loaded only when used.
 */
export async function openDatabase(location: string, opts: OpenOptions): Promise<Db> {
  if (isPostgresUrl(location)) return (await import('./postgres.ts')).openPostgres(location, opts);
  return (await import('./sqlite.ts')).openSqlite(location, opts.migrations);
}
