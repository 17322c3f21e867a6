import { addDays } from '../domain/clock.ts';
import { previousRange, resolveRange, type DayRange } from '../domain/date-range.ts';

/** Today's date where the project is: its time zone's calendar day, UTC when the zone is unknown. */
function localDay(timezone: string, now: Date): string {
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  try {
    return format(timezone);
  } catch {
    return format('UTC');
  }
}

/** Monday to Sunday of the last week that has ended in the project's time zone. */
export function lastFullWeek(timezone: string, now: Date): DayRange {
  const today = localDay(timezone, now);
  const weekday = (new Date(`${today}T00:00:00.000Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  return { from: addDays(monday, -7), to: addDays(monday, -1) };
}

/** The report's period and the one before it: the range asked for (the reads' rules), else the last full week. */
export function reportPeriod(
  q: { from?: string; to?: string },
  timezone: string,
  now: Date,
): { range: DayRange; previous: DayRange } {
  const range =
    q.from === undefined && q.to === undefined ? lastFullWeek(timezone, now) : resolveRange(q, now);
  return { range, previous: previousRange(range) };
}
