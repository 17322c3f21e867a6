import type { DayRange } from '../domain/date-range.ts';
import { bucketOf } from '../domain/trend-stats.ts';

export type TrafficInterval = 'day' | 'week';

/** Counts per day summed into the range's days or ISO weeks (partial weeks cover only the range's days). */
export function series(
  days: Iterable<{ day: string; n: number }>,
  interval: TrafficInterval,
  range: DayRange,
): { period: string; from: string; to: string; n: number }[] {
  const out = new Map<string, { period: string; from: string; to: string; n: number }>();
  for (const { day, n } of days) {
    const bucket = bucketOf(day, interval, range);
    const point = out.get(bucket.period);
    if (point) point.n += n;
    else out.set(bucket.period, { ...bucket, n });
  }
  return [...out.values()].sort((a, b) => (a.from < b.from ? -1 : 1));
}
