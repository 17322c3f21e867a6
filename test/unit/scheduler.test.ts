import { describe, expect, it, vi } from 'vitest';
import { MISSED_TOLERANCE_MS, MissedRunError, type ProjectSchedule } from '../../server/jobs/scheduler.ts';
import { advanceTo, DAY, schedule, setup, useSchedulerClock } from '../support/scheduler-harness.ts';

useSchedulerClock();

describe('scheduler: ordinary schedules', () => {
  it('runs a daily schedule once a day for two weeks, exactly at the due minute', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, fired, instants } = setup([schedule({ timeOfDay: '09:00', timezone: 'UTC' })]);
    await scheduler.start();
    await advanceTo('2026-03-16T00:00:00Z');

    const expected = Array.from(
      { length: 14 },
      (_, i) => new Date(Date.parse('2026-03-02T09:00:00Z') + i * DAY),
    );
    expect(instants()).toEqual(expected.map((d) => d.toISOString()));
    for (const f of fired) expect(f.firedAt).toBe(f.scheduledFor);
  });

  it('runs a weekdays schedule Monday to Friday only', async () => {
    // 08:15 in Tokyo is 23:15 UTC the day before.
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    const { scheduler, instants } = setup([
      schedule({ cadence: 'weekdays', timeOfDay: '08:15', timezone: 'Asia/Tokyo' }),
    ]);
    await scheduler.start();
    await advanceTo('2026-03-15T00:00:00Z');

    expect(instants()).toEqual([
      '2026-03-01T23:15:00.000Z',
      '2026-03-02T23:15:00.000Z',
      '2026-03-03T23:15:00.000Z',
      '2026-03-04T23:15:00.000Z',
      '2026-03-05T23:15:00.000Z',
      '2026-03-08T23:15:00.000Z',
      '2026-03-09T23:15:00.000Z',
      '2026-03-10T23:15:00.000Z',
      '2026-03-11T23:15:00.000Z',
      '2026-03-12T23:15:00.000Z',
    ]);
    const localDays = instants().map((i) =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', weekday: 'short' }).format(new Date(i)),
    );
    expect(new Set(localDays)).toEqual(new Set(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']));
  });

  it('runs a weekly schedule on its day only', async () => {
    vi.setSystemTime(new Date('2026-02-01T00:00:00Z'));
    const { scheduler, instants } = setup([
      schedule({
        cadence: 'weekly',
        weeklyDay: 'wednesday',
        timeOfDay: '17:45',
        timezone: 'America/Los_Angeles',
      }),
    ]);
    await scheduler.start();
    await advanceTo('2026-02-22T00:00:00Z');

    expect(instants()).toEqual([
      '2026-02-05T01:45:00.000Z',
      '2026-02-12T01:45:00.000Z',
      '2026-02-19T01:45:00.000Z',
    ]);
  });

  it('creates no job and fires nothing for a manual project', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, fired, errors } = setup([
      schedule({ projectId: 'm1', cadence: 'manual' }),
      schedule({ projectId: 'm2', cadence: 'manual', timeOfDay: 'garbage', timezone: 'Not/AZone' }),
    ]);
    await scheduler.start();
    expect(vi.getTimerCount()).toBe(1); // only the reload timer
    await advanceTo('2026-03-16T00:00:00Z');
    expect(fired).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('runs several projects independently', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, fired } = setup([
      schedule({ projectId: 'a', timeOfDay: '06:00' }),
      schedule({ projectId: 'b', timeOfDay: '06:00', timezone: 'Europe/Berlin' }),
      schedule({ projectId: 'c', cadence: 'weekly', weeklyDay: 'tuesday', timeOfDay: '12:00' }),
    ]);
    await scheduler.start();
    await advanceTo('2026-03-04T00:00:00Z');
    expect(fired.map((f) => `${f.projectId} ${f.scheduledFor}`)).toEqual([
      'b 2026-03-02T05:00:00.000Z',
      'a 2026-03-02T06:00:00.000Z',
      'b 2026-03-03T05:00:00.000Z',
      'a 2026-03-03T06:00:00.000Z',
      'c 2026-03-03T12:00:00.000Z',
    ]);
  });

  it('passes the due minute as scheduledFor when the event loop was blocked, within the tolerance', async () => {
    vi.setSystemTime(new Date('2026-03-02T08:00:00Z'));
    const { scheduler, fired, errors } = setup([schedule()]);
    await scheduler.start();
    await advanceTo('2026-03-02T08:59:59Z');
    // The wall clock jumps 10 minutes while no timer can run, as if the process was blocked or asleep.
    vi.setSystemTime(new Date('2026-03-02T09:09:59Z'));
    await vi.advanceTimersByTimeAsync(2_000);

    expect(fired).toEqual([
      { projectId: 'p1', scheduledFor: '2026-03-02T09:00:00.000Z', firedAt: '2026-03-02T09:10:00.000Z' },
    ]);
    expect(errors).toEqual([]);
  });

  it('reports a run that is later than the tolerance as missed instead of running it, then carries on', async () => {
    vi.setSystemTime(new Date('2026-03-02T08:00:00Z'));
    const { scheduler, errors, instants } = setup([schedule()]);
    await scheduler.start();
    await advanceTo('2026-03-02T08:59:59Z');
    vi.setSystemTime(new Date(Date.parse('2026-03-02T08:59:59Z') + MISSED_TOLERANCE_MS + 60_000));
    await vi.advanceTimersByTimeAsync(2_000);

    expect(instants()).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.projectId).toBe('p1');
    expect(errors[0]?.err).toBeInstanceOf(MissedRunError);
    expect((errors[0]?.err as MissedRunError).scheduledFor.toISOString()).toBe('2026-03-02T09:00:00.000Z');

    await advanceTo('2026-03-04T00:00:00Z');
    expect(instants()).toEqual(['2026-03-03T09:00:00.000Z']);
  });
});

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

