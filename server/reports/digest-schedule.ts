import {
  addDays,
  dayOfWeek,
  localDateOf,
  resolveWallTime,
  WEEKLY_DAYS,
  type WeeklyDay,
} from '../jobs/schedule-expression.ts';

/*
 * When a digest is due, in the project's time zone with the runs' DST-safe wall-clock rules: a weekly digest
 * covers the last full week (Monday to Sunday) and goes out at 08:00 on the chosen weekday after that week ended;
 * a monthly one covers the last full month and goes out at 08:00 on the 1st.
 */

/** The morning hour digests go out at, local time: after the night's scheduled runs, before the working day. */
export const DIGEST_HOUR = 8;

export interface DigestSchedule {
  cadence: 'weekly' | 'monthly';
  weekday: WeeklyDay;
  timezone: string;
}

export interface DuePeriod {
  from: string;
  to: string;
  dueAt: Date;
}

const morning = (day: string, timezone: string) => resolveWallTime(day, DIGEST_HOUR, 0, timezone);

/** The weekly period that ends on `sunday`, and when it is sent: the first chosen weekday after it. */
function weekEnding(sunday: string, s: DigestSchedule): DuePeriod {
  const wanted = WEEKLY_DAYS.indexOf(s.weekday);
  const sendDay = addDays(sunday, (wanted - dayOfWeek(sunday) + 7) % 7 || 7);
  return { from: addDays(sunday, -6), to: sunday, dueAt: morning(sendDay, s.timezone) };
}

/** The month that starts on `first` (YYYY-MM-01), sent the morning of the next month's 1st. */
function monthStarting(first: string, s: DigestSchedule): DuePeriod {
  const [y, m] = first.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { from: first, to: addDays(next, -1), dueAt: morning(next, s.timezone) };
}

function previousMonthStart(first: string): string {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
}

/**
 * The latest period whose digest is due at `now` (its send time has come): the one to send if it was not sent.
 * Always a period that has ended in the project's time zone.
 */
export function duePeriod(s: DigestSchedule, now: Date): DuePeriod {
  const today = localDateOf(now, s.timezone);
  if (s.cadence === 'monthly') {
    const thisMonth = `${today.slice(0, 8)}01`;
    const last = monthStarting(previousMonthStart(thisMonth), s);
    return last.dueAt.getTime() <= now.getTime() ? last : monthStarting(previousMonthStart(last.from), s);
  }
  // The Sunday before today (a week ago when today is a Sunday: this week has not ended).
  const lastSunday = addDays(today, -(dayOfWeek(today) || 7));
  const last = weekEnding(lastSunday, s);
  return last.dueAt.getTime() <= now.getTime() ? last : weekEnding(addDays(lastSunday, -7), s);
}
