import { z } from 'zod';
import { ROLES, type Role } from '../contract/account.ts';
import { OPERATOR, recordAudit } from '../domain/audit-log.ts';
import type { Clock } from '../domain/clock.ts';
import { AppError, invalid } from '../domain/errors.ts';
import type { Store } from '../store/index.ts';
import { AUTH_BASE_PATH } from './identity.ts';
import { LINK_PAGES, type AuthMail } from './mail-flows.ts';
import { INVITATION_DAYS } from './people-rules.ts';
import type { IdentityRows } from './sign-up.ts';

/** The library's adapter as the operator's commands use it: its rows, written under its own names and ids. */
export interface OperatorRows extends IdentityRows {
  create<T>(q: { model: string; data: Record<string, unknown> }): Promise<T>;
}

/**
 * The inviter the operator's invitations name (the library requires one): a person who cannot sign in (no
 * password, an address under the reserved .invalid domain nobody can receive mail at or sign up with).
 */
const OPERATOR_EMAIL = 'operator@answerwatch.invalid';

interface Member {
  userId: string;
  role: string;
}
interface Invitation {
  id: string;
  email: string;
  role: string;
  status: string;
  expiresAt: Date | string;
}

/** Where a person accepts: the service's page, which signs them up or in and accepts through /auth. */
export const acceptLink = (origin: string, invitationId: string) =>
  `${origin}${LINK_PAGES.invitation}?id=${encodeURIComponent(invitationId)}`;

async function operatorUser(rows: OperatorRows, clock: Clock): Promise<string> {
  const found = await rows.findOne<{ id: string }>({
    model: 'user',
    where: [{ field: 'email', value: OPERATOR_EMAIL }],
  });
  if (found) return found.id;
  const now = clock.now();
  const made = await rows.create<{ id: string }>({
    model: 'user',
    data: { name: 'Operator', email: OPERATOR_EMAIL, emailVerified: false, createdAt: now, updatedAt: now },
  });
  return made.id;
}

async function membersOf(rows: OperatorRows, accountId: string) {
  const members = await rows.findMany<Member>({
    model: 'member',
    where: [{ field: 'organizationId', value: accountId }],
  });
  return Promise.all(
    members.map(async (m) => ({
      ...m,
      email:
        (await rows.findOne<{ email: string }>({ model: 'user', where: [{ field: 'id', value: m.userId }] }))
          ?.email ?? '',
    })),
  );
}

async function accountOrFail(store: Store, accountId: string) {
  const account = await store.accounts.get(accountId);
  if (!account) throw new AppError('not_found', `No account ${accountId}.`);
  return account;
}

/**
 * The operator invites a person into an account (the first owner of an account made at a shell, or anyone):
 * the same invitation the organization plugin makes, under the same rules: one owner, no second invitation for
 * a member, a week to accept; a pending invitation of the same address is replaced.
 */
