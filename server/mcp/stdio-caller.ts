import { checkApiKey } from '../domain/api-keys.ts';
import { keyCaller, keyRefusal, ownerCaller } from '../domain/callers.ts';
import { rateLimited } from '../http/rate-limit.ts';
import type { Clock } from '../domain/clock.ts';
import type { Caller } from '../domain/context.ts';
import type { Plan } from '../domain/plans.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { checkOwnerMark } from '../owner-mark.ts';
import type { Store } from '../store/index.ts';

export interface StdioCallerOptions {
  store: Store;
  clock: Clock;
  plans: readonly Plan[];
  limiter: RateLimiter;
  database: string;
  /** ANSWERWATCH_API_KEY; blank counts as not given. */
  key: string | undefined;
  /** The owner's account (--account or ANSWERWATCH_ACCOUNT); default the machine's only account. */
  account: string | undefined;
}

/** The owner names an account, or the machine has exactly one. */
async function ownerAccount(o: StdioCallerOptions): Promise<{ id: string | undefined; hint: string }> {
  if (o.account) return { id: o.account, hint: `No account ${o.account} on this database.` };
  const ids = await o.store.accounts.ids();
  if (ids.length === 1) return { id: ids[0], hint: '' };
  return {
    id: undefined,
    hint:
      ids.length === 0
        ? 'This database has no account yet: create one with `npx answerwatch accounts create --plan premium`.'
        : `This database has ${ids.length} accounts: choose one with --account or ANSWERWATCH_ACCOUNT.`,
  };
}

/**
 * Who `answerwatch mcp` acts for, checked before every call as the HTTP API checks every request. With
 * ANSWERWATCH_API_KEY: that key, with the REST API's checks (invalid, revoked or expired key, plan_required, the
 * rate limit per key). Without: the owner of this machine's database, but only beside a running `answerwatch
 * start` of the same OS user (see owner-mark.ts), with every scope, as the web UI of `start` has.
 */
export function stdioCaller(o: StdioCallerOptions): () => Promise<Caller> {
  const key = o.key?.trim();
  if (key) {
    return async () => {
      const { check, rate } = await checkApiKey(o.store, o.clock, o.plans, key, 'stdio', (take) =>
        o.limiter.decide(o.clock.now().getTime(), take),
      );
      if (!rate.allowed) throw rateLimited(rate);
      if (!check.ok) throw keyRefusal(check);
      return keyCaller(o.plans, check);
    };
  }
  return async () => {
    await checkOwnerMark(o.store, o.database);
    const account = await ownerAccount(o);
    return ownerCaller(o, account.id, 'Local owner (answerwatch mcp)', account.hint);
  };
}
