import { describe, expect, it, vi } from 'vitest';
import { advanceTo, schedule, setup, useSchedulerClock } from '../support/scheduler-harness.ts';

useSchedulerClock();

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
