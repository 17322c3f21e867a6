import { retryLater, type AppError } from '../domain/errors.ts';
import type { RateCount, RateCounter, RateWindows } from '../store/rate-counter.ts';

/** Fixed windows per caller: a minute window (the one the RateLimit header describes) and a UTC-day window. */
export interface RateLimits {
  perMinute: number;
  perDay: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perMinute: 300, perDay: 20_000 };

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the reported window resets. */
  reset: number;
}

/** The value of the `RateLimit` header every response carries. */
export function rateLimitHeader(d: RateDecision): string {
  return `limit=${d.limit}, remaining=${d.remaining}, reset=${d.reset}`;
}

/** The 429 refusal once a window is spent, with `Retry-After` the seconds to the window's reset. */
export function rateLimited(d: RateDecision): AppError {
  return retryLater(
    'rate_limited',
    `Rate limit of ${d.limit} requests reached; retry in ${d.reset} s.`,
    d.reset,
  );
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Decides from the counts the store keeps: in the process on SQLite, in the database on PostgreSQL, so a limit
 * holds however many instances share the load. The short window is a minute for /v1 (the one `RateLimit`
 * describes); sign-in attempts count in longer ones (server/auth/sign-in-limits.ts), `perMinute` then being per
 * window. Keys of different window lengths must not share a bucket.
 */
export class RateLimiter {
  constructor(
    private readonly limits: RateLimits,
    private readonly counter: RateCounter,
    private readonly shortMs = MINUTE,
  ) {}

  consume(key: string, nowMs: number): Promise<RateDecision> {
    return this.decide(nowMs, (w) => this.counter.take(key, w));
  }

  /** Decides on a count that `take` makes: one made in the same statement as something else (a key's lookup). */
  async decide(nowMs: number, take: (w: RateWindows) => Promise<RateCount>): Promise<RateDecision> {
    const windowEnd = (Math.floor(nowMs / this.shortMs) + 1) * this.shortMs;
    // A window is numbered by its last minute, so that buckets of every window length count in minutes alike:
    // the in-process counter sweeps a bucket once its number is behind the current minute.
    const minute = Math.floor((windowEnd - 1) / MINUTE);
    const day = Math.floor(nowMs / DAY);
    const { perMinute, perDay } = this.limits;
    const count = await take({ minute, day, perMinute, perDay });
    const dayReset = Math.ceil(((day + 1) * DAY - nowMs) / 1000);
    const minuteReset = Math.ceil((windowEnd - nowMs) / 1000);
    if (!count.allowed) {
      return count.dayCount >= perDay
        ? { allowed: false, limit: perDay, remaining: 0, reset: dayReset }
        : { allowed: false, limit: perMinute, remaining: 0, reset: minuteReset };
    }
    return {
      allowed: true,
      limit: perMinute,
      remaining: Math.min(perMinute - count.minuteCount, perDay - count.dayCount),
      reset: minuteReset,
    };
  }
}
