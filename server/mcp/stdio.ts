import { existsSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from '../config.ts';
import { systemClock } from '../domain/clock.ts';
import { createServices } from '../domain/context.ts';
import { AppError } from '../domain/errors.ts';
import { createSecretBox } from '../domain/secret-box.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { createWebhookDeliverer } from '../jobs/webhook-deliverer.ts';
import { createWebhookNetwork } from '../jobs/webhook-network.ts';
import { createLogger } from '../logger.ts';
import { loadSecretKey } from '../secret-key.ts';
import { openDatabase } from '../domain/database.ts';
import { createStore } from '../store/index.ts';
import { createMcpServer } from './server.ts';
import { stdioCaller } from './stdio-caller.ts';

export interface StdioOptions {
  db?: string;
  account?: string;
}

function sealingKey(env: NodeJS.ProcessEnv, database: string): Buffer {
  try {
    return loadSecretKey(env, database);
  } catch (err) {
    throw new AppError('invalid_parameter', (err as Error).message);
  }
}

/**
 * `answerwatch mcp`: the MCP server over stdin and stdout, on the database itself (never through the HTTP API).
 * It runs no background jobs: a run it starts is carried out by the `start` or `serve` process on the same
 * database, whose executor looks for new requests every few seconds. Refusals at start-up (no database, a bad
 * key, no `start` beside it) print their reason on stderr and exit 1, so the assistant's log says what to fix.
 */
export async function serveStdio(opts: StdioOptions, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadConfig(env, opts.db ? { database: opts.db } : {});
  // Opening a path that does not exist would create an empty database that nothing else uses (a URL is a server's).
  if (!/^[a-z]+:\/\//i.test(config.database) && !existsSync(config.database)) {
    throw new AppError(
      'invalid_parameter',
      `No database at ${config.database}: pass --db or set ANSWERWATCH_DB.`,
    );
  }
  // The key before the database, as `serve` does: a missing key (it must be given on PostgreSQL) is one line.
  const secrets = createSecretBox(sealingKey(env, config.database));
  const store = createStore(await openDatabase(config.database, { poolSize: config.databasePool }));
  const log = createLogger(config.logLevel, 2);
  const { vetUrl, send } = createWebhookNetwork({ allowPrivate: config.webhookAllowPrivate });
  const s = await createServices({
    store,
    clock: systemClock,
    baseUrl: config.baseUrl,
    secrets,
    // Never started: MCP has no webhook tools, and the service on the database delivers its events.
    webhooks: createWebhookDeliverer({ store, clock: systemClock, secrets, vetUrl, send, log }),
  });
  const authenticate = stdioCaller({
    store,
    clock: systemClock,
    plans: config.plans,
    limiter: new RateLimiter(config.rateLimits, store.rateCounter),
    database: config.database,
    key: env.ANSWERWATCH_API_KEY,
    account: opts.account ?? env.ANSWERWATCH_ACCOUNT,
  });
  try {
    await authenticate();
  } catch (err) {
    s.reads.close();
    await store.close();
    throw err;
  }
  const mcp = createMcpServer({ s, authenticate, logFault: (err) => log.error({ err }, 'MCP tool fault') });
  let closing: Promise<void> | undefined;
  const stop = () =>
    (closing ??= (async () => {
      await mcp.close();
      s.reads.close();
      await store.close();
      process.exit(0);
    })());
  process.stdin.once('end', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await mcp.connect(new StdioServerTransport());
}
