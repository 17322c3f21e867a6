import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { createAccount } from '../../server/domain/accounts.ts';
import { createApiKey } from '../../server/domain/api-keys.ts';
import type { Clock } from '../../server/domain/clock.ts';
import { NO_SIGNALS, type Services, type Signals, type WebhookPort } from '../../server/domain/context.ts';
import { createSecretBox, type SecretBox } from '../../server/domain/secret-box.ts';
import { createWebhookDeliverer } from '../../server/jobs/webhook-deliverer.ts';
import { createWebhookNetwork, type WebhookNetOptions } from '../../server/jobs/webhook-network.ts';
import { randomBytes } from 'node:crypto';
import { createCursorCodec } from '../../server/domain/cursor.ts';
import { createReadCache } from '../../server/domain/read-cache.ts';
import type { Plan } from '../../server/domain/plans.ts';
import type { RateLimits } from '../../server/http/rate-limit.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { freshDatabase } from './test-db.ts';

export const BASE = 'http://127.0.0.1:8787/v1';

/** A clock tests can set and move. */
export class TestClock implements Clock {
  constructor(private t = Date.parse('2026-06-15T12:00:00.000Z')) {}
  now() {
    return new Date(this.t);
  }
  set(iso: string) {
    this.t = Date.parse(iso);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

/** A log that keeps nothing, for jobs whose output a test does not read. */
export const SILENT = { info: () => {}, warn: () => {}, error: () => {} };

/** Public test names for webhooks: hooks.acme.com and friends resolve to a public address; others do not resolve. */
export function testResolver(names: Record<string, string[]> = {}) {
  const table: Record<string, string[]> = {
    'hooks.acme.com': ['93.184.216.34'],
    'hooks2.acme.com': ['93.184.216.35'],
    ...names,
  };
  return async (hostname: string): Promise<string[]> => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };
}

export interface Harness {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  /** Where the database is: a file path on SQLite, a postgres:// URL on PostgreSQL (rawDb opens either). */
  dbPath: string;
  /** The domain's services over the same store and clock, for calling domain code directly. */
  services: Services;
  /** An account with a key; every scope unless told otherwise. */
  account(
    plan?: string,
    scopes?: string[],
    projectIds?: string[],
  ): Promise<{ accountId: string; key: string; keyId: string }>;
  key(accountId: string, scopes?: string[], projectIds?: string[], expiresAt?: string): Promise<string>;
  get(url: string, key?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** A write with a JSON body (none when `body` is undefined). */
  write(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    key: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const ALL_SCOPES = ['visibility:read', 'tracking:write', 'runs:execute'];

/**
 * The app in-process on a real database of its own: a fresh SQLite file, or a fresh PostgreSQL database when the
 * run is the PostgreSQL one (ANSWERWATCH_TEST_DB=postgres, see test/vitest.config.ts).
 */
export async function createHarness(
  opts: {
    rateLimits?: RateLimits;
    clock?: TestClock;
    plans?: readonly Plan[];
    signals?: Signals;
    secrets?: SecretBox;
    /** Default: a deliverer that is never started, on the network options below. */
    webhooks?: WebhookPort;
    webhookNet?: WebhookNetOptions;
    localOwner?: AppOptions['localOwner'];
    webUiDir?: string;
    cloudEngineIds?: AppOptions['cloudEngineIds'];
    signUp?: AppOptions['signUp'];
    /** The public base address (ANSWERWATCH_PUBLIC_URL); default BASE. */
    baseUrl?: string;
    /** ANSWERWATCH_SSO_ALLOW_PRIVATE: single sign-on providers on 127.0.0.1 (the tests' own). */
    ssoAllowPrivate?: boolean;
    /** DNS for the single sign-on issuers' names (default: the system's). */
    ssoResolve?: AppOptions['ssoResolve'];
  } = {},
): Promise<Harness> {
  const database = await freshDatabase();
  const dbPath = database.location;
  const store = createStore(await openDatabase(dbPath, { poolSize: 4 }));
  const clock = opts.clock ?? new TestClock();
  const secrets = opts.secrets ?? createSecretBox(randomBytes(32));
  const webhooks =
    opts.webhooks ??
    createWebhookDeliverer({
      store,
      clock,
      secrets,
      log: SILENT,
      ...createWebhookNetwork(opts.webhookNet ?? { allowPrivate: false, resolve: testResolver() }),
    });
  const app = await buildApp({
    store,
    config: {
      baseUrl: opts.baseUrl ?? BASE,
      rateLimits: opts.rateLimits,
      plans: opts.plans,
      ssoAllowPrivate: opts.ssoAllowPrivate,
    },
    clock,
    validateResponses: true,
    signals: opts.signals,
    secrets,
    webhooks,
    localOwner: opts.localOwner,
    webUiDir: opts.webUiDir,
    cloudEngineIds: opts.cloudEngineIds,
    signUp: opts.signUp,
    ssoResolve: opts.ssoResolve,
  });
  const services: Services = {
    store,
    clock,
    cursors: createCursorCodec('test'),
    signals: opts.signals ?? NO_SIGNALS,
    baseUrl: opts.baseUrl ?? BASE,
    secrets,
    webhooks,
    reads: createReadCache(store),
  };
  const key = async (accountId: string, scopes = ALL_SCOPES, projectIds?: string[], expiresAt?: string) =>
    (await createApiKey(store, clock, { accountId, label: 'test', scopes, projectIds, expiresAt })).key;
  return {
    app,
    store,
    clock,
    dbPath,
    services,
    key,
    async account(plan = 'premium', scopes = ALL_SCOPES, projectIds) {
      const account = await createAccount(store, clock, { plan }, opts.plans);
      const created = await createApiKey(store, clock, {
        accountId: account.id,
        label: 'test',
        scopes,
        projectIds,
      });
      return { accountId: account.id, key: created.key, keyId: created.keyId };
    },
    get: (url, k, headers = {}) =>
      app.inject({
        method: 'GET',
        url,
        headers: { ...(k ? { authorization: `Bearer ${k}` } : {}), ...headers },
      }),
    request: (o) => app.inject(o),
    write: (method, url, k, body) =>
      app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${k}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
    async close() {
      services.reads.close();
      await app.close();
      await store.close();
      await database.drop();
    },
  };
}
