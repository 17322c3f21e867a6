/** How long one instance trusts what it learnt of a session (its person, role and account) before asking again. */
export const SESSION_CACHE_MS = 5_000;

/** Sessions remembered at once; past that the oldest goes, so a flood of cookies cannot grow memory. */
const MAX_ENTRIES = 10_000;

export interface CachedSession<T> {
  /** The session's token: its row must still exist for the entry to be used. */
  token: string;
  /** When the session itself expires (ms since the epoch). */
  expiresAt: number;
  value: T;
}

interface Entry<T> extends CachedSession<T> {
  until: number;
}

/**
 * Per instance, what a session cookie resolved to, for a few seconds at most. Not a proof: whoever uses an entry
 * still asks whether the session's row exists (one read by a unique key, as a bearer key's check is), so a sign-out
 * or "sign out everywhere" on any instance holds on every other at once, with no notice to wait for. What the
 * entry saves is the rest: the cookie's signature, the person, the membership and the account.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  get(key: string, nowMs: number): CachedSession<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > nowMs && entry.expiresAt > nowMs) return entry;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, nowMs: number, session: CachedSession<T>): void {
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { ...session, until: nowMs + this.ttlMs });
  }

  drop(key: string): void {
    this.entries.delete(key);
  }
}
