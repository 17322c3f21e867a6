import { APIError, createAuthMiddleware } from 'better-auth/api';
import { newAccountRecord } from '../domain/accounts.ts';
import type { Clock } from '../domain/clock.ts';
import type { Plan } from '../domain/plans.ts';
import type { Store } from '../store/index.ts';
import type { SignUpRules } from './sign-up-rules.ts';

/** What the hooks read of the library's rows, through its own adapter (its model and field names). */
export interface IdentityRows {
  findOne<T>(q: { model: string; where: { field: string; value: string }[] }): Promise<T | null>;
  findMany<T>(q: { model: string; where: { field: string; value: string }[] }): Promise<T[]>;
  update<T>(q: {
    model: string;
    where: { field: string; value: string }[];
    update: Record<string, unknown>;
  }): Promise<T | null>;
  deleteMany(q: { model: string; where: { field: string; value: string }[] }): Promise<number>;
}

export interface SignUpDeps {
  store: Store;
  clock: Clock;
  plans: readonly Plan[];
  rules: SignUpRules;
  /** The identity library's adapter, known once the library is built (its hooks are given before). */
  adapter(): Promise<IdentityRows>;
  /** Makes an organization (an account) owned by the user, through the organization plugin. */
  createOrganization(userId: string, name: string): Promise<void>;
}

export const INVITE_ONLY =
  'Sign-up on this service is by invitation only: ask the owner or an admin of an account to invite this e-mail address.';

/** A pending invitation for this address that has not expired: its holder joins that account, not a new one. */
async function isInvited(d: SignUpDeps, email: string): Promise<boolean> {
  const invitations = await (
    await d.adapter()
  ).findMany<{ expiresAt: Date }>({
    model: 'invitation',
    where: [
      { field: 'email', value: email.toLowerCase() },
      { field: 'status', value: 'pending' },
    ],
  });
  const now = d.clock.now().getTime();
  return invitations.some((i) => new Date(i.expiresAt).getTime() > now);
}

const refuseUninvited = () => {
  throw new APIError('FORBIDDEN', { message: INVITE_ONLY, code: 'SIGN_UP_BY_INVITATION_ONLY' });
};

/**
 * Invite-only, said before the library looks the address up: it answers a sign-up for an address that has an
 * account with the same success as a new one, so a refusal after that look-up (as the user hook below would be)
 * would tell the two apart. Here the answer depends on the invitation alone.
 */
export const signUpGate = (d: SignUpDeps) =>
  createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-up/email' || d.rules.mode !== 'invite') return;
    const email: unknown = (ctx.body as { email?: unknown } | undefined)?.email;
    if (!(typeof email === 'string' && (await isInvited(d, email)))) refuseUninvited();
  });

/** The endpoint a database hook runs under, when it runs under one. */
type Via = { path?: string } | null | undefined;

const viaSingleSignOn = (ctx: Via) => ctx?.path?.startsWith('/sso/callback') === true;

/**
 * The library's database hooks that make sign-up ours: invite-only refuses an address nobody invited before the
 * user is written; an uninvited sign-up then gets an account of its own (owner, on the sign-up plan); and every
 * new session starts in one of the person's accounts, so /v1 through the session has an account at once.
 */
export function signUpHooks(d: SignUpDeps) {
  return {
    user: {
      create: {
        before: async (user: { email: string }, ctx: Via) => {
          // Every other way in (passkeys) creates users here. Single sign-on is its own gate: the account's
          // provider vouches for the person and its domains cover the address (sso-sign-in.ts), so it is open.
          if (viaSingleSignOn(ctx)) return;
          if (d.rules.mode === 'invite' && !(await isInvited(d, user.email))) refuseUninvited();
        },
        after: async (user: { id: string; email: string; name: string }, ctx: Via) => {
          // A person who came through an account's provider joins that account (the SSO plugin makes them a member).
          if (viaSingleSignOn(ctx) || (await isInvited(d, user.email))) return;
          await d.createOrganization(user.id, user.name.trim() || user.email);
        },
      },
    },
    session: {
      create: {
        before: async (session: { userId: string; activeOrganizationId?: string | null }) => {
          if (session.activeOrganizationId) return;
          const member = await (
            await d.adapter()
          ).findOne<{ organizationId: string }>({
            model: 'member',
            where: [{ field: 'userId', value: session.userId }],
          });
          if (member) return { data: { ...session, activeOrganizationId: member.organizationId } };
        },
      },
    },
  };
}

/**
 * The contract's account an organization is, under the organization's own id: made when the organization is (the
 * organization plugin's hook), on the sign-up plan. The creator's sessions that are in no account yet start in it:
 * the library runs a new user's hooks after the sign-up's session is written, so that session had none to start in.
 */
export async function createAccountFor(
  d: SignUpDeps,
  organization: { id: string; name: string },
  creatorId: string,
): Promise<void> {
  const record = newAccountRecord(d.clock, { plan: d.rules.plan, name: organization.name }, d.plans);
  await d.store.accounts.create({ ...record, id: organization.id }, { organization: false });
  const rows = await d.adapter();
  const sessions = await rows.findMany<{ id: string; activeOrganizationId: string | null }>({
    model: 'session',
    where: [{ field: 'userId', value: creatorId }],
  });
  for (const session of sessions.filter((s) => !s.activeOrganizationId)) {
    await rows.update({
      model: 'session',
      where: [{ field: 'id', value: session.id }],
      update: { activeOrganizationId: organization.id },
    });
  }
}
