import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { signUpWithoutMail } from '../auth/sign-up-rules.ts';
import { loadConfig, type Config } from '../config.ts';
import { keyedEngineIds, loadCloudConfig } from '../../engines/cloud/index.ts';
import { systemClock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';
import { randomAlnum } from '../domain/ids.ts';
import { createSecretBox, unopenable, type SecretBox } from '../domain/secret-box.ts';
import { startBackgroundJobs } from '../jobs/background.ts';
import { createLogger } from '../logger.ts';
import { createConsoleTransport } from '../mail/console-transport.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { CloudSignInPort } from '../routes/local-cloud.ts';
import type { LocalHostPort } from '../routes/local-owner.ts';
import { markOwner } from '../owner-mark.ts';
import { keyFileBeside, keyFromEnv, loadSecretKey } from '../secret-key.ts';
import { isPostgresUrl, redactLocation } from '../store/location.ts';
import type { Store } from '../store/index.ts';
import { openStore } from './context.ts';
import { fail } from './output.ts';
import { PUBLIC_URL_SETTING } from './public-url.ts';
import { servePeopleLines } from './serve-output.ts';
import { dataDirOf, logFileFor, nextSteps } from './start-output.ts';

/** A setting the service cannot use is one line naming it, not a stack trace. */
function configOrFail(overrides: Partial<Config>): Config {
  try {
    return loadConfig(process.env, overrides);
  } catch (err) {
    return fail((err as Error).message);
  }
}

function keyOrFail(database: string): Buffer {
  try {
    return loadSecretKey(process.env, database);
  } catch (err) {
    return fail((err as Error).message);
  }
}

/**
 * A database moved without its key file starts with a new key, which cannot open the webhook secrets sealed under
 * the old one (every signed delivery would fail) nor the mail waiting in the outbox (it would fail unsent).
 * Refused here, saying which key to bring back, rather than later.
 */
async function refuseForeignKey(store: Store, secrets: SecretBox, database: string): Promise<void> {
  const sealed = await store.webhooks.sealedSecrets();
  const queued = await store.mail.pendingContents();
  const closed = unopenable(secrets, sealed);
  const closedMail = unopenable(secrets, queued);
  if (closed === 0 && closedMail === 0) return;
  await store.close();
  const file = isPostgresUrl(database) ? null : keyFileBeside(database);
  const bringBack = file
    ? `Bring back the answerwatch.key that was beside the database when they were sealed (to ${file}), ` +
      'or set ANSWERWATCH_SECRET_KEY to its contents'
    : 'Set ANSWERWATCH_SECRET_KEY to the key they were sealed with (the same on every instance)';
  const what = [
    closed > 0 && `${closed} of ${sealed.length} webhook secrets`,
    closedMail > 0 && `${closedMail} of ${queued.length} queued e-mails`,
  ].filter(Boolean);
  fail(
    `${what.join(' and ')} in the database do not open with the sealing key ` +
      `(${keyFromEnv(process.env) || !file ? 'ANSWERWATCH_SECRET_KEY' : file}): they were sealed with another one. ` +
      `${bringBack}, and start again.`,
  );
}

/**
 * Mail goes to the SMTP server when one is set; else `start` prints it on its console (the person reading it is at
 * this computer), and `serve` has no way to send it: it waits in the outbox. nodemailer loads only when used.
 */
async function mailTransport(mode: 'start' | 'serve', config: Config): Promise<MailTransport | null> {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) return (await import('../mail/smtp-transport.ts')).createSmtpTransport({ smtpUrl, from });
  return mode === 'start' ? createConsoleTransport(process.stdout) : null;
}

/** The port taken is the first thing a second `npm start` meets: one line saying what to do, not a stack trace. */
function portInUse(mode: 'start' | 'serve', host: string, port: number): string {
  const other = port === 9000 ? 9001 : 9000;
  const again =
    mode === 'start'
      ? `PORT=${other} npm start (or npx answerwatch start --port ${other})`
      : `npx answerwatch serve --port ${other}`;
  return (
    `Port ${port} on ${host} is in use (another Answerwatch or another program is listening there). ` +
    `Stop it, or start on another port: ${again}`
  );
}

/**
 * A free port on `host`, for `--port 0`: taken before anything is built, so every address the service writes (share
 * and sign-in links, problem types, webhook links) names the port it listens on, not port 0. The probe closes just
 * before the service listens there; another program taking that very port in between fails as a port in use.
 */
