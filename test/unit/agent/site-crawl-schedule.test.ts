import { describe, expect, it } from 'vitest';
import {
  firstCrawlAt,
  MIN_CRAWL_GAP_MS,
  nextCrawlAt,
  weeklyCrawlSchedule,
} from '../../../app/agent/site-crawl-schedule.ts';
import type { CrawlPlan } from '../../../app/agent/local-store/site-crawl-jobs.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const wall = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

describe('when a host crawls a project’s site', () => {
  it('crawls first within the hour after it first sees the project, the minute fixed per project', () => {
    const seen = new Date('2026-03-20T10:15:00.000Z');
    for (const id of ['prjA', 'prjB', 'prjC', 'prjD']) {
      const due = Date.parse(firstCrawlAt(id, seen)) - seen.getTime();
      expect(due).toBeGreaterThan(0);
      expect(due).toBeLessThan(HOUR);
      expect(firstCrawlAt(id, seen)).toBe(firstCrawlAt(id, seen));
    }
    const plan: CrawlPlan = {
      projectId: 'prjA',
      firstSeenAt: seen.toISOString(),
      firstCrawlAt: firstCrawlAt('prjA', seen),
      lastCrawlAt: null,
    };
    expect(nextCrawlAt(plan, 'Europe/Berlin', seen).toISOString()).toBe(plan.firstCrawlAt);
  });

  for (const [timezone, seenAt] of [
    ['Europe/Berlin', '2026-03-13T12:00:00.000Z'],
    ['America/New_York', '2026-02-27T18:00:00.000Z'],
    ['Europe/Berlin', '2026-10-09T12:00:00.000Z'],
    ['Australia/Sydney', '2026-03-27T01:00:00.000Z'],
  ] as const) {
    it(`crawls weekly at the same quiet local time across a DST change (${timezone}, from ${seenAt.slice(0, 10)})`, () => {
      const plan: CrawlPlan = {
        projectId: 'prj7QmT2xK9pLw4RzN8vB3c',
        firstSeenAt: seenAt,
        firstCrawlAt: firstCrawlAt('prj7QmT2xK9pLw4RzN8vB3c', new Date(seenAt)),
        lastCrawlAt: null,
      };
      const schedule = weeklyCrawlSchedule(plan, timezone);
      expect(schedule.timeOfDay).toMatch(/^03:[0-5]\d$/);
      const firstDay = wall(new Date(seenAt), timezone).split(' ')[0];
      let now = new Date(plan.firstCrawlAt);
      const dues: Date[] = [];
      for (let week = 0; week < 6; week++) {
        plan.lastCrawlAt = now.toISOString();
        const due = nextCrawlAt(plan, timezone, now);
        expect(due.getTime() - now.getTime()).toBeGreaterThanOrEqual(MIN_CRAWL_GAP_MS);
        expect(wall(due, timezone)).toBe(`${firstDay} ${schedule.timeOfDay}`);
        dues.push(due);
        now = new Date(due.getTime() + 5 * 60_000);
      }
      // Weeks of 7 days, one of them an hour shorter or longer: the change was crossed, the local time kept.
      const gaps = dues.slice(1).map((d, i) => d.getTime() - dues[i]!.getTime());
      expect(gaps.every((g) => Math.abs(g - 7 * DAY) <= HOUR)).toBe(true);
      expect(gaps.some((g) => g !== 7 * DAY)).toBe(true);
    });
  }

  it('skips a weekly crawl that falls less than a day after the last crawl', () => {
    // First seen on a Monday at 02:30 Berlin time: the first crawl lands just before Monday's quiet hour.
    const seen = new Date('2026-06-15T00:30:00.000Z');
    const plan: CrawlPlan = {
      projectId: 'prjQuiet',
      firstSeenAt: seen.toISOString(),
      firstCrawlAt: firstCrawlAt('prjQuiet', seen),
      lastCrawlAt: new Date(seen.getTime() + 10 * 60_000).toISOString(),
    };
    const due = nextCrawlAt(plan, 'Europe/Berlin', new Date(plan.lastCrawlAt!));
    expect(due.getTime() - Date.parse(plan.lastCrawlAt!)).toBeGreaterThan(6 * DAY);
  });
});