describe('scheduler: errors', () => {
  it('sends a rejected fire to onError and keeps running', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const boom = new Error('engine quota exhausted');
    const calls: string[] = [];
    const { scheduler, errors } = setup([schedule({ projectId: 'a' }), schedule({ projectId: 'b' })], {
      fire: async (projectId, scheduledFor) => {
        calls.push(`${projectId} ${scheduledFor.toISOString()}`);
        if (projectId === 'a' && calls.length <= 2) throw boom;
      },
    });
    await scheduler.start();
    await advanceTo('2026-03-04T00:00:00Z');
    expect(errors).toEqual([{ err: boom, projectId: 'a' }]);
    expect(calls).toEqual([
      'a 2026-03-02T09:00:00.000Z',
      'b 2026-03-02T09:00:00.000Z',
      'a 2026-03-03T09:00:00.000Z',
      'b 2026-03-03T09:00:00.000Z',
    ]);
  });

  it('sends a fire that throws synchronously to onError, and survives an onError that throws', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const seen: unknown[] = [];
    const fire = vi.fn((): Promise<void> => {
      throw new Error('sync failure');
    });
    const { scheduler } = setup([schedule()], {
      fire,
      onError: (err) => {
        seen.push(err);
        throw new Error('handler failure');
      },
    });
    await scheduler.start();
    await advanceTo('2026-03-05T00:00:00Z');
    expect(fire).toHaveBeenCalledTimes(3);
    expect(seen).toHaveLength(3);
    expect((seen[0] as Error).message).toBe('sync failure');
  });

  it('sends load failures to onError; start still resolves and a later reload recovers', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const failure = new Error('database is locked');
    let failing = true;
    const schedules = [schedule()];
    const { scheduler, errors, instants } = setup([], {
      load: async () => {
        if (failing) throw failure;
        return schedules;
      },
      reloadEveryMs: 60_000,
    });
    await expect(scheduler.start()).resolves.toBeUndefined();
    expect(errors).toEqual([{ err: failure, projectId: undefined }]);

    failing = false;
    await advanceTo('2026-03-03T00:00:00Z');
    expect(instants()).toEqual(['2026-03-02T09:00:00.000Z']);

    // A failing reload keeps the jobs that are running.
    failing = true;
    await advanceTo('2026-03-04T00:00:00Z');
    expect(instants()).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-03T09:00:00.000Z']);
    expect(errors.length).toBeGreaterThan(1000);
    expect(errors.every((e) => e.err === failure)).toBe(true);
  });

  it('reports an unusable schedule once, keeps other projects running, and schedules it once fixed', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, setSchedules, errors, fired } = setup(
      [
        schedule({ projectId: 'bad-zone', timezone: 'Mars/Olympus_Mons' }),
        schedule({ projectId: 'bad-time', timeOfDay: '25:00' }),
        schedule({ projectId: 'good', timeOfDay: '10:00' }),
      ],
      { reloadEveryMs: 60_000 },
    );
    await scheduler.start();
    await advanceTo('2026-03-02T12:00:00Z');
    expect(errors.map((e) => e.projectId).sort()).toEqual(['bad-time', 'bad-zone']);
    expect(String(errors.find((e) => e.projectId === 'bad-zone')?.err)).toContain('Mars/Olympus_Mons');
    expect(fired.map((f) => f.projectId)).toEqual(['good']);

    setSchedules([
      schedule({ projectId: 'bad-zone', timezone: 'Europe/Paris' }),
      schedule({ projectId: 'bad-time', timeOfDay: '25:00' }),
      schedule({ projectId: 'good', timeOfDay: '10:00' }),
    ]);
    await advanceTo('2026-03-03T12:00:00Z');
    expect(errors).toHaveLength(2);
    expect(fired.map((f) => `${f.projectId} ${f.scheduledFor}`)).toEqual([
      'good 2026-03-02T10:00:00.000Z',
      'bad-zone 2026-03-03T08:00:00.000Z',
      'good 2026-03-03T10:00:00.000Z',
    ]);
  });
});

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
