import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkApiKey } from '../domain/api-keys.ts';
import { keyCaller, keyRefusal, ownerCaller, requireScope } from '../domain/callers.ts';
import type { SessionBridge } from '../auth/bridge.ts';
import type { Clock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';
import type { Plan } from '../domain/plans.ts';
import type { Store } from '../store/index.ts';
import type { Caller } from './caller.ts';
import { rateLimited, rateLimitHeader, type RateLimiter } from './rate-limit.ts';

const CHALLENGE = 'Bearer realm="answerwatch", error="invalid_token"';

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

const SESSION_ENDED =
  'The session has ended or expired: sign in again, or send an API key as `Authorization: Bearer <key>`.';

/**
 * One hook decides, in order: who is calling, whether they are within their rate limit (every response carries
 * RateLimit), whether the key is valid, whether the plan has API access, and whether the key has the scope. A
 * request with the session cookie and no Authorization header is a signed-in person's (server/auth/bridge.ts):
 * the same caller, with the person's role as its scopes; the plan's API access is about keys, so not asked.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: {
    store: Store;
    clock: Clock;
    limiter: RateLimiter;
    plans: readonly Plan[];
    localOwnerToken?: string;
    sessions?: SessionBridge;
  },
) {
  app.decorateRequest('caller', null as unknown as Caller);
  // The address a change came from goes into the audit log with whoever made it.
  app.addHook('preHandler', async (request) => {
    if (request.caller) request.caller = { ...request.caller, address: request.ip };
  });
  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.scope;
    if (scope && isLocalOwner(request, deps.localOwnerToken)) {
      const account = request.headers['x-answerwatch-account'];
      request.caller = await ownerCaller(
        deps,
        typeof account === 'string' ? account : undefined,
        'Local owner (web UI)',
        'Name one of this machine’s accounts in X-Answerwatch-Account.',
      );
      return;
    }
    if (scope && !request.headers.authorization && deps.sessions?.carries(request.headers)) {
      const caller = await deps.sessions.caller(request.method, request.headers);
      const rate = await deps.limiter.consume(
        caller ? caller.keyId : `ip:${request.ip}`,
        deps.clock.now().getTime(),
      );
      reply.header('ratelimit', rateLimitHeader(rate));
      if (!rate.allowed) throw rateLimited(rate);
      if (!caller) {
        reply.header('www-authenticate', CHALLENGE);
        throw new AppError('invalid_key', SESSION_ENDED);
      }
      requireScope(caller, scope);
      request.caller = caller;
      return;
    }
    const now = deps.clock.now().getTime();
    const { check, rate } = scope
      ? await checkApiKey(
          deps.store,
          deps.clock,
          deps.plans,
          bearerToken(request.headers.authorization),
          `ip:${request.ip}`,
          (take) => deps.limiter.decide(now, take),
          {
            projectId: (request.params as { projectId?: string } | undefined)?.projectId,
            listProjects: request.routeOptions.config.listsKeyProjects,
          },
        )
      : { check: null, rate: await deps.limiter.consume(`ip:${request.ip}`, now) };
    reply.header('ratelimit', rateLimitHeader(rate));
    if (!rate.allowed) throw rateLimited(rate);
    if (!check) return;
    if (!check.ok) {
      reply.header('www-authenticate', CHALLENGE);
      throw keyRefusal(check);
    }
    const caller = keyCaller(deps.plans, check);
    requireScope(caller, scope!);
    request.caller = caller;
  });
}
