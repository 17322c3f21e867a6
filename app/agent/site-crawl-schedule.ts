/**
 * When this host crawls each project's site: first within the hour after it first sees the project, then weekly on
 * the weekday it first saw it, at a quiet hour of the project's time zone (03:00 to 03:59, the minute fixed per
 * project so a host's projects do not all start at once). The weekly crawl goes through the service's scheduler
 * (server/jobs/scheduler.ts), with its DST rules: a time in a spring-forward gap runs once, later by the gap; one in
 * a fall-back overlap runs once.
 */
import { createHash } from 'node:crypto';
import {
  dayOfWeek,
  localDateOf,
  nextDueAfter,
  WEEKLY_DAYS,
  type ProjectSchedule,
} from '../../server/jobs/schedule-expression.ts';
import type { CrawlPlan } from './local-store/site-crawl-jobs.ts';

export const QUIET_HOUR = 3;
/** A weekly crawl due this soon after the last one is skipped (the first crawl can fall just before it). */
export const MIN_CRAWL_GAP_MS = 24 * 3600_000;

/** A number from 0 to n-1, fixed for a project. */
const spread = (projectId: string, n: number) =>
  createHash('sha256').update(projectId).digest().readUInt32BE(0) % n;

/** The first crawl: 1 to 59 minutes after the project was first seen. */
export function firstCrawlAt(projectId: string, seenAt: Date): string {
  return new Date(seenAt.getTime() + (1 + spread(projectId, 59)) * 60_000).toISOString();
}

export function weeklyCrawlSchedule(plan: CrawlPlan, timezone: string): ProjectSchedule {
  const day = dayOfWeek(localDateOf(new Date(plan.firstSeenAt), timezone));
  const minute = String(spread(plan.projectId, 60)).padStart(2, '0');
  return {
    projectId: plan.projectId,
    cadence: 'weekly',
    timeOfDay: `0${QUIET_HOUR}:${minute}`,
    weeklyDay: WEEKLY_DAYS[day] ?? 'sunday',
    timezone,
  };
}

/** When the next crawl is due: the first one until it happened, then the next weekly one. */
export function nextCrawlAt(plan: CrawlPlan, timezone: string, now: Date): Date {
  if (plan.lastCrawlAt === null) return new Date(plan.firstCrawlAt);
  const schedule = weeklyCrawlSchedule(plan, timezone);
  let due = nextDueAfter(schedule, now) ?? now;
  if (due.getTime() - Date.parse(plan.lastCrawlAt) < MIN_CRAWL_GAP_MS)
    due = nextDueAfter(schedule, due) ?? due;
  return due;
}
