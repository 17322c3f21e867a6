import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { recordAudit, recordFailedSignIn, type AuditActor, type AuditEvent } from '../domain/audit-log.ts';
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/index.ts';
import type { IdentityRows } from './sign-up.ts';

/** The header mount.ts sets to the request's own address (a client's is replaced), for the library and the log. */
export const CLIENT_ADDRESS_HEADER = 'x-answerwatch-client-address';

interface Deps {
  store: Store;
  clock: Clock;
  adapter(): Promise<IdentityRows>;
}

type Returned = Record<string, unknown> & {
  id?: string;
  email?: string;
  role?: string;
  organizationId?: string;
  userId?: string;
  member?: { userId: string; organizationId: string; role: string };
};

/** What the library's organization endpoints did, as audit kinds; the answer holds what it was done to. */
const PEOPLE_EVENTS: Record<string, AuditEvent['kind']> = {
  '/organization/invite-member': 'person_invited',
  '/organization/accept-invitation': 'invitation_accepted',
  '/organization/cancel-invitation': 'invitation_revoked',
  '/organization/remove-member': 'person_removed',
  '/organization/leave': 'person_removed',
  '/organization/update-member-role': 'person_role_changed',
};

/**
 * The identity library's after-hook that writes its events to the audit log: every sign-in (a new session, by
 * whatever way), failed e-mail sign-ins (one entry per address and window), and changes to an account's people.
 * The library commits its change before this runs, so an entry follows its change rather than sharing its
 * transaction (our own changes record theirs in the same transaction: domain/audit-log.ts).
 */
export function auditHooks(d: Deps) {
  const accountsOf = async (userId: string) =>
    (
      await (
        await d.adapter()
      ).findMany<{ organizationId: string }>({ model: 'member', where: [{ field: 'userId', value: userId }] })
    ).map((m) => m.organizationId);
  const record = (e: AuditEvent) => d.store.transaction((tx) => recordAudit(tx, d.clock, e));

  return createAuthMiddleware(async (ctx) => {
    const address = ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? null;
    const returned = ctx.context.returned as Returned | undefined;
    const fresh = ctx.context.newSession;
    // The library sets a session cookie again when it refreshes or changes a session: a sign-in is a new token.
    const came = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    // A sign-in through a provider ends in a redirect, which the library throws as an error of status 302.
    const refused = isAPIError(returned) && returned.statusCode >= 400;
    if (fresh && fresh.session.token !== came && !refused) {
      const actor: AuditActor = { type: 'person', id: fresh.user.id, label: fresh.user.email, address };
      for (const accountId of await accountsOf(fresh.user.id)) {
        await record({
          accountId,
          kind: 'sign_in',
          actor,
          target: fresh.user.email,
          detail: { via: ctx.path },
        });
      }
      return;
    }
    if (isAPIError(returned)) {
      const refused = await refusedPerson(await d.adapter(), ctx.path, returned.statusCode, ctx.body);
      // An unknown address or passkey belongs to no account, so no account's log has it.
      if (!refused) return;
      for (const accountId of await accountsOf(refused.id)) {
        await recordFailedSignIn(d.store, d.clock, accountId, refused.email, address);
      }
      return;
    }
    const kind = PEOPLE_EVENTS[ctx.path];
    if (!kind || !returned) return;
    const session = await getSessionFromCtx(ctx);
    if (!session) return;
    const actor: AuditActor = { type: 'person', id: session.user.id, label: session.user.email, address };
    // Member endpoints answer with the member (remove-member and accept-invitation inside `member`, the person who
    // joined); invitation ones with the invitation.
    const member = returned.member ?? (returned.userId ? (returned as Returned['member']) : undefined);
    const subject = member
      ? await (
          await d.adapter()
        ).findOne<{ email: string }>({
          model: 'user',
          where: [{ field: 'id', value: String(member.userId) }],
        })
      : null;
    const accountId = String(member?.organizationId ?? returned.organizationId);
    await record({
      accountId,
      kind,
      actor,
      target: subject?.email ?? returned.email ?? null,
      detail: { role: member?.role ?? returned.role },
    });
  });
}

/**
 * Whose sign-in a refused attempt was: the person of the e-mail a wrong password was given for (401), or of the
 * passkey presented, whatever the client's fault that refused it (a bad signature, a challenge that expired or was
 * never issued). Null for an address or passkey nobody has, and for any other refusal.
 */
async function refusedPerson(
  rows: IdentityRows,
  path: string,
  status: number,
  body: unknown,
): Promise<{ id: string; email: string } | null> {
  const person = (where: { field: string; value: string }) =>
    rows.findOne<{ id: string; email: string }>({ model: 'user', where: [where] });
  if (path === '/sign-in/email' && status === 401) {
    const email = String((body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();
    return email ? person({ field: 'email', value: email }) : null;
  }
  if (path === '/passkey/verify-authentication' && status < 500) {
    const credentialID = (body as { response?: { id?: unknown } } | undefined)?.response?.id;
    if (typeof credentialID !== 'string') return null;
    const passkey = await rows.findOne<{ userId: string }>({
      model: 'passkey',
      where: [{ field: 'credentialID', value: credentialID }],
    });
    return passkey ? person({ field: 'id', value: passkey.userId }) : null;
  }
  return null;
}
