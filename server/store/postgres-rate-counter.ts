import { sql } from 'kysely';
import type { Db } from './engine.ts';
import type { RateCounter } from './rate-counter.ts';

/** How often one instance clears buckets of past days (any instance may; it is idempotent). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Counts in the database, one row per bucket, so every instance counts against the same limit. One statement
 * counts a request only while both windows have room: a full minute or day leaves the row as it is. A window
 * that has moved on starts again at one; an instance whose clock lags the row's window counts into the newer one.
 */
export function postgresRateCounter(db: Db): RateCounter {
  let sweptAt = 0;
  return {
    async take(bucket, w) {
      const now = Date.now();
      if (now - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = now;
        await sql`delete from rate_limits where day < ${w.day}`.execute(db);
      }
      const counted = await sql<{ minute_count: number; day_count: number }>`
        insert into rate_limits as r (bucket, minute, minute_count, day, day_count)
        values (${bucket}, ${w.minute}, 1, ${w.day}, 1)
        on conflict (bucket) do update set
          minute_count = case when excluded.minute > r.minute then 1 else r.minute_count + 1 end,
          day_count = case when excluded.day > r.day then 1 else r.day_count + 1 end,
          minute = greatest(r.minute, excluded.minute),
          day = greatest(r.day, excluded.day)
        where (excluded.minute > r.minute or r.minute_count < ${w.perMinute})
          and (excluded.day > r.day or r.day_count < ${w.perDay})
        returning minute_count, day_count`.execute(db);
      const row = counted.rows[0];
      if (row) return { allowed: true, minuteCount: row.minute_count, dayCount: row.day_count };
      const full = await sql<{ minute_count: number; day_count: number }>`
        select minute_count, day_count from rate_limits where bucket = ${bucket}`.execute(db);
      const r = full.rows[0];
      return { allowed: false, minuteCount: r?.minute_count ?? 0, dayCount: r?.day_count ?? 0 };
    },
  };
}
