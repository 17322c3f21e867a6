import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, memberAc, ownerAc } from 'better-auth/plugins/organization/access';
import { SCOPES, type Scope } from '../contract/account.ts';

/**
 * The four roles a person holds in an account (issue 21): the owner (exactly one), admins who manage people but
 * the owner, members who change tracking and start runs, viewers who read. In the identity library they are the
 * organization plugin's roles; on /v1 each is the set of scopes an API key with the same rights would carry.
 */
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const ac = createAccessControl(defaultStatements);

export const accessControl = {
  ac,
  roles: {
    owner: ac.newRole(ownerAc.statements),
    admin: ac.newRole(adminAc.statements),
    member: ac.newRole(memberAc.statements),
    // A viewer manages nothing in the account, as a member; the difference is on /v1 (scopesOf below).
    viewer: ac.newRole(memberAc.statements),
  },
};

const READ_ONLY: readonly Scope[] = ['visibility:read'];

/**
 * The scopes a role carries on /v1. A person may hold several roles (the library stores them comma-separated);
 * the widest wins. An unknown role carries nothing, so a role added to the library but not here reads nothing.
 */
export function scopesOf(roles: string): Scope[] {
  const held = roles.split(',').map((r) => r.trim());
  if (held.some((r) => r === 'owner' || r === 'admin' || r === 'member')) return [...SCOPES];
  if (held.includes('viewer')) return [...READ_ONLY];
  return [];
}

/** Whether the roles include the account's administration (its people, its audit log): the owner and admins. */
export const isAdministrator = (roles: string): boolean =>
  roles.split(',').some((r) => r.trim() === 'owner' || r.trim() === 'admin');
