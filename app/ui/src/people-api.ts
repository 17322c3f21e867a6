/**
 * The account's people through the identity library's organization endpoints at /auth (auth-client.ts, with the
 * session cookie). Its error codes become plain sentences that say what to do, thrown as the pages' ApiError.
 */
import { ApiError } from './api.ts';
import { auth } from './auth-client.ts';
import type { Role } from './types.ts';

export interface Member {
  id: string;
  role: string;
  createdAt: string;
  user: { id: string; name: string; email: string };
}

export interface Invitation {
  id: string;
  email: string;
  role: string;
  status: 'pending' | 'accepted' | 'rejected' | 'canceled';
  expiresAt: string;
}

const SENTENCES: Record<string, string> = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'This person is already in the account.',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
    'This address has an open invitation already: revoke it below to send a new one.',
  ACCOUNT_HAS_AN_OWNER:
    'An account has exactly one owner. To hand ownership over, make a person of the account its owner.',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
    'The account’s owner cannot be removed: hand ownership over to another person first.',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER:
    'The account needs its owner: hand ownership over to another person first.',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER:
    'Your role may not change this person’s role: only the owner changes the owner or makes one.',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER:
    'Your role may not remove this person: only the owner and admins remove people, and never the owner.',
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION:
    'Only the account’s owner and admins invite people.',
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: 'Your role may not invite someone with this role.',
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: 'Only the account’s owner and admins revoke invitations.',
  MEMBER_NOT_FOUND: 'This person is not in the account any more.',
  INVITATION_NOT_FOUND: 'This invitation is not there any more.',
  INVALID_EMAIL: 'Type a whole e-mail address, such as name@example.com.',
  VALIDATION_ERROR: 'Type a whole e-mail address, such as name@example.com.',
};

async function call<T>(path: string, body?: unknown): Promise<T> {
  const r = await auth(path, body);
  if (r.ok) return r.body as T;
  if (r.status === 0)
    throw new ApiError(0, 'network', 'Could not reach the service: check the connection and try again.');
  const code = typeof r.body.code === 'string' ? r.body.code : `http_${r.status}`;
  const message = typeof r.body.message === 'string' ? r.body.message : `The service answered ${r.status}.`;
  throw new ApiError(r.status, code, SENTENCES[code] ?? message);
}

const q = (accountId: string) => `?organizationId=${encodeURIComponent(accountId)}`;

export const people = {
  members: async (accountId: string) =>
    (await call<{ members: Member[] }>(`/organization/list-members${q(accountId)}`)).members,
  invitations: async (accountId: string) =>
    (await call<Invitation[]>(`/organization/list-invitations${q(accountId)}`)).filter(
      (i) => i.status === 'pending',
    ),
  invite: (accountId: string, email: string, role: Role) =>
    call('/organization/invite-member', { email, role, organizationId: accountId }),
  setRole: (accountId: string, memberId: string, role: Role) =>
    call('/organization/update-member-role', { memberId, role, organizationId: accountId }),
  remove: (accountId: string, memberId: string) =>
    call('/organization/remove-member', { memberIdOrEmail: memberId, organizationId: accountId }),
  revokeInvitation: (invitationId: string) => call('/organization/cancel-invitation', { invitationId }),
};
