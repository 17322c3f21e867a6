import type { RateCount, RateCounter, RateWindows } from './rate-counter.ts';
import type { KeyRecord } from './repositories/api-keys.ts';
import type { Repositories } from './index.ts';

/** A request that presents a key, as the store counts it. */
export interface KeyUse {
  keyHash: string;
  /** When the request came (ISO 8601): a key expired by then is not live. */
  at: string;
  /** A live key whose last use is noted before this instant is noted as used `at` (its last use, to the minute). */
  notedBefore: string;
  /** A live key's requests count in `keyBucket` followed by its id. */
  keyBucket: string;
  /** The bucket a request counts in when its key is not live (unknown, revoked or expired): its address's. */
  otherwise: string;
  /** The plans with API access: a key is noted as used only when its account's plan lets it in (403 is no use). */
  apiPlans: readonly string[];
  windows: RateWindows;
  /**
   * The project the request names in its URL, if any: the statement that counts a kept key's request reads its
   * generation too, so that a read served from the cache costs one round trip (project-cache.ts).
   */
  projectId?: string;
  /** The request lists the projects the key reads (`/me`): the statement that counts a kept key's request reads them. */
  listProjects?: boolean;
}

export interface KeyUsed {
  /** The key, with its account's plan (null when the account is gone); undefined when no key has the hash. */
  key: (KeyRecord & { plan: string | null }) | undefined;
  count: RateCount;
  /** The generation of `KeyUse.projectId`, when it was read with the count (PostgreSQL, a key kept per instance). */
  projectGeneration?: string;
  /** The ids of the projects the key reads, newest first, when asked for (`listProjects`) and read with the count. */
  projectsInScope?: string[];
}

/** Neither revoked nor expired at `at`: what decides which bucket a request counts in. */
export const isLive = (key: Pick<KeyRecord, 'revokedAt' | 'expiresAt'>, at: string): boolean =>
  key.revokedAt === null && (key.expiresAt === null || key.expiresAt > at);

/**
 * A key's use in steps, each its own query: on SQLite, where a query is a call into the process, not a round
 * trip. PostgreSQL does the same in one statement (postgres-rate-counter.ts).
 */
export async function useKeyInSteps(
  repos: Repositories,
  counter: RateCounter,
  use: KeyUse,
): Promise<KeyUsed> {
  const key = await repos.apiKeys.findByHash(use.keyHash);
  const live = key !== undefined && isLive(key, use.at);
  const account = key && (await repos.accounts.get(key.accountId));
  const usable = live && account !== undefined && use.apiPlans.includes(account.plan);
  if (usable && (key.lastUsedAt === null || key.lastUsedAt < use.notedBefore)) {
    await repos.apiKeys.touch(key.id, use.at, use.notedBefore);
  }
  const count = await counter.take(live ? use.keyBucket + key.id : use.otherwise, use.windows);
  return { key: key && { ...key, plan: account?.plan ?? null }, count };
}
