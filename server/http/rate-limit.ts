import { retryLater, type AppError } from '../domain/errors.ts';

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

interface Bucket {
  minute: number;
  minuteCount: number;
  day: number;
  dayCount: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * In-process counters: right for one process on one machine. Several `serve` processes behind a balancer each
 * count their own share, which the README states.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(private readonly limits: RateLimits) {}

  consume(key: string, nowMs: number): RateDecision {
    const minute = Math.floor(nowMs / MINUTE);
    const day = Math.floor(nowMs / DAY);
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= 50_000) this.sweep(minute);
      b = { minute, minuteCount: 0, day, dayCount: 0 };
      this.buckets.set(key, b);
    }
    if (b.minute !== minute) Object.assign(b, { minute, minuteCount: 0 });
    if (b.day !== day) Object.assign(b, { day, dayCount: 0 });
    const dayReset = Math.ceil(((day + 1) * DAY - nowMs) / 1000);
    const minuteReset = Math.ceil(((minute + 1) * MINUTE - nowMs) / 1000);
    if (b.dayCount >= this.limits.perDay) {
      return { allowed: false, limit: this.limits.perDay, remaining: 0, reset: dayReset };
    }
    if (b.minuteCount >= this.limits.perMinute) {
      return { allowed: false, limit: this.limits.perMinute, remaining: 0, reset: minuteReset };
    }
    b.minuteCount++;
    b.dayCount++;
    return {
      allowed: true,
      limit: this.limits.perMinute,
      remaining: Math.min(this.limits.perMinute - b.minuteCount, this.limits.perDay - b.dayCount),
      reset: minuteReset,
    };
  }

  /** Drops callers idle for a whole minute window so a stream of one-off addresses cannot grow memory forever. */
  private sweep(minute: number): void {
    for (const [key, b] of this.buckets) {
      if (b.minute < minute && b.dayCount < this.limits.perDay) this.buckets.delete(key);
    }
  }
}
