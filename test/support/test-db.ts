import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl, onServer } from './pg-cluster.ts';
import { types } from '../../server/store/postgres.ts';
import type { Database } from '../../server/store/schema.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of this test run (postgres:// URL of its maintenance database). */
    pgUrl: string;
    /** A migrated database each test database is copied from. */
    pgTemplate: string;
  }
}

/**
 * The engine this run tests: test/vitest.config.ts runs the API tier once per engine, telling each run which
 * through ANSWERWATCH_TEST_DB. Everything else runs on SQLite, the embedded default.
 */
export const TEST_ENGINE: 'sqlite' | 'postgres' =
  process.env.ANSWERWATCH_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  /** What openDatabase takes: a file path on SQLite, a postgres:// URL on PostgreSQL. */
  location: string;
  /** Removes the database, or leaves it to the end of the run (PostgreSQL). */
  drop(): Promise<void>;
}

/**
 * A new database of its own for one test or file, so test files run side by side: a temporary SQLite file, or a
 * PostgreSQL database copied from the run's migrated template on the run's server.
 */
export async function freshDatabase(): Promise<TestDatabase> {
  if (TEST_ENGINE === 'postgres') {
    const server = inject('pgUrl');
    const template = inject('pgTemplate');
    // Named after the run's template, so the run's teardown finds and drops them all: dropping each one here
    // would cost a checkpoint per test. A small template copies fastest file by file.
    const name = `${template}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await onServer(server, `create database ${name} template ${template} strategy file_copy`);
    return { location: databaseUrl(server, name), drop: async () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'aw-api-'));
  return { location: join(dir, 'test.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A second connection to a test's database, for rows no API writes yet (runs, run requests, webhooks). */
export function rawDb(location: string): Kysely<Database> {
  if (location.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: location, max: 2, types });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new SQLite(location);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