export async function operatorInvite(
  d: { rows: OperatorRows; store: Store; clock: Clock; origin: string; mail: AuthMail },
  input: { accountId: string; email: string; role: string },
) {
  const email = z.email().safeParse(input.email.trim().toLowerCase());
  if (!email.success) throw invalid(`email: ${input.email} is not an e-mail address`);
  if (!(ROLES as readonly string[]).includes(input.role)) throw invalid(`role: one of ${ROLES.join(', ')}`);
  const role = input.role as Role;
  const account = await accountOrFail(d.store, input.accountId);
  const members = await membersOf(d.rows, input.accountId);
  if (members.some((m) => m.email === email.data)) {
    throw invalid(`${email.data} is already a member of account ${input.accountId}`);
  }
  if (role === 'owner' && members.some((m) => m.role.split(',').includes('owner'))) {
    throw invalid(
      `account ${input.accountId} has an owner: invite as admin, member or viewer (the owner hands ownership over)`,
    );
  }
  // Whoever accepts an owner invitation first becomes the owner: one may be open at a time, to one address.
  const otherOwner =
    role === 'owner' &&
    (await pendingInvitations(d, input.accountId)).find((i) => i.role === 'owner' && i.email !== email.data);
  if (otherOwner) {
    throw invalid(
      `account ${input.accountId} has an open owner invitation to ${otherOwner.email}: withdraw it first with \`npx answerwatch people cancel --account ${input.accountId} --email ${otherOwner.email}\``,
    );
  }
  await cancelPending(d.rows, input.accountId, email.data);
  const now = d.clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const invitation = await d.rows.create<{ id: string }>({
    model: 'invitation',
    data: {
      organizationId: input.accountId,
      email: email.data,
      role,
      status: 'pending',
      expiresAt,
      createdAt: now,
      inviterId: await operatorUser(d.rows, d.clock),
    },
  });
  await d.store.transaction((tx) =>
    recordAudit(tx, d.clock, {
      accountId: input.accountId,
      kind: 'person_invited',
      actor: OPERATOR,
      target: email.data,
      detail: { role },
    }),
  );
  await d.mail.invitation({
    id: invitation.id,
    to: email.data,
    account: account.name,
    inviter: 'The operator of this Answerwatch service',
    role,
  });
  return {
    invitationId: invitation.id,
    accountId: input.accountId,
    email: email.data,
    role,
    expiresAt: expiresAt.toISOString(),
    link: acceptLink(d.origin, invitation.id),
    accept: `POST ${AUTH_BASE_PATH}/organization/accept-invitation {"invitationId":"${invitation.id}"} signed in as ${email.data}`,
  };
}

/** An account's pending invitations that have not expired. */
async function pendingInvitations(d: { rows: OperatorRows; clock: Clock }, accountId: string) {
  const now = d.clock.now().getTime();
  const pending = await d.rows.findMany<Invitation>({
    model: 'invitation',
    where: [
      { field: 'organizationId', value: accountId },
      { field: 'status', value: 'pending' },
    ],
  });
  return pending.filter((i) => new Date(i.expiresAt).getTime() > now);
}

/** Withdraws an address's pending invitations to an account; how many there were. */
async function cancelPending(rows: OperatorRows, accountId: string, email: string): Promise<number> {
  const pending = await rows.findMany<Invitation>({
    model: 'invitation',
    where: [
      { field: 'organizationId', value: accountId },
      { field: 'email', value: email },
      { field: 'status', value: 'pending' },
    ],
  });
  for (const old of pending) {
    await rows.update({
      model: 'invitation',
      where: [{ field: 'id', value: old.id }],
      update: { status: 'canceled' },
    });
  }
  return pending.length;
}

/** The operator withdraws the invitations of an address (one sent to a mistyped address, say): its link stops. */
export async function operatorCancel(
  d: { rows: OperatorRows; store: Store; clock: Clock },
  input: { accountId: string; email: string },
) {
  await accountOrFail(d.store, input.accountId);
  const email = input.email.trim().toLowerCase();
  const canceled = await cancelPending(d.rows, input.accountId, email);
  if (canceled === 0)
    throw new AppError('not_found', `No open invitation to ${email} in account ${input.accountId}.`);
  await d.store.transaction((tx) =>
    recordAudit(tx, d.clock, {
      accountId: input.accountId,
      kind: 'invitation_revoked',
      actor: OPERATOR,
      target: email,
      detail: { invitations: canceled },
    }),
  );
  return { accountId: input.accountId, email, canceled };
}

/** An account's people and its pending, unexpired invitations. */
export async function listPeople(d: { rows: OperatorRows; store: Store; clock: Clock }, accountId: string) {
  await accountOrFail(d.store, accountId);
  return {
    members: (await membersOf(d.rows, accountId)).map((m) => ({
      email: m.email,
      role: m.role,
      userId: m.userId,
    })),
    invitations: (await pendingInvitations(d, accountId)).map((i) => ({
      invitationId: i.id,
      email: i.email,
      role: i.role,
      expiresAt: new Date(i.expiresAt).toISOString(),
    })),
  };
}
