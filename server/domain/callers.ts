import { SCOPES, type Scope } from '../contract/account.ts';
import type { Store } from '../store/index.ts';
import type { Caller } from './context.ts';
import type { KeyCheck } from './api-keys.ts';
import { AppError } from './errors.ts';
import { findPlan, type Plan } from './plans.ts';

const KEY_DETAIL = {
  invalid_key: 'Send a valid API key as `Authorization: Bearer <key>`.',
  key_expired: 'This API key has expired; create a new one.',
  key_revoked: 'This API key was revoked; create a new one.',
} as const;

/** The caller id of this machine's owner (ownerCaller below): an operator in the audit log, not a key. */
export const LOCAL_OWNER_KEY_ID = 'local-owner';

/** A signed-in person's caller is labelled with their e-mail and this (server/auth/bridge.ts). */
export const SIGNED_IN = ' (signed in)';

/** Why a key was refused: one of the three 401 codes, with what to do about it. */
export const keyRefusal = (check: Extract<KeyCheck, { ok: false }>) =>
  new AppError(check.code, KEY_DETAIL[check.code]);

/**
 * Every operation needs one scope; a caller without it is refused with 403, whatever else it may do. A signed-in
 * person has no key to look at: their scopes are their role's, so the refusal names the role.
 */
export function requireScope(caller: Caller, scope: Scope): void {
  if (caller.scopes.includes(scope)) return;
  throw new AppError(
    'insufficient_scope',
    caller.role === undefined
      ? `This key lacks the ${scope} scope.`
      : `Your role in this account (${caller.role}) ${caller.role === 'viewer' ? 'only reads' : `lacks ${scope}`}: ask its owner or an admin for another role.`,
  );
}

/** A valid key's caller, once its account's plan is known to include the API (else 403 plan_required). */
export function keyCaller(
  plans: readonly Plan[],
  { key, plan: code, projectSeen, projectsInScope }: Extract<KeyCheck, { ok: true }>,
): Caller {
  const plan = code === null ? undefined : findPlan(code, plans);
  if (!plan?.apiAccess) {
    throw new AppError(
      'plan_required',
      `The ${code ?? 'current'} plan has no API access; upgrade to use the API.`,
    );
  }
  return {
    keyId: key.id,
    label: key.label,
    scopes: key.scopes,
    createdAt: key.createdAt,
    expiresAt: key.expiresAt,
    accountId: key.accountId,
    plan,
    projectIds: key.allProjects ? null : key.projectIds,
    ...(projectSeen ? { projectSeen } : {}),
    ...(projectsInScope ? { projectsInScope } : {}),
  };
}

/**
 * The owner of this machine acting on one of its accounts, with every scope on every project: the web UI of
 * `answerwatch start`, and `answerwatch mcp` run beside it. `accountId` undefined is refused with `hint`.
 */
export async function ownerCaller(
  deps: { store: Store; plans: readonly Plan[] },
  accountId: string | undefined,
  label: string,
  hint: string,
): Promise<Caller> {
  const account = accountId ? await deps.store.accounts.get(accountId) : undefined;
  const plan = account && findPlan(account.plan, deps.plans);
  if (!account || !plan) throw new AppError('invalid_parameter', hint);
  return {
    keyId: LOCAL_OWNER_KEY_ID,
    label,
    scopes: [...SCOPES],
    createdAt: account.createdAt,
    expiresAt: null,
    accountId: account.id,
    plan,
    projectIds: null,
    role: 'owner',
  };
}
