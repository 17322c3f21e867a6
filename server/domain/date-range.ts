import { addDays, daysInclusive, isoDay } from './clock.ts';
import { AppError, invalid } from './errors.ts';

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;

export interface DayRange {
  from: string;
  to: string;
}

/** `to` defaults to today (UTC) and `from` to 30 days ending on `to`; both ends count. */
export function resolveRange(query: { from?: string; to?: string }, now: Date): DayRange {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  if (from > to) throw invalid(`from (${from}) is after to (${to})`);
  const days = daysInclusive(from, to);
  if (days > MAX_RANGE_DAYS) {
    throw new AppError(
      'range_too_wide',
      `The range covers ${days} days; the widest allowed is ${MAX_RANGE_DAYS}.`,
    );
  }
  return { from, to };
}

/** The range of the same length that ends the day before `range` starts: what a change is measured against. */
export function previousRange(range: DayRange): DayRange {
  const to = addDays(range.from, -1);
  return { from: addDays(to, 1 - daysInclusive(range.from, range.to)), to };
}

/** The answers observed on the range's days: from its first midnight to the midnight after its last day. */
export function observedWindow(range: DayRange): { from: string; to: string } {
  return { from: `${range.from}T00:00:00.000Z`, to: `${addDays(range.to, 1)}T00:00:00.000Z` };
}
