import { createHash } from 'node:crypto';
import type { Clock } from '../domain/clock.ts';
import { rateLimited, RateLimiter, type RateLimits } from '../http/rate-limit.ts';
import type { RateCounter } from '../store/rate-counter.ts';

/** Sign-in attempts allowed: per address in a minute and a day, per e-mail in 15 minutes and a day. */
export interface SignInLimits {
  perAddress: RateLimits;
  /** `perMinute` here is per 15-minute window. */
  perEmail: RateLimits;
}

/**
 * 30 a minute from one address leaves room for an office behind one NAT signing in at nine while keeping a guesser
 * to 1,000 passwords a day; 10 per e-mail in 15 minutes is more than a person mistyping ever needs and keeps a
 * spray of addresses to 100 guesses a day on any one person. Every attempt counts, right or wrong: the decision is
 * made before the password is hashed (a refused attempt costs no hash), and alike for an e-mail with an account
 * and one without.
 */
export const SIGN_IN_LIMITS: SignInLimits = {
  perAddress: { perMinute: 30, perDay: 1_000 },
  perEmail: { perMinute: 10, perDay: 100 },
};

const EMAIL_WINDOW_MS = 15 * 60_000;

/**
 * Every way of signing in the library has (e-mail, single sign-on, and a passkey, whose sign-in the plugin names
 * `/passkey/verify-authentication`): the attempts a guesser makes; and the calls that mail an address again and
 * again (a new confirmation link, a password reset), so nobody floods a mailbox. Sign-up mails an address once at
 * most: again, the address has an account and gets nothing.
 */
const SIGN_IN =
  /^\/auth\/(sign-in\/|passkey\/verify-authentication$|request-password-reset$|send-verification-email$)/;

export interface SignInGuard {
  /** Counts an attempt to sign in; throws the 429 (with Retry-After) once the address or the e-mail is spent. */
  check(request: { method: string; path: string; ip: string; body: Buffer | undefined }): Promise<void>;
}

/**
 * The service's own limiter over the store's shared counts (in the database on PostgreSQL, so every instance counts
 * against the same limit), in buckets of their own: the identity library's limiter is off (identity.ts), being
 * per process and keyed by address and path only.
 */
export function signInGuard(counter: RateCounter, clock: Clock, limits = SIGN_IN_LIMITS): SignInGuard {
  const byAddress = new RateLimiter(limits.perAddress, counter);
  const byEmail = new RateLimiter(limits.perEmail, counter, EMAIL_WINDOW_MS);
  return {
    async check({ method, path, ip, body }) {
      if (method !== 'POST' || !SIGN_IN.test(path)) return;
      const now = clock.now().getTime();
      const address = await byAddress.consume(`sign-in-ip:${ip}`, now);
      if (!address.allowed) throw rateLimited(address);
      const email = emailIn(body);
      if (email === undefined) return;
      const person = await byEmail.consume(`sign-in-email:${email}`, now);
      if (!person.allowed) throw rateLimited(person);
    },
  };
}

/** The e-mail an attempt names, as the library compares it (lower case), hashed: bucket names are not a list of them. */
function emailIn(body: Buffer | undefined): string | undefined {
  if (!body) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // The library refuses the body itself.
  }
  const email = (parsed as { email?: unknown } | null)?.email;
  if (typeof email !== 'string') return undefined;
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
}
