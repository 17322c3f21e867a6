import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { startPgCluster } from '../support/pg-cluster.ts';

/**
 * The PostgreSQL server the benchmark runs on: BENCH_PG_URL when given (a server URL whose user may create
 * databases), else a local server of its own whose files stay under .bench/pg, so its data set is built once.
 * Settings are the defaults (durable commits) with a larger buffer cache, as a small production server has.
 */
export async function benchPostgres(): Promise<{
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}> {
  const env = { ANSWERWATCH_SECRET_KEY: randomBytes(32).toString('base64') };
  if (process.env.BENCH_PG_URL) return { url: process.env.BENCH_PG_URL, env, stop: async () => {} };
  const cluster = await startPgCluster({
    dir: resolve('.bench/pg'),
    settings: ['shared_buffers=1GB', 'effective_cache_size=4GB', 'max_connections=200'],
  });
  return { url: cluster.url, env, stop: () => cluster.stop() };
}
