import { createHash } from 'node:crypto';
import { SCOPES, type Scope } from '../contract/account.ts';
import type { Store } from '../store/index.ts';
import { isLive, type KeyUsed } from '../store/key-use.ts';
import type { RateCount, RateWindows } from '../store/rate-counter.ts';
import type { KeyRecord } from '../store/repositories/api-keys.ts';
import { OPERATOR, recordAudit, type AuditActor } from './audit-log.ts';
import type { Clock } from './clock.ts';
import { AppError, invalid } from './errors.ts';
import { randomAlnum } from './ids.ts';
import type { Plan } from './plans.ts';
import type { ProjectGeneration } from './read-cache.ts';

/** Live keys carry a fixed prefix so that secret scanners and people can tell them apart at a glance. */
export const KEY_PREFIX = 'aw_live_';
const KEY_PATTERN = /^aw_live_[A-Za-z0-9]{40}$/;

/** Keys have ~238 bits of randomness, so one fast hash is enough to keep them unreadable at rest. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface NewKey {
  accountId: string;
  label: string;
  scopes?: readonly string[];
  projectIds?: readonly string[];
  expiresAt?: string | null;
}

export interface CreatedKey {
  keyId: string;
  key: string;
  label: string;
  scopes: Scope[];
  projects: string[] | 'all';
  createdAt: string;
  expiresAt: string | null;
}

function checkScopes(requested: readonly string[] | undefined): Scope[] {
  const unknown = (requested ?? []).filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw invalid(`unknown scope ${unknown.join(', ')}; scopes are ${SCOPES.join(', ')}`);
  // Every key can read: visibility:read is implied.
  return SCOPES.filter((s) => s === 'visibility:read' || requested?.includes(s));
}

/** `actor` is who asked, for the audit log: the operator at a shell unless said otherwise. */
export async function createApiKey(
  store: Store,
  clock: Clock,
  input: NewKey,
  actor: AuditActor = OPERATOR,
): Promise<CreatedKey> {
  const account = await store.accounts.get(input.accountId);
  if (!account) throw new AppError('not_found', `No account ${input.accountId}.`);
  const label = input.label.trim();
  if (label.length === 0 || label.length > 120) throw invalid('label must be 1 to 120 characters');
  const scopes = checkScopes(input.scopes);
  const now = clock.now();
  let expiresAt: string | null = null;
  if (input.expiresAt) {
    const t = Date.parse(input.expiresAt);
    if (Number.isNaN(t)) throw invalid(`expiresAt ${input.expiresAt} is not an RFC 3339 date-time`);
    if (t <= now.getTime()) throw invalid('expiresAt must be in the future');
    expiresAt = new Date(t).toISOString();
  }
  const projectIds = [...new Set(input.projectIds ?? [])];
  if (projectIds.length > 0) {
    const own = new Set(await store.projects.idsInScope({ accountId: account.id, projectIds }));
    const foreign = projectIds.filter((p) => !own.has(p));
    if (foreign.length > 0) throw invalid(`no project ${foreign.join(', ')} in account ${account.id}`);
  }
  const key = KEY_PREFIX + randomAlnum(40);
  const record: KeyRecord = {
    id: `key${randomAlnum(12)}`,
    accountId: account.id,
    label,
    scopes,
    allProjects: projectIds.length === 0,
    projectIds,
    createdAt: now.toISOString(),
    expiresAt,
    revokedAt: null,
    lastUsedAt: null,
  };
  await store.transaction(async (tx) => {
    await tx.apiKeys.create(record, hashKey(key));
    await recordAudit(tx, clock, {
      accountId: account.id,
      kind: 'key_created',
      actor,
      target: record.id,
      detail: { label, scopes, projects: record.allProjects ? 'all' : projectIds },
    });
  });
  return {
    keyId: record.id,
    key,
    label,
    scopes,
    projects: record.allProjects ? 'all' : projectIds,
    createdAt: record.createdAt,
    expiresAt,
  };
}

export type KeyCheck =
  | {
      ok: true;
      key: KeyRecord;
      plan: string | null;
      projectSeen?: ProjectGeneration;
      projectsInScope?: string[];
    }
  | { ok: false; code: 'invalid_key' | 'key_expired' | 'key_revoked' };

