import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, memberAc, ownerAc } from 'better-auth/plugins/organization/access';
import { ROLES, SCOPES, type Role, type Scope } from '../contract/account.ts';

/*
 * The roles (contract/account.ts) are the organization plugin's roles in the identity library; on /v1 each is the
 * set of scopes an API key with the same rights would carry.
 */

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
 * The widest of the roles a person holds (the library stores several comma-separated); undefined when none is
 * ours, so a role added to the library but not here carries nothing.
 */
export function roleOf(roles: string): Role | undefined {
  const held = new Set(roles.split(',').map((r) => r.trim()));
  return ROLES.find((r) => held.has(r));
}

/** The scopes a role carries on /v1: owner, admin and member change tracking and start runs; a viewer reads. */
export function scopesOf(role: Role | undefined): Scope[] {
  if (role === undefined) return [];
  return role === 'viewer' ? [...READ_ONLY] : [...SCOPES];
}
