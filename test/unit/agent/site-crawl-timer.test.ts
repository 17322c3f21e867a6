/**
 * The agent's weekly crawl on its real timer: the site crawler's scheduler (node-cron and the DST guard of
 * server/jobs/scheduler.ts) under vitest's fake clock, across both of Paris's DST changes of 2026 (the last Sundays
 * of March and October). site-crawl-schedule.test.ts checks the computed instants; this one checks they fire.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalStore, type LocalStore } from '../../../app/agent/local-store.ts';
import { createSiteCrawler, type SiteCrawler } from '../../../app/agent/site-crawler.ts';
import { weeklyCrawlSchedule } from '../../../app/agent/site-crawl-schedule.ts';
import { SyncError, type SyncClient } from '../../../app/agent/sync-client.ts';
import { systemClock } from '../../../server/domain/clock.ts';
import { hostProject } from '../../fakes/host-api.ts';
import { memoryLog } from './harness.ts';

const PARIS = 'Europe/Paris';
const PROJECT = 'prjParis7QmT2xK9pLw4RzN8';
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

let crawler: SiteCrawler | null = null;
let store: LocalStore | null = null;

afterEach(async () => {
  await crawler?.stop();
  await store?.close();
  crawler = null;
  store = null;
  vi.useRealTimers();
});

const wall = (instant: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: PARIS,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

/** A service that is never reached: each weekly crawl the timer starts is recorded, then skipped as offline. */
function unreachableService(started: { projectId: string; at: number }[]): SyncClient {
  return {
    startScheduledCrawl: async (projectId: string) => {
      started.push({ projectId, at: Date.now() });
      throw new SyncError('offline', 'the service cannot be reached');
    },
  } as Partial<SyncClient> as SyncClient;
}

async function weeklyCrawlerFrom(seenAt: string, started: { projectId: string; at: number }[]) {
  vi.useFakeTimers({ now: Date.parse(seenAt) });
  store = await openLocalStore(':memory:');
  const project = hostProject({ id: PROJECT });
  await store.replaceProjects([{ ...project, tracking: { ...project.tracking, timezone: PARIS } }], seenAt);
  crawler = createSiteCrawler({
    store,
    client: unreachableService(started),
    clock: systemClock,
    log: memoryLog(),
    settings: { maxPages: 10, allowPrivate: false },
    docsUrl: 'https://docs.example/bot',
  });
  await crawler.schedule([PROJECT]);
  await crawler.start(HOUR);
  const [plan] = await store.crawlPlans();
  return weeklyCrawlSchedule(plan!, PARIS);
}

describe('the weekly site crawl on its timer', () => {
  for (const [change, seenAt, shorter] of [
    ['spring forward (29 March 2026)', '2026-03-15T11:00:00.000Z', true],
    ['fall back (25 October 2026)', '2026-10-11T11:00:00.000Z', false],
  ] as const) {
    it(`fires every Sunday at the same quiet Paris time across the ${change}`, async () => {
      const started: { projectId: string; at: number }[] = [];
      const schedule = await weeklyCrawlerFrom(seenAt, started);
      // First seen on a Sunday: the weekly crawl is on Sundays, the first falls a week before the change, the second on it.
      expect(schedule).toMatchObject({ cadence: 'weekly', weeklyDay: 'sunday', timezone: PARIS });
      expect(schedule.timeOfDay).toMatch(/^03:[0-5]\d$/);

      await vi.advanceTimersByTimeAsync(4 * WEEK);

      expect(started.map((s) => s.projectId)).toEqual([PROJECT, PROJECT, PROJECT, PROJECT]);
      expect(started.map((s) => wall(s.at))).toEqual(Array(4).fill(`Sunday ${schedule.timeOfDay}`));
      const gaps = started.slice(1).map((s, i) => s.at - started[i]!.at);
      // The week that crosses the change is an hour shorter (spring) or longer (autumn); the others are 7 days.
      expect(gaps).toEqual([WEEK + (shorter ? -HOUR : HOUR), WEEK, WEEK]);
    });
  }

  it('stops firing once stopped', async () => {
    const started: { projectId: string; at: number }[] = [];
    await weeklyCrawlerFrom('2026-03-15T11:00:00.000Z', started);
    await vi.advanceTimersByTimeAsync(WEEK);
    expect(started).toHaveLength(1);
    await crawler!.stop();
    await vi.advanceTimersByTimeAsync(3 * WEEK);
    expect(started).toHaveLength(1);
  });
});