/** A key's last use is noted to the minute: a busy key costs one write a minute, not one per request. */
const LAST_USED_STEP_MS = 60_000;

/** The rate-limit bucket of a valid key's requests is this followed by its id. */
export const KEY_BUCKET = 'key:';

/** Counts a request in the windows it is given (RateLimiter.decide), answering the limiter's decision. */
export type Counting<D> = (take: (w: RateWindows) => Promise<RateCount>) => Promise<D>;

/**
 * Resolves a bearer token, says which of the three 401 codes applies when it is refused, and counts the request
 * in the same step (one round trip on PostgreSQL): in the key's bucket when it is valid, else in `otherwise` (the
 * caller's address). A valid key's use is noted (its last use in the account's settings). `ahead` says what
 * the request reads next, which the store reads in the same step when it can: the generation of the project the
 * request names (`projectSeen`), or the projects the key reads (`projectsInScope`).
 */
export async function checkApiKey<D>(
  store: Store,
  clock: Clock,
  plans: readonly Plan[],
  token: string | undefined,
  otherwise: string,
  count: Counting<D>,
  ahead: { projectId?: string; listProjects?: boolean } = {},
): Promise<{ check: KeyCheck; rate: D }> {
  if (!token || !KEY_PATTERN.test(token)) {
    return {
      check: { ok: false, code: 'invalid_key' },
      rate: await count((w) => store.rateCounter.take(otherwise, w)),
    };
  }
  const now = clock.now().getTime();
  const at = new Date(now).toISOString();
  let key: KeyUsed['key'];
  let projectGeneration: string | undefined;
  let projectsInScope: string[] | undefined;
  const rate = await count(async (windows) => {
    const used = await store.useKey({
      keyHash: hashKey(token),
      at,
      notedBefore: new Date(now - LAST_USED_STEP_MS).toISOString(),
      keyBucket: KEY_BUCKET,
      otherwise,
      apiPlans: plans.filter((p) => p.apiAccess).map((p) => p.code),
      windows,
      ...ahead,
    });
    key = used.key;
    ({ projectGeneration, projectsInScope } = used);
    return used.count;
  });
  if (!key) return { check: { ok: false, code: 'invalid_key' }, rate };
  if (key.revokedAt) return { check: { ok: false, code: 'key_revoked' }, rate };
  if (!isLive(key, at)) return { check: { ok: false, code: 'key_expired' }, rate };
  const { plan, ...record } = key;
  const projectSeen =
    ahead.projectId !== undefined && projectGeneration !== undefined
      ? { id: ahead.projectId, generation: projectGeneration }
      : undefined;
  const check: KeyCheck = {
    ok: true,
    key: record,
    plan,
    ...(projectSeen ? { projectSeen } : {}),
    ...(projectsInScope ? { projectsInScope } : {}),
  };
  return { check, rate };
}

/** An account's keys as their owner sees them: never the key itself. */
export async function listKeys(store: Store, accountId: string) {
  return (await store.apiKeys.listByAccount(accountId)).map((k) => ({
    keyId: k.id,
    label: k.label,
    scopes: k.scopes,
    projects: k.allProjects ? ('all' as const) : k.projectIds,
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    expiresAt: k.expiresAt,
    revokedAt: k.revokedAt,
  }));
}

/** Revokes at once; `accountId`, when given, must own the key. Answers false when it was revoked already. */
export async function revokeKey(
  store: Store,
  clock: Clock,
  keyId: string,
  accountId?: string,
  actor: AuditActor = OPERATOR,
): Promise<boolean> {
  const key = await store.apiKeys.get(keyId);
  if (!key || (accountId !== undefined && key.accountId !== accountId)) {
    throw new AppError('not_found', `No key ${keyId}.`);
  }
  return store.transaction(async (tx) => {
    if (!(await tx.apiKeys.revoke(keyId, clock.now().toISOString()))) return false;
    await recordAudit(tx, clock, { accountId: key.accountId, kind: 'key_revoked', actor, target: keyId });
    return true;
  });
}
