import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrl, onServer, PG_MISSING, pgBinDir, startPgCluster, type PgCluster } from './pg-cluster.ts';

export type Engine = 'sqlite' | 'postgres';

/**
 * The engines an end-to-end test runs on: SQLite always, PostgreSQL when a server can be had (ANSWERWATCH_TEST_PG,
 * or an installed one to start). Under CI a missing server is an error; elsewhere the test says what to install.
 */
export function e2eEngines(): Engine[] {
  if (process.env.ANSWERWATCH_TEST_PG || pgBinDir()) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') throw new Error(PG_MISSING);
  console.warn(`Note: end-to-end tests run on SQLite only. ${PG_MISSING}`);
  return ['sqlite'];
}

export interface ServiceDatabase {
  engine: Engine;
  /** What `--db` takes. */
  location: string;
  /** What the service needs besides: a shared sealing key on PostgreSQL. */
  env: Record<string, string>;
  /** How the service runs on it: `start` on the embedded SQLite, `serve` (the cloud service) on PostgreSQL. */
  mode: 'start' | 'serve';
  /** The PostgreSQL server when this test started its own (to stop and start it again). */
  cluster: PgCluster | null;
  close(): Promise<void>;
}

/**
 * A database for a service started by an end-to-end test: an SQLite file in a temporary folder, or a new
 * database on a throwaway PostgreSQL server of the test's own (or on ANSWERWATCH_TEST_PG's server).
 * `durable` keeps fsync on, for tests that stop the server and count what survived.
 */
export async function serviceDatabase(
  engine: Engine,
  opts: { durable?: boolean } = {},
): Promise<ServiceDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'aw-e2e-'));
    return {
      engine,
      location: join(dir, 'answerwatch.db'),
      env: {},
      mode: 'start',
      cluster: null,
      close: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const own =
    process.env.ANSWERWATCH_TEST_PG && !opts.durable ? null : await startPgCluster({ fast: !opts.durable });
  const server = own?.url ?? process.env.ANSWERWATCH_TEST_PG!;
  const name = `aw_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(server, `create database ${name}`);
  return {
    engine,
    location: databaseUrl(server, name),
    env: { ANSWERWATCH_SECRET_KEY: randomBytes(32).toString('base64') },
    mode: 'serve',
    cluster: own,
    async close() {
      if (own) await own.destroy();
      else await onServer(server, `drop database if exists ${name} with (force)`);
    },
  };
}
