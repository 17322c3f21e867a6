/** Shared by the scheduler tests: a scheduler under fake timers, and helpers to read its fire instants. */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import {
  createScheduler,
  type ProjectSchedule,
  type Scheduler,
  type SchedulerDeps,
} from '../../server/jobs/scheduler.ts';

// node-cron arms setTimeout for its next run and reads `new Date()`; vitest's default fake timers replace
// both, so advancing the fake clock drives the real node-cron code. The *Async advance variant is needed
// because node-cron's heartbeat and our fire() are async.

export const DAY = 86_400_000;

interface Fired {
  projectId: string;
  scheduledFor: string;
  firedAt: string;
}

export const schedule = (over: Partial<ProjectSchedule> = {}): ProjectSchedule => ({
  projectId: 'p1',
  cadence: 'daily',
  timeOfDay: '09:00',
  weeklyDay: 'monday',
  timezone: 'UTC',
  ...over,
});

const running: Scheduler[] = [];

export function setup(initial: ProjectSchedule[], over: Partial<SchedulerDeps> = {}) {
  let schedules = initial;
  const fired: Fired[] = [];
  const errors: { err: unknown; projectId: string | undefined }[] = [];
  const load = vi.fn(async () => schedules.map((s) => ({ ...s })));
  const scheduler = createScheduler({
    load,
    fire: async (projectId, scheduledFor) => {
      fired.push({ projectId, scheduledFor: scheduledFor.toISOString(), firedAt: new Date().toISOString() });
    },
    onError: (err, projectId) => errors.push({ err, projectId }),
    reloadEveryMs: 3_600_000,
    ...over,
  });
  running.push(scheduler);
  return {
    scheduler,
    fired,
    errors,
    load,
    setSchedules(next: ProjectSchedule[]) {
      schedules = next;
    },
    instants: (projectId = 'p1') => fired.filter((f) => f.projectId === projectId).map((f) => f.scheduledFor),
  };
}

export async function advanceTo(iso: string): Promise<void> {
  const target = Date.parse(iso);
  expect(target).toBeGreaterThanOrEqual(Date.now());
  await vi.advanceTimersByTimeAsync(target - Date.now());
}

/** "YYYY-MM-DD HH:MM" wall clock of an instant, straight from Intl (independent of the code under test). */
export function wall(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

export function expectOneRunPerLocalDay(instants: string[], timezone: string, days: string[]): void {
  expect(instants.map((i) => wall(i, timezone).slice(0, 10))).toEqual(days);
}

/** Fake timers for each test, and no scheduler left running after it. */
export function useSchedulerClock(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    for (const scheduler of running.splice(0)) scheduler.stop();
    vi.useRealTimers();
  });
}
