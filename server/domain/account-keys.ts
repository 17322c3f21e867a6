import type { Scope } from '../contract/account.ts';
import { requireOwner, requirePerson } from './account-access.ts';
import { createApiKey, listKeys, revokeKey } from './api-keys.ts';
import { callerActor } from './audit-log.ts';
import type { Caller, Services } from './context.ts';

/** The account's keys in its settings: every person reads them (never the secrets); the owner alone changes them. */
export async function listAccountKeys(s: Services, caller: Caller) {
  requirePerson(caller);
  return { data: await listKeys(s.store, caller.accountId) };
}

export async function createAccountKey(
  s: Services,
  caller: Caller,
  body: { label: string; scopes?: Scope[]; projectIds?: string[]; expiresAt?: string | null },
) {
  requireOwner(caller, 'creates API keys');
  return createApiKey(s.store, s.clock, { accountId: caller.accountId, ...body }, callerActor(caller));
}

export async function revokeAccountKey(s: Services, caller: Caller, keyId: string) {
  requireOwner(caller, 'revokes API keys');
  return { revoked: await revokeKey(s.store, s.clock, keyId, caller.accountId, callerActor(caller)) };
}
