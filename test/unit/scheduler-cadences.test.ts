import { describe, expect, it, vi } from 'vitest';
import { MISSED_TOLERANCE_MS, MissedRunError } from '../../server/jobs/scheduler.ts';
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
