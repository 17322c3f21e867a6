import { describe, expect, it } from 'vitest';
import { roleOf, scopesOf } from '../../server/auth/roles.ts';

describe('a person’s role in an account', () => {
  it('is the widest of the roles the library holds, and nothing for a role that is not ours', () => {
    expect(roleOf('owner')).toBe('owner');
    expect(roleOf('viewer, admin')).toBe('admin');
    expect(roleOf('member,viewer')).toBe('member');
    expect(roleOf('auditor')).toBeUndefined();
    expect(roleOf('')).toBeUndefined();
  });

  it('carries the scopes of a key with the same rights', () => {
    expect(scopesOf('owner')).toEqual(['visibility:read', 'tracking:write', 'runs:execute', 'traffic:write']);
    expect(scopesOf('member')).toEqual([
      'visibility:read',
      'tracking:write',
      'runs:execute',
      'traffic:write',
    ]);
    expect(scopesOf('viewer')).toEqual(['visibility:read']);
    expect(scopesOf(undefined)).toEqual([]);
  });
});
