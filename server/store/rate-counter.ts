/** The windows a request is counted in: minute and UTC-day numbers since the epoch, and their limits. */
export interface RateWindows {
  minute: number;
  day: number;
  perMinute: number;
  perDay: number;
}

/** A bucket's counts in the current windows; when not allowed, the request was not counted. */
export interface RateCount {
  allowed: boolean;
  minuteCount: number;
  dayCount: number;
}

/**
 * Where request counts live: in the process for the embedded SQLite store (one process serves it), in the
 * database for PostgreSQL, so that every instance behind a balancer counts against the same limit.
 */
export interface RateCounter {
  /** Counts one request of `bucket` unless the minute or the day is already full. */
  take(bucket: string, w: RateWindows): Promise<RateCount>;
}

interface Bucket {
  minute: number;
  minuteCount: number;
  day: number;
  dayCount: number;
}

/** Buckets kept before idle ones are swept, so a stream of one-off addresses cannot grow memory forever. */
const SWEEP_AT = 50_000;

export function memoryRateCounter(): RateCounter {
  const buckets = new Map<string, Bucket>();
  const sweep = (w: RateWindows) => {
    for (const [key, b] of buckets) {
      if (b.minute < w.minute && (b.day < w.day || b.dayCount < w.perDay)) buckets.delete(key);
    }
  };
  return {
    async take(bucket, w) {
      let b = buckets.get(bucket);
      if (!b) {
        if (buckets.size >= SWEEP_AT) sweep(w);
        b = { minute: w.minute, minuteCount: 0, day: w.day, dayCount: 0 };
        buckets.set(bucket, b);
      }
      if (b.minute !== w.minute) Object.assign(b, { minute: w.minute, minuteCount: 0 });
      if (b.day !== w.day) Object.assign(b, { day: w.day, dayCount: 0 });
      const allowed = b.dayCount < w.perDay && b.minuteCount < w.perMinute;
      if (allowed) {
        b.minuteCount += 1;
        b.dayCount += 1;
      }
      return { allowed, minuteCount: b.minuteCount, dayCount: b.dayCount };
    },
  };
}
