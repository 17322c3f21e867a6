import { describe, expect, it, vi } from 'vitest';
import { advanceTo, schedule, setup, useSchedulerClock } from '../support/scheduler-harness.ts';

useSchedulerClock();

describe('scheduler: refresh', () => {
  it('picks up a changed time without running twice on the day that already ran', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, setSchedules, instants } = setup([schedule({ timeOfDay: '09:00' })]);
    await scheduler.start();
    await advanceTo('2026-03-02T12:00:00Z');
    expect(instants()).toEqual(['2026-03-02T09:00:00.000Z']);

    setSchedules([schedule({ timeOfDay: '15:00' })]);
    await scheduler.refresh();
    await advanceTo('2026-03-04T00:00:00Z');
    expect(instants()).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-03T15:00:00.000Z', // not 2026-03-02T15:00 (that day has run) and never 09:00 again
    ]);
  });

  it('moves the run of the current day when the time changes before it is due', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, setSchedules, instants } = setup([schedule({ timeOfDay: '09:00' })]);
    await scheduler.start();
    await advanceTo('2026-03-02T08:00:00Z');
    setSchedules([schedule({ timeOfDay: '10:00' })]);
    await scheduler.refresh();
    await advanceTo('2026-03-03T00:00:00Z');
    expect(instants()).toEqual(['2026-03-02T10:00:00.000Z']);
  });

  it('picks up a changed timezone', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, setSchedules, instants } = setup([schedule({ timeOfDay: '09:00', timezone: 'UTC' })]);
    await scheduler.start();
    await advanceTo('2026-03-03T00:00:00Z');
    setSchedules([schedule({ timeOfDay: '09:00', timezone: 'America/New_York' })]);
    await scheduler.refresh();
    await advanceTo('2026-03-05T00:00:00Z');
    expect(instants()).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-03T14:00:00.000Z',
      '2026-03-04T14:00:00.000Z',
    ]);
  });

  it('picks up a changed cadence, including to and from manual', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z')); // a Monday
    const { scheduler, setSchedules, instants } = setup([schedule({ cadence: 'daily' })]);
    await scheduler.start();
    await advanceTo('2026-03-03T00:00:00Z');

    setSchedules([schedule({ cadence: 'weekly', weeklyDay: 'friday' })]);
    await scheduler.refresh();
    await advanceTo('2026-03-09T00:00:00Z');

    setSchedules([schedule({ cadence: 'manual' })]);
    await scheduler.refresh();
    expect(vi.getTimerCount()).toBe(1); // only the reload timer is left
    await advanceTo('2026-03-12T00:00:00Z');

    setSchedules([schedule({ cadence: 'weekdays' })]);
    await scheduler.refresh();
    await advanceTo('2026-03-14T00:00:00Z');

    expect(instants()).toEqual([
      '2026-03-02T09:00:00.000Z', // daily
      '2026-03-06T09:00:00.000Z', // weekly on Friday
      '2026-03-12T09:00:00.000Z', // weekdays Thursday
      '2026-03-13T09:00:00.000Z', // weekdays Friday (not Saturday 14th)
    ]);
  });

  it('picks up a new project and a weekly day change through the reload timer alone', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, setSchedules, fired, load } = setup(
      [schedule({ projectId: 'old', timeOfDay: '09:00' })],
      {
        reloadEveryMs: 60_000,
      },
    );
    await scheduler.start();
    await advanceTo('2026-03-02T08:30:00Z');
    setSchedules([
      schedule({ projectId: 'old', timeOfDay: '09:00' }),
      schedule({ projectId: 'new', timeOfDay: '08:45' }),
    ]);
    await advanceTo('2026-03-03T00:00:00Z');

    expect(load.mock.calls.length).toBeGreaterThan(1000); // reloaded every minute all day
    expect(fired.map((f) => `${f.projectId} ${f.scheduledFor}`)).toEqual([
      'new 2026-03-02T08:45:00.000Z',
      'old 2026-03-02T09:00:00.000Z', // once, although reloaded around its due minute
    ]);
  });

  it('leaves an unchanged job alone when refreshed right at its due minute', async () => {
    vi.setSystemTime(new Date('2026-03-02T08:59:59.500Z'));
    const { scheduler, instants } = setup([schedule()]);
    await scheduler.start();
    await scheduler.refresh();
    await advanceTo('2026-03-02T09:00:00.000Z');
    await scheduler.refresh();
    await advanceTo('2026-03-02T09:00:00.500Z');
    await scheduler.refresh();
    await advanceTo('2026-03-03T00:00:00Z');
    expect(instants()).toEqual(['2026-03-02T09:00:00.000Z']);
  });

  it('stops running a project that is no longer loaded', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, setSchedules, fired } = setup([
      schedule({ projectId: 'a' }),
      schedule({ projectId: 'b', timeOfDay: '10:00' }),
    ]);
    await scheduler.start();
    await advanceTo('2026-03-03T00:00:00Z');
    setSchedules([schedule({ projectId: 'b', timeOfDay: '10:00' })]);
    await scheduler.refresh();
    await advanceTo('2026-03-04T00:00:00Z');
    expect(fired.map((f) => `${f.projectId} ${f.scheduledFor}`)).toEqual([
      'a 2026-03-02T09:00:00.000Z',
      'b 2026-03-02T10:00:00.000Z',
      'b 2026-03-03T10:00:00.000Z',
    ]);
  });

  it('coalesces refresh calls made while one is waiting to run', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, load } = setup([schedule()]);
    await scheduler.start();
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.all([scheduler.refresh(), scheduler.refresh(), scheduler.refresh()]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does nothing on refresh before start', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, load, fired } = setup([schedule()]);
    await scheduler.refresh();
    await advanceTo('2026-03-03T00:00:00Z');
    expect(load).not.toHaveBeenCalled();
    expect(fired).toEqual([]);
  });
});
