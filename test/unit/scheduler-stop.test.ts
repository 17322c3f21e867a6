import { describe, expect, it, vi } from 'vitest';
import type { ProjectSchedule } from '../../server/jobs/scheduler.ts';
import { advanceTo, DAY, schedule, setup, useSchedulerClock } from '../support/scheduler-harness.ts';

useSchedulerClock();

describe('scheduler: stop', () => {
  it('leaves no timers behind, including a pending DST guard timer', async () => {
    vi.setSystemTime(new Date('2026-03-07T12:00:00Z'));
    const { scheduler, fired } = setup([
      schedule({ projectId: 'gap', timeOfDay: '02:30', timezone: 'America/New_York' }),
      schedule({ projectId: 'plain', timeOfDay: '09:00' }),
    ]);
    await scheduler.start();
    // reload timer + two node-cron heartbeats + the guard for 03:30 EDT on 2026-03-08
    expect(vi.getTimerCount()).toBe(4);
    scheduler.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(7 * DAY);
    expect(fired).toEqual([]);
  });

  it('creates nothing when stopped while the first load is still pending', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    let release: (value: ProjectSchedule[]) => void = () => {};
    const { scheduler, fired } = setup([], {
      load: () => new Promise<ProjectSchedule[]>((resolve) => (release = resolve)),
    });
    const started = scheduler.start();
    scheduler.stop();
    release([schedule()]);
    await started;
    expect(vi.getTimerCount()).toBe(0);
    await advanceTo('2026-03-03T00:00:00Z');
    expect(fired).toEqual([]);
  });

  it('can be started again after stop', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, instants } = setup([schedule()]);
    await scheduler.start();
    scheduler.stop();
    await advanceTo('2026-03-03T00:00:00Z');
    await scheduler.start();
    await advanceTo('2026-03-04T00:00:00Z');
    expect(instants()).toEqual(['2026-03-03T09:00:00.000Z']);
  });

  it('unrefs its timers so it never keeps the process alive', async () => {
    vi.useRealTimers();
    const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timeouts();
    const { scheduler } = setup([
      schedule({ projectId: 'a', timeOfDay: '09:00' }),
      schedule({ projectId: 'b', timeOfDay: '02:30', timezone: 'America/New_York' }),
    ]);
    await scheduler.start();
    expect(timeouts()).toBe(before);
    scheduler.stop();
    expect(timeouts()).toBe(before);
  });
});
