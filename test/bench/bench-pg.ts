import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { startPgCluster } from '../support/pg-cluster.ts';

export interface BenchPostgres {
  url: string;
  env: Record<string, string>;
  /** The server's main process, whose children are the backends, when the server is the benchmark's own. */
  pid: number | null;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL server the benchmark runs on: BENCH_PG_URL when given (a server URL whose user may create
 * databases), else a local server of its own whose files stay under .bench/pg, so its data set is built once.
 * Settings are the defaults (durable commits) with a larger buffer cache, as a small production server has.
 */
export async function benchPostgres(): Promise<BenchPostgres> {
  const env = { ANSWERWATCH_SECRET_KEY: sealingKey(resolve('.bench/pg-secret.key')) };
  if (process.env.BENCH_PG_URL)
    return { url: process.env.BENCH_PG_URL, env, pid: null, stop: async () => {} };
  const dir = resolve('.bench/pg');
  const cluster = await startPgCluster({
    dir,
    settings: ['shared_buffers=1GB', 'effective_cache_size=4GB', 'max_connections=200'],
  });
  const pid = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url: cluster.url, env, pid, stop: () => cluster.stop() };
}

/**
 * The data set's sealing key, kept beside it: the database holds secrets sealed with it (the sign-in secret), so a
 * data set built once is reused only with the key it was built with.
 */
function sealingKey(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
