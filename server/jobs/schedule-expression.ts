/**
 * Pure calendar arithmetic for project schedules: the node-cron expression for a schedule, and our own
 * computation of the instant a schedule is due on a given local date (used by the scheduler's DST guard).
 *
 * Wall-clock rules (the same as RFC 5545 and Temporal's default "compatible" disambiguation):
 * - a time that falls in a spring-forward gap is read with the UTC offset in force before the gap, so it
 *   runs the length of the gap later: 02:30 on a day clocks jump 02:00 -> 03:00 runs at 03:30;
 * - a time that occurs twice in a fall-back overlap runs at its first occurrence only.
 */

import { CADENCES } from '../contract/tracking.ts';

export type Cadence = (typeof CADENCES)[number];

/** Index in this list is the cron day-of-week number (0 = Sunday). */
export const WEEKLY_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type WeeklyDay = (typeof WEEKLY_DAYS)[number];

export interface ProjectSchedule {
  projectId: string;
  cadence: Cadence;
  /** "HH:MM", 24-hour, in `timezone`. */
  timeOfDay: string;
  /** Only used when cadence is "weekly". */
  weeklyDay: WeeklyDay;
  /** IANA time zone, e.g. "Europe/Berlin". */
  timezone: string;
}

/** A calendar date in some time zone, "YYYY-MM-DD". */
export type LocalDate = string;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

export function parseTimeOfDay(value: string): { hour: number; minute: number } {
  const match = TIME_OF_DAY.exec(value);
  if (!match)
    throw new RangeError(`timeOfDay must be HH:MM from 00:00 to 23:59, got ${JSON.stringify(value)}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timezone: string): boolean {
  if (typeof timezone !== 'string' || timezone.length === 0) return false;
  try {
    formatterFor(timezone);
    return true;
  } catch {
    return false;
  }
}

/** Why a schedule cannot be run, or null when it is usable. */
export function scheduleProblem(schedule: ProjectSchedule): string | null {
  if (!(CADENCES as readonly string[]).includes(schedule.cadence)) {
    return `unknown cadence ${JSON.stringify(schedule.cadence)}`;
  }
  if (schedule.cadence === 'manual') return null;
  if (!TIME_OF_DAY.test(schedule.timeOfDay)) {
    return `timeOfDay must be HH:MM from 00:00 to 23:59, got ${JSON.stringify(schedule.timeOfDay)}`;
  }
  if (schedule.cadence === 'weekly' && !(WEEKLY_DAYS as readonly string[]).includes(schedule.weeklyDay)) {
    return `unknown weeklyDay ${JSON.stringify(schedule.weeklyDay)}`;
  }
  if (!isValidTimeZone(schedule.timezone)) return `unknown timezone ${JSON.stringify(schedule.timezone)}`;
  return null;
}

/** Identity of what a schedule's job does; equal keys mean the running job can be kept as is. */
export function scheduleKey(schedule: ProjectSchedule): string {
  return JSON.stringify([
    schedule.cadence,
    schedule.timeOfDay,
    schedule.cadence === 'weekly' ? schedule.weeklyDay : '',
    schedule.timezone,
  ]);
}

/** The node-cron expression (5 fields, minute first) for a schedule, or null for "manual". */
export function cronExpression(schedule: ProjectSchedule): string | null {
  if (schedule.cadence === 'manual') return null;
  const { hour, minute } = parseTimeOfDay(schedule.timeOfDay);
  const dayOfWeek =
    schedule.cadence === 'daily'
      ? '*'
      : schedule.cadence === 'weekdays'
        ? '1-5'
        : weekdayIndex(schedule.weeklyDay);
  return `${minute} ${hour} * * ${dayOfWeek}`;
}

function weekdayIndex(day: WeeklyDay): number {
  const index = WEEKLY_DAYS.indexOf(day);
  if (index < 0) throw new RangeError(`unknown weeklyDay ${JSON.stringify(day)}`);
  return index;
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallParts(instantMs: number, timezone: string): WallParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timezone).formatToParts(new Date(instantMs))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** UTC offset (wall clock minus UTC) in milliseconds at an instant. */
function offsetMs(instantMs: number, timezone: string): number {
  const p = wallParts(instantMs, timezone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function localDateOf(instant: Date, timezone: string): LocalDate {
  const p = wallParts(instant.getTime(), timezone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

function dateParts(date: LocalDate): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year ?? NaN, month: month ?? NaN, day: day ?? NaN };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Cron day-of-week (0 = Sunday) of a calendar date. */
export function dayOfWeek(date: LocalDate): number {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function runsOnDate(schedule: ProjectSchedule, date: LocalDate): boolean {
  switch (schedule.cadence) {
    case 'daily':
      return true;
    case 'weekdays': {
      const dow = dayOfWeek(date);
      return dow >= 1 && dow <= 5;
    }
    case 'weekly':
      return dayOfWeek(date) === weekdayIndex(schedule.weeklyDay);
    default:
      return false;
  }
}

/**
 * The instant a wall-clock time on a calendar date happens in a time zone: the first occurrence when
 * it happens twice, and the pre-gap offset reading (so "gap length later") when it does not happen.
 * Assumes at most one offset change within a day either side, which holds for every IANA zone in use.
 */
export function resolveWallTime(date: LocalDate, hour: number, minute: number, timezone: string): Date {
  const { year, month, day } = dateParts(date);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = offsetMs(wall - DAY_MS, timezone);
  const after = offsetMs(wall + DAY_MS, timezone);
  const valid = [wall - before, wall - after].filter((t) => t + offsetMs(t, timezone) === wall);
  if (valid.length > 0) return new Date(Math.min(...valid));
  return new Date(wall - before);
}

/** When the schedule is due on a local date, or null when it does not run that day. */
export function dueOnDate(schedule: ProjectSchedule, date: LocalDate): Date | null {
  if (!runsOnDate(schedule, date)) return null;
  const { hour, minute } = parseTimeOfDay(schedule.timeOfDay);
  return resolveWallTime(date, hour, minute, schedule.timezone);
}

/** The first instant strictly after `after` at which the schedule is due, or null for "manual". */
export function nextDueAfter(schedule: ProjectSchedule, after: Date): Date | null {
  if (schedule.cadence === 'manual') return null;
  const start = addDays(localDateOf(after, schedule.timezone), -1);
  for (let i = 0; i <= 9; i++) {
    const due = dueOnDate(schedule, addDays(start, i));
    if (due && due.getTime() > after.getTime()) return due;
  }
  return null;
}
