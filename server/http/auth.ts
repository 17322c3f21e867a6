import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCOPES } from '../contract/account.ts';
import { checkApiKey } from '../domain/api-keys.ts';
import type { Clock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';
import { findPlan, type Plan } from '../domain/plans.ts';
import type { Store } from '../store/index.ts';
import type { Caller } from './caller.ts';
import type { RateLimiter } from './rate-limit.ts';

const CHALLENGE = 'Bearer realm="answerwatch", error="invalid_token"';

const KEY_DETAIL = {
  invalid_key: 'Send a valid API key as `Authorization: Bearer <key>`.',
  key_expired: 'This API key has expired; create a new one.',
  key_revoked: 'This API key was revoked; create a new one.',
} as const;

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The web UI of `answerwatch start`: the per-launch owner token, from this machine only. */
export function isLocalOwner(request: FastifyRequest, token: string | undefined): boolean {
  const given = bearerToken(request.headers.authorization);
  if (!token || !given || given.length !== token.length) return false;
  const loopback = request.ip === '127.0.0.1' || request.ip === '::1' || request.ip === '::ffff:127.0.0.1';
  return loopback && timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

/** The owner acts on one of the machine's accounts, named by a header, with every scope on every project. */
async function ownerCaller(
  deps: { store: Store; plans: readonly Plan[] },
  accountHeader: string | string[] | undefined,
): Promise<Caller> {
  const accountId = typeof accountHeader === 'string' ? accountHeader : undefined;
  const account = accountId ? await deps.store.accounts.get(accountId) : undefined;
  const plan = account && findPlan(account.plan, deps.plans);
  if (!account || !plan) {
    throw new AppError('invalid_parameter', 'Name one of this machine’s accounts in X-Answerwatch-Account.');
  }
  return {
    keyId: 'local-owner',
    label: 'Local owner (web UI)',
    scopes: [...SCOPES],
    createdAt: account.createdAt,
    expiresAt: null,
    accountId: account.id,
    plan,
    projectIds: null,
  };
}

/**
 * One hook decides, in order: who is calling, whether they are within their rate limit (every response carries
 * RateLimit), whether the key is valid, whether the plan has API access, and whether the key has the scope.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: {
    store: Store;
    clock: Clock;
    limiter: RateLimiter;
    plans: readonly Plan[];
    localOwnerToken?: string;
  },
) {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.scope;
    if (scope && isLocalOwner(request, deps.localOwnerToken)) {
      request.caller = await ownerCaller(deps, request.headers['x-answerwatch-account']);
      return;
    }
    const check = scope
      ? await checkApiKey(deps.store, deps.clock, bearerToken(request.headers.authorization))
      : null;
    const bucket = check?.ok ? `key:${check.key.id}` : `ip:${request.ip}`;
    const rate = await deps.limiter.consume(bucket, deps.clock.now().getTime());
    reply.header('ratelimit', `limit=${rate.limit}, remaining=${rate.remaining}, reset=${rate.reset}`);
    if (!rate.allowed) {
      reply.header('retry-after', String(rate.reset));
      throw new AppError(
        'rate_limited',
        `Rate limit of ${rate.limit} requests reached; retry in ${rate.reset} s.`,
      );
    }
    if (!scope || !check) return;
    if (!check.ok) {
      reply.header('www-authenticate', CHALLENGE);
      throw new AppError(check.code, KEY_DETAIL[check.code]);
    }
    const account = await deps.store.accounts.get(check.key.accountId);
    const plan = account && findPlan(account.plan, deps.plans);
    if (!plan?.apiAccess) {
      throw new AppError(
        'plan_required',
        `The ${account?.plan ?? 'current'} plan has no API access; upgrade to use the API.`,
      );
    }
    if (!check.key.scopes.includes(scope)) {
      throw new AppError('insufficient_scope', `This key lacks the ${scope} scope.`);
    }
    request.caller = {
      keyId: check.key.id,
      label: check.key.label,
      scopes: check.key.scopes,
      createdAt: check.key.createdAt,
      expiresAt: check.key.expiresAt,
      accountId: check.key.accountId,
      plan,
      projectIds: check.key.allProjects ? null : check.key.projectIds,
    };
  });
}
