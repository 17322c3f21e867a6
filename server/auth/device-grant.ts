import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deviceAuthorization } from 'better-auth/plugins';
import type { BetterAuthPlugin } from 'better-auth';
import { AGENT_CLIENT_ID } from '../contract/host-sync.ts';
import type { Clock } from '../domain/clock.ts';
import { createPairCode } from '../domain/host-pairing.ts';
import type { Store } from '../store/index.ts';
import type { IdentityRows } from './sign-up.ts';

/** The approval page of the web UI, where the person signed in types or confirms the code and picks the account. */
export const DEVICE_PAGE = '/app/device';
/** What the token endpoint hands out instead of a session: a one-time code for `/host/v1/pair`. */
export const PAIR_CODE_TOKEN_TYPE = 'pair_code';

/** Roles that may pair a computer with an account: those that manage the account, as an API key's owner does. */
const PAIRING_ROLES = new Set(['owner', 'admin']);
/** The account the person picked, kept in the grant's `scope` (which the agent may not set itself). */
const ACCOUNT_SCOPE = /^host:(acc[A-Za-z0-9]+)$/;

const refuse = (error: string, description: string, status: 'BAD_REQUEST' | 'FORBIDDEN' = 'BAD_REQUEST') =>
  new APIError(status, { error, error_description: description });

/** Letters and digits as typed, the way the library matches a code written with a dash or in lower case. */
const normaliseUserCode = (code: string) => code.replace(/[^a-zA-Z0-9]/g, '').toUpperCase();

async function mayPair(rows: IdentityRows, userId: string, accountId: string): Promise<boolean> {
  const member = await rows.findOne<{ role: string }>({
    model: 'member',
    where: [
      { field: 'userId', value: userId },
      { field: 'organizationId', value: accountId },
    ],
  });
  return !!member && member.role.split(',').some((r) => PAIRING_ROLES.has(r.trim()));
}

export interface DeviceGrantDeps {
  store: Store;
  clock: Clock;
  /** The grants' table (identity.ts names every table of the library). */
  modelName: string;
}

/**
 * The OAuth 2.0 Device Authorization Grant (RFC 8628) for host computers, on the library's plugin: it keeps the
 * codes (15 minutes, single use), the polling interval (`slow_down`) and the approve/deny state. Ours are two hooks:
 * approving names the account (the person must own or administer it), and the token endpoint answers with a
 * one-time pair code of that account instead of a session of the person, so the computer pairs through
 * `/host/v1/pair` as with a code from `hosts pair-code`, and no person's session ever leaves the service.
 */
export function deviceGrant(d: DeviceGrantDeps): BetterAuthPlugin[] {
  return [
    deviceAuthorization({
      expiresIn: '15m',
      interval: '5s',
      verificationUri: DEVICE_PAGE,
      validateClient: (clientId) => clientId === AGENT_CLIENT_ID,
      onDeviceAuthRequest: (_clientId, scope) => {
        if (scope)
          throw refuse('invalid_scope', 'The account is picked by the person who approves, not asked for.');
      },
      schema: { deviceCode: { modelName: d.modelName } },
    }),
    {
      id: 'answerwatch-host-grant',
      hooks: {
        before: [{ matcher: (ctx) => ctx.path === '/device/approve', handler: nameTheAccount() }],
        after: [{ matcher: (ctx) => ctx.path === '/device/token', handler: issuePairCode(d) }],
      },
    },
  ];
}

/** Before the library approves: the account picked must be one the signed-in person may pair computers with. */
function nameTheAccount() {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as { userCode?: unknown; accountId?: unknown };
    const session = await getSessionFromCtx(ctx);
    // Without a session the library answers 401 itself.
    if (!session || typeof body.userCode !== 'string') return;
    if (typeof body.accountId !== 'string' || body.accountId === '') {
      throw refuse('invalid_request', 'Pick the account this computer will serve (accountId).');
    }
    if (!(await mayPair(ctx.context.adapter, session.user.id, body.accountId))) {
      throw refuse(
        'access_denied',
        `You cannot pair computers with account ${body.accountId}: only its owner and admins can.`,
        'FORBIDDEN',
      );
    }
    // Only a pending code this person opened on the page; the library checks the rest (expiry, claim) next.
    await ctx.context.adapter.update({
      model: 'deviceCode',
      where: [
        { field: 'userCode', value: normaliseUserCode(body.userCode) },
        { field: 'userId', value: session.user.id },
        { field: 'status', value: 'pending' },
      ],
      update: { scope: `host:${body.accountId}` },
    });
  });
}

/**
 * After the library redeemed an approved code (once: it consumes the row) and made a session for the person: the
 * session is ended at once, and the agent gets a pair code of the account the person picked, if they still may.
 */
function issuePairCode(d: DeviceGrantDeps) {
  return createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned as { access_token?: unknown; scope?: unknown } | undefined;
    if (!returned || typeof returned.access_token !== 'string') return;
    const session = await ctx.context.internalAdapter.findSession(returned.access_token);
    await ctx.context.internalAdapter.deleteSession(returned.access_token);
    const accountId =
      typeof returned.scope === 'string' ? ACCOUNT_SCOPE.exec(returned.scope)?.[1] : undefined;
    if (!session || !accountId || !(await mayPair(ctx.context.adapter, session.user.id, accountId))) {
      throw refuse(
        'access_denied',
        'The person who approved can no longer pair computers with that account.',
      );
    }
    const { code, expiresAt } = await createPairCode(d.store, d.clock, accountId);
    ctx.setHeader('Cache-Control', 'no-store');
    return ctx.json({
      access_token: code,
      token_type: PAIR_CODE_TOKEN_TYPE,
      expires_in: Math.max(0, Math.floor((Date.parse(expiresAt) - d.clock.now().getTime()) / 1000)),
      scope: returned.scope,
      account_id: accountId,
    });
  });
}
