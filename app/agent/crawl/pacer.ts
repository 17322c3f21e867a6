/**
 * Politeness: requests to a site start at least `1 / requestsPerSecond` apart, or as far apart as robots.txt's
 * Crawl-delay asks when that is longer. The clock is injected so tests check the spacing without sleeping.
 */
export interface Clock {
  /** Milliseconds on a monotonic scale. */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export interface Pacer {
  /** Resolves when the next request may start; each call reserves its own slot, so concurrent callers queue. */
  wait(signal?: AbortSignal): Promise<void>;
  /** robots.txt's Crawl-delay in seconds (null: none); only ever lengthens the spacing. */
  setCrawlDelay(seconds: number | null): void;
  /** The spacing in force, in milliseconds. */
  readonly intervalMs: number;
}

export function createPacer(clock: Clock, requestsPerSecond: number): Pacer {
  const base = 1000 / requestsPerSecond;
  let interval = base;
  let last = Number.NEGATIVE_INFINITY;
  let next = Number.NEGATIVE_INFINITY;
  return {
    get intervalMs() {
      return interval;
    },
    setCrawlDelay(seconds) {
      interval = Math.max(base, (seconds ?? 0) * 1000);
      // The slot after the last request moves with the new spacing (robots.txt's delay counts from its own request).
      next = last + interval;
    },
    async wait(signal) {
      const now = clock.now();
      const at = Math.max(now, next);
      last = at;
      next = at + interval;
      if (at > now) await clock.sleep(at - now, signal);
    },
  };
}