async function freePort(host: string): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve, reject) =>
    probe.once('error', reject).listen({ host, port: 0 }, resolve),
  );
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ServeOptions {
  db?: string;
  port?: string;
  host?: string;
  /** `start` only: request and job logs on stdout even on a terminal. */
  verbose?: boolean;
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
  let config = configOrFail(overrides);
  if (config.port === 0) config = configOrFail({ ...overrides, port: await freePort(config.host) });
  const noMail = mode === 'serve' && signUpWithoutMail(process.env, config.mailConfigured);
  if (noMail) fail(noMail);
  // The key first: a service that could not open its webhook secrets must not start, nor touch the database.
  const secrets = createSecretBox(keyOrFail(config.database));
  const store = await openStore(config);
  await refuseForeignKey(store, secrets, config.database);
  const logFile = logFileFor(mode, config.database, {
    verbose: opts.verbose,
    tty: process.stdout.isTTY === true,
  });
  const log = createLogger(config.logLevel, logFile ? { file: logFile } : 1);
  const mail = await mailTransport(mode, config);
  const empty = mode === 'start' && (await store.accounts.ids()).length === 0;
  // The operator's commands (`people invite`) write links from a shell that may not have the service's variables.
  if (mode === 'serve') await store.settings.set(PUBLIC_URL_SETTING, config.baseUrl);
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
    mail: mail && { transport: mail, leaseMs: config.mail.leaseMs },
  });
  // `start` only: the host agents start once the port is known, loaded then (`serve` never loads them); the
  // owner's routes, which need the token printed after that, reach them through this.
  let localHosts: Promise<LocalHostPort & { stop(): Promise<void> }> | undefined;
  const hosts: LocalHostPort = {
    engineKeys: async (a) => (await localHosts!).engineKeys(a),
    setEngineKey: async (a, e, k) => (await localHosts!).setEngineKey(a, e, k),
    removeEngineKey: async (a, e) => (await localHosts!).removeEngineKey(a, e),
    signIn: async (a, e) => (await localHosts!).signIn(a, e),
    hostAccount: (a) => void localHosts?.then((h) => h.hostAccount(a)),
  };
  // This computer's sign-in to a cloud service, with an agent of its own (`start` only, as the local hosts).
  let cloudHost: Promise<(CloudSignInPort & { stop(): Promise<void> }) | undefined> | undefined;
  const cloudPort = async () => {
    const port = await cloudHost;
    if (!port)
      throw new AppError('not_found', 'This computer cannot sign in to a cloud service: see the log.');
    return port;
  };
  const cloud: CloudSignInPort = {
    state: async () => (await cloudPort()).state(),
    start: async (server) => (await cloudPort()).start(server),
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
    signUp: config.signUp,
    ...(ownerToken && { localOwner: { token: ownerToken, hosts, cloud } }),
  });
  // What removes the owner mark `answerwatch mcp` looks for (owner-mark.ts), once `start` has written it.
  let unmarkOwner: (() => Promise<void>) | undefined;
  const stop = async () => {
    await unmarkOwner?.();
    await (await localHosts)?.stop();
    await (await cloudHost)?.stop();
    await app.close();
    await jobs.stop();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A parent that runs the service as its child (the desktop app) holds its stdin: when the parent is gone, so is it.
  if (process.env.ANSWERWATCH_STOP_WITH_STDIN === '1') process.stdin.on('end', () => void stop()).resume();
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app.close();
    await jobs.stop();
    await store.close();
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    fail(portInUse(mode, config.host, config.port));
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (mode === 'start') {
    if (config.database !== ':memory:') unmarkOwner = await markOwner(store, config.database);
    localHosts = import('./local-host.ts').then(({ startLocalHosts }) =>
      startLocalHosts({
        store,
        clock: systemClock,
        serverUrl: `http://127.0.0.1:${port}`,
        dataDir: join(dataDirOf(config.database), 'agent'),
        log: log.child({ component: 'agent' }),
        env: process.env,
        checkInMs: config.agentCheckInMs,
      }),
    );
  }
  if (mode === 'start') {
    cloudHost = import('./cloud-host.ts')
      .then(({ startCloudHost }) =>
        startCloudHost({
          // Beside the local hosts' folders, which are named by account id (`acc…`), so never this one.
          dataDir: join(dataDirOf(config.database), 'agent', 'cloud'),
          log: log.child({ component: 'cloud-agent' }),
          env: process.env,
          checkInMs: config.agentCheckInMs,
        }),
      )
      .catch((err: unknown) => {
        // The service itself serves on: only signing in to a cloud service is out of reach.
        log.error({ err }, 'the cloud sign-in could not start');
        return undefined;
      });
  }
  const api = `http://${config.host}:${port}/v1`;
  process.stdout.write(
    `Answerwatch (${mode}) listening on ${api} — database ${redactLocation(config.database)}\n` +
      `API reference: ${api}/docs\n` +
      (ownerToken ? `Web UI: http://127.0.0.1:${port}/app/#token=${ownerToken}\n` : '') +
      (mode === 'serve' ? servePeopleLines(config) : '') +
      (empty ? nextSteps(config.database, api, process.env) : '') +
      (logFile ? `Logs: ${logFile} (start --verbose prints them here). Ctrl+C stops.\n` : ''),
  );
}
