import { dirname, join } from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { keyedEngineIds, loadCloudConfig } from '../../engines/cloud/index.ts';
import { systemClock } from '../domain/clock.ts';
import { randomAlnum } from '../domain/ids.ts';
import { createSecretBox, unopenable, type SecretBox } from '../domain/secret-box.ts';
import { startBackgroundJobs } from '../jobs/background.ts';
import { createLogger } from '../logger.ts';
import type { LocalHostPort } from '../routes/local-owner.ts';
import { markOwner } from '../owner-mark.ts';
import { keyFileBeside, keyFromEnv, loadSecretKey } from '../secret-key.ts';
import { isPostgresUrl, redactLocation } from '../store/location.ts';
import type { Store } from '../store/index.ts';
import { openStore } from './context.ts';
import { fail } from './output.ts';

function keyOrFail(database: string): Buffer {
  try {
    return loadSecretKey(process.env, database);
  } catch (err) {
    return fail((err as Error).message);
  }
}

/**
 * A database moved without its key file starts with a new key, which cannot open the webhook secrets sealed under
 * the old one: every signed delivery would fail. Refused here, saying which key to bring back, rather than later.
 */
async function refuseForeignKey(store: Store, secrets: SecretBox, database: string): Promise<void> {
  const sealed = await store.webhooks.sealedSecrets();
  const closed = unopenable(secrets, sealed);
  if (closed === 0) return;
  await store.close();
  const file = isPostgresUrl(database) ? null : keyFileBeside(database);
  const bringBack = file
    ? `Bring back the answerwatch.key that was beside the database when its webhooks were registered (to ${file}), ` +
      'or set ANSWERWATCH_SECRET_KEY to its contents'
    : 'Set ANSWERWATCH_SECRET_KEY to the key they were sealed with (the same on every instance)';
  fail(
    `${closed} of ${sealed.length} webhook secrets in the database do not open with the sealing key ` +
      `(${keyFromEnv(process.env) || !file ? 'ANSWERWATCH_SECRET_KEY' : file}): they were sealed with another one. ` +
      `${bringBack}, and start again.`,
  );
}

export interface ServeOptions {
  db?: string;
  port?: string;
  host?: string;
}

/**
 * Both modes serve the same API with the same background jobs. `start` is the one-machine set-up a new user runs
 * first: this computer is also the host of every account's projects, and the owner's web UI opens with a token
 * made for this launch.
 */
export async function runService(mode: 'start' | 'serve', opts: ServeOptions): Promise<void> {
  const overrides: Partial<Config> = {};
  if (opts.db) overrides.database = opts.db;
  if (opts.host) overrides.host = opts.host;
  if (opts.port) overrides.port = Number(opts.port);
  const config = loadConfig(process.env, overrides);
  // The key first: a service that could not open its webhook secrets must not start, nor touch the database.
  const secrets = createSecretBox(keyOrFail(config.database));
  const store = await openStore(config);
  await refuseForeignKey(store, secrets, config.database);
  const log = createLogger(config.logLevel);
  const jobs = await startBackgroundJobs({
    store,
    clock: systemClock,
    plans: config.plans,
    log: log.child({ component: 'jobs' }),
    leaseMs: config.runLeaseMs,
    baseUrl: config.baseUrl,
    secrets,
    webhookNet: { allowPrivate: config.webhookAllowPrivate },
    webhookLeaseMs: config.webhookLeaseMs,
  });
  // `start` only: the host agents start once the port is known, loaded then (`serve` never loads them); the
  // owner's routes, which need the token printed after that, reach them through this.
  let localHosts: Promise<LocalHostPort & { stop(): Promise<void> }> | undefined;
  const hosts: LocalHostPort = {
    engineKeys: async (a) => (await localHosts!).engineKeys(a),
    setEngineKey: async (a, e, k) => (await localHosts!).setEngineKey(a, e, k),
    removeEngineKey: async (a, e) => (await localHosts!).removeEngineKey(a, e),
    signIn: async (a, e) => (await localHosts!).signIn(a, e),
  };
  const ownerToken = mode === 'start' ? `awl_${randomAlnum(40)}` : undefined;
  const app = await buildApp({
    store,
    config,
    logger: log,
    signals: jobs.signals,
    secrets,
    webhooks: jobs.webhooks,
    cloudEngineIds: keyedEngineIds(loadCloudConfig(process.env)),
    ...(ownerToken && { localOwner: { token: ownerToken, hosts } }),
  });
  // What removes the owner mark `answerwatch mcp` looks for (owner-mark.ts), once `start` has written it.
  let unmarkOwner: (() => Promise<void>) | undefined;
  const stop = async () => {
    await unmarkOwner?.();
    await (await localHosts)?.stop();
    await app.close();
    await jobs.stop();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A parent that runs the service as its child (the desktop app) holds its stdin: when the parent is gone, so is it.
  if (process.env.ANSWERWATCH_STOP_WITH_STDIN === '1') process.stdin.on('end', () => void stop()).resume();
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (mode === 'start') {
    if (config.database !== ':memory:') unmarkOwner = await markOwner(store, config.database);
    localHosts = import('./local-host.ts').then(({ startLocalHosts }) =>
      startLocalHosts({
        store,
        clock: systemClock,
        serverUrl: `http://127.0.0.1:${port}`,
        // Beside an SQLite file; with a PostgreSQL database, in ./data as a new SQLite user's would be.
        dataDir: join(isPostgresUrl(config.database) ? 'data' : dirname(config.database), 'agent'),
        log: log.child({ component: 'agent' }),
        env: process.env,
        checkInMs: config.agentCheckInMs,
      }),
    );
  }
  process.stdout.write(
    `Answerwatch (${mode}) listening on http://${config.host}:${port}/v1 — database ${redactLocation(config.database)}\n` +
      `API reference: http://${config.host}:${port}/v1/docs\n` +
      (ownerToken ? `Web UI: http://127.0.0.1:${port}/app/#token=${ownerToken}\n` : ''),
  );
}
