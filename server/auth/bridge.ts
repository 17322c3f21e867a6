import type { IncomingHttpHeaders } from 'node:http';
import { SIGNED_IN } from '../domain/callers.ts';
import type { Caller } from '../domain/context.ts';
import { AppError } from '../domain/errors.ts';
import { findPlan, type Plan } from '../domain/plans.ts';
import type { Store } from '../store/index.ts';
import type { Identity } from './identity.ts';
import { roleOf, scopesOf } from './roles.ts';
import { SessionCache } from './session-cache.ts';
import type { IdentityRows } from './sign-up.ts';
import { mayWriteWithCookie } from './same-origin.ts';
import { webHeaders } from './web-headers.ts';

/** The library's session cookie under our prefix; `__Secure-` in front of it when the service is served over https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?answerwatch\.session_token=([^;]*)/;

const CROSS_SITE =
  'A write signed in with the session cookie must come from this service’s own pages (same origin); ' +
  'other clients send an API key as `Authorization: Bearer <key>`.';

/**
 * Turns a signed-in person's request into the same Caller an API key makes, so the domain never knows which it got:
 * the account is the one named by X-Answerwatch-Account, else the session's active organization (the same id), else
 * the person's only account,
 * the scopes are the person's role in it (roles.ts), every project of the account is in reach.
 */
export interface SessionBridge {
  /** Whether the request carries the session cookie (and so is the bridge's to decide). */
  carries(headers: IncomingHttpHeaders): boolean;
  /** The caller, or null when the session is unknown, ended or expired (the request is then a 401). */
  caller(method: string, headers: IncomingHttpHeaders): Promise<Caller | null>;
}

/** What a cookie resolved to: its person and session, and the caller it makes in each account asked for. */
interface Resolved {
  userId: string;
  email: string;
  activeAccountId: string | null | undefined;
  createdAt: string;
  expiresAt: string;
  callers: Map<string, Caller>;
}

export function sessionBridge(d: {
  identity: Identity;
  store: Store;
  plans: readonly Plan[];
  ownOrigin: string;
}): SessionBridge {
  const cache = new SessionCache<Resolved>();
  const rows = async (): Promise<IdentityRows> => (await d.identity.$context).adapter;

  /** The session the cookie names: remembered a few seconds, but always only while its row is still there. */
  async function session(cookie: string, headers: IncomingHttpHeaders): Promise<Resolved | null> {
    const now = Date.now();
    const hit = cache.get(cookie, now);
    if (hit) {
      const row = await (
        await rows()
      ).findOne<{ expiresAt: Date | string; activeOrganizationId?: string | null }>({
        model: 'session',
        where: [{ field: 'token', value: hit.token }],
      });
      // The row also says which account is active now: switching takes effect at once, on every instance.
      if (row && new Date(row.expiresAt).getTime() > now)
        return { ...hit.value, activeAccountId: row.activeOrganizationId };
      cache.drop(cookie);
      return null;
    }
    const found = await d.identity.api.getSession({ headers: webHeaders(headers) });
    if (!found) return null;
    const resolved: Resolved = {
      userId: found.user.id,
      email: found.user.email,
      activeAccountId: found.session.activeOrganizationId,
      createdAt: new Date(found.session.createdAt).toISOString(),
      expiresAt: new Date(found.session.expiresAt).toISOString(),
      callers: new Map(),
    };
    const expiresAt = new Date(found.session.expiresAt).getTime();
    cache.set(cookie, now, { token: found.session.token, expiresAt, value: resolved });
    return resolved;
  }

  async function callerIn(s: Resolved, accountId: string): Promise<Caller> {
    const known = s.callers.get(accountId);
    if (known) return known;
    const member = await (
      await rows()
    ).findOne<{ role: string }>({
      model: 'member',
      where: [
        { field: 'userId', value: s.userId },
        { field: 'organizationId', value: accountId },
      ],
    });
    const account = member ? await d.store.accounts.get(accountId) : undefined;
    const plan = account && findPlan(account.plan, d.plans);
    // Someone else's account and no account at all answer alike.
    if (!member || !account || !plan) throw new AppError('not_found', `You have no account ${accountId}.`);
    const role = roleOf(member.role);
    const caller: Caller = {
      keyId: `session:${s.userId}`,
      label: `${s.email}${SIGNED_IN}`,
      scopes: scopesOf(role),
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
      accountId: account.id,
      plan,
      projectIds: null,
      role,
    };
    s.callers.set(accountId, caller);
    return caller;
  }

  /** A session in no account (left with `organizationId: null`) is still in the person's account when they have one. */
  async function onlyAccount(s: Resolved): Promise<string | null> {
    const members = await (
      await rows()
    ).findMany<{ organizationId: string }>({
      model: 'member',
      where: [{ field: 'userId', value: s.userId }],
    });
    return members.length === 1 ? members[0]!.organizationId : null;
  }

  return {
    carries: (headers) => SESSION_COOKIE.test(headers.cookie ?? ''),
    async caller(method, headers) {
      const cookie = SESSION_COOKIE.exec(headers.cookie ?? '')?.[1];
      const found = cookie === undefined ? null : await session(cookie, headers);
      if (!found) return null;
      if (!mayWriteWithCookie(method, headers, d.ownOrigin))
        throw new AppError('insufficient_scope', CROSS_SITE);
      const named = headers['x-answerwatch-account'];
      const accountId =
        typeof named === 'string' ? named : (found.activeAccountId ?? (await onlyAccount(found)));
      if (!accountId) {
        throw new AppError('invalid_parameter', 'Name one of your accounts in X-Answerwatch-Account.');
      }
      return callerIn(found, accountId);
    },
  };
}
