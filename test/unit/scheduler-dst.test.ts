import { createTask } from 'node-cron';
import { describe, expect, it, vi } from 'vitest';
import {
  advanceTo,
  DAY,
  expectOneRunPerLocalDay,
  schedule,
  setup,
  useSchedulerClock,
  wall,
} from '../support/scheduler-harness.ts';

useSchedulerClock();

describe('scheduler: daylight-saving changes', () => {
  // Gap times run the length of the gap later (02:30 -> 03:30); repeated times run at their first occurrence.
  const cases: {
    name: string;
    timezone: string;
    timeOfDay: string;
    from: string;
    to: string;
    expected: string[];
    localTimes: string[];
  }[] = [
    {
      name: 'New York spring-forward, 02:30 falls in the gap',
      timezone: 'America/New_York',
      timeOfDay: '02:30',
      from: '2026-03-06T00:00:00Z',
      to: '2026-03-12T00:00:00Z',
      expected: [
        '2026-03-06T07:30:00.000Z',
        '2026-03-07T07:30:00.000Z',
        '2026-03-08T07:30:00.000Z',
        '2026-03-09T06:30:00.000Z',
        '2026-03-10T06:30:00.000Z',
        '2026-03-11T06:30:00.000Z',
      ],
      localTimes: ['02:30', '02:30', '03:30', '02:30', '02:30', '02:30'],
    },
    {
      name: 'New York spring-forward, 02:00 is the first minute of the gap',
      timezone: 'America/New_York',
      timeOfDay: '02:00',
      from: '2026-03-06T00:00:00Z',
      to: '2026-03-12T00:00:00Z',
      expected: [
        '2026-03-06T07:00:00.000Z',
        '2026-03-07T07:00:00.000Z',
        '2026-03-08T07:00:00.000Z',
        '2026-03-09T06:00:00.000Z',
        '2026-03-10T06:00:00.000Z',
        '2026-03-11T06:00:00.000Z',
      ],
      localTimes: ['02:00', '02:00', '03:00', '02:00', '02:00', '02:00'],
    },
    {
      name: 'New York spring-forward, ordinary 09:00',
      timezone: 'America/New_York',
      timeOfDay: '09:00',
      from: '2026-03-06T00:00:00Z',
      to: '2026-03-12T00:00:00Z',
      expected: [
        '2026-03-06T14:00:00.000Z',
        '2026-03-07T14:00:00.000Z',
        '2026-03-08T13:00:00.000Z',
        '2026-03-09T13:00:00.000Z',
        '2026-03-10T13:00:00.000Z',
        '2026-03-11T13:00:00.000Z',
      ],
      localTimes: ['09:00', '09:00', '09:00', '09:00', '09:00', '09:00'],
    },
    {
      name: 'Berlin spring-forward, 02:30 falls in the gap',
      timezone: 'Europe/Berlin',
      timeOfDay: '02:30',
      from: '2026-03-27T00:00:00Z',
      to: '2026-04-02T00:00:00Z',
      expected: [
        '2026-03-27T01:30:00.000Z',
        '2026-03-28T01:30:00.000Z',
        '2026-03-29T01:30:00.000Z',
        '2026-03-30T00:30:00.000Z',
        '2026-03-31T00:30:00.000Z',
        '2026-04-01T00:30:00.000Z',
      ],
      localTimes: ['02:30', '02:30', '03:30', '02:30', '02:30', '02:30'],
    },
    {
      name: 'Berlin spring-forward, ordinary 09:00',
      timezone: 'Europe/Berlin',
      timeOfDay: '09:00',
      from: '2026-03-27T00:00:00Z',
      to: '2026-04-02T00:00:00Z',
      expected: [
        '2026-03-27T08:00:00.000Z',
        '2026-03-28T08:00:00.000Z',
        '2026-03-29T07:00:00.000Z',
        '2026-03-30T07:00:00.000Z',
        '2026-03-31T07:00:00.000Z',
        '2026-04-01T07:00:00.000Z',
      ],
      localTimes: ['09:00', '09:00', '09:00', '09:00', '09:00', '09:00'],
    },
    {
      name: 'New York fall-back, 01:30 happens twice',
      timezone: 'America/New_York',
      timeOfDay: '01:30',
      from: '2026-10-30T00:00:00Z',
      to: '2026-11-05T00:00:00Z',
      expected: [
        '2026-10-30T05:30:00.000Z',
        '2026-10-31T05:30:00.000Z',
        '2026-11-01T05:30:00.000Z', // 01:30 EDT, the first of the two
        '2026-11-02T06:30:00.000Z',
        '2026-11-03T06:30:00.000Z',
        '2026-11-04T06:30:00.000Z',
      ],
      localTimes: ['01:30', '01:30', '01:30', '01:30', '01:30', '01:30'],
    },
    {
      name: 'New York fall-back, ordinary 09:00',
      timezone: 'America/New_York',
      timeOfDay: '09:00',
      from: '2026-10-30T00:00:00Z',
      to: '2026-11-05T00:00:00Z',
      expected: [
        '2026-10-30T13:00:00.000Z',
        '2026-10-31T13:00:00.000Z',
        '2026-11-01T14:00:00.000Z',
        '2026-11-02T14:00:00.000Z',
        '2026-11-03T14:00:00.000Z',
        '2026-11-04T14:00:00.000Z',
      ],
      localTimes: ['09:00', '09:00', '09:00', '09:00', '09:00', '09:00'],
    },
    {
      name: 'Berlin fall-back, 02:30 happens twice',
      timezone: 'Europe/Berlin',
      timeOfDay: '02:30',
      from: '2026-10-23T00:00:00Z',
      to: '2026-10-29T00:00:00Z',
      expected: [
        '2026-10-23T00:30:00.000Z',
        '2026-10-24T00:30:00.000Z',
        '2026-10-25T00:30:00.000Z', // 02:30 CEST, the first of the two (node-cron alone picks 01:30Z, CET)
        '2026-10-26T01:30:00.000Z',
        '2026-10-27T01:30:00.000Z',
        '2026-10-28T01:30:00.000Z',
      ],
      localTimes: ['02:30', '02:30', '02:30', '02:30', '02:30', '02:30'],
    },
    {
      name: 'Berlin fall-back, ordinary 09:00',
      timezone: 'Europe/Berlin',
      timeOfDay: '09:00',
      from: '2026-10-23T00:00:00Z',
      to: '2026-10-29T00:00:00Z',
      expected: [
        '2026-10-23T07:00:00.000Z',
        '2026-10-24T07:00:00.000Z',
        '2026-10-25T08:00:00.000Z',
        '2026-10-26T08:00:00.000Z',
        '2026-10-27T08:00:00.000Z',
        '2026-10-28T08:00:00.000Z',
      ],
      localTimes: ['09:00', '09:00', '09:00', '09:00', '09:00', '09:00'],
    },
  ];

  it.each(cases)('$name: one run on every local day', async (c) => {
    vi.setSystemTime(new Date(c.from));
    const { scheduler, fired, errors, instants } = setup([
      schedule({ timeOfDay: c.timeOfDay, timezone: c.timezone }),
    ]);
    await scheduler.start();
    await advanceTo(c.to);

    expect(instants()).toEqual(c.expected);
    expect(instants().map((i) => wall(i, c.timezone).slice(11))).toEqual(c.localTimes);
    const firstDay = wall(c.expected[0] ?? '', c.timezone).slice(0, 10);
    const days = Array.from({ length: 6 }, (_, i) =>
      new Date(Date.parse(`${firstDay}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10),
    );
    expectOneRunPerLocalDay(instants(), c.timezone, days);
    for (const f of fired) expect(f.firedAt).toBe(f.scheduledFor);
    expect(errors).toEqual([]);
  });

  it('runs all the edge cases side by side in one scheduler without cross-talk', async () => {
    vi.setSystemTime(new Date('2026-03-06T00:00:00Z'));
    const { scheduler, instants } = setup([
      schedule({ projectId: 'ny-gap', timeOfDay: '02:30', timezone: 'America/New_York' }),
      schedule({ projectId: 'ny-0900', timeOfDay: '09:00', timezone: 'America/New_York' }),
      schedule({ projectId: 'berlin-gap', timeOfDay: '02:30', timezone: 'Europe/Berlin' }),
    ]);
    await scheduler.start();
    await advanceTo('2026-04-02T00:00:00Z');

    // 27 local days each, one run on each.
    expect(instants('ny-gap')).toHaveLength(27);
    expect(new Set(instants('ny-gap').map((i) => wall(i, 'America/New_York').slice(0, 10))).size).toBe(27);
    expect(instants('ny-0900')).toHaveLength(27);
    expect(instants('berlin-gap')).toHaveLength(27);
    expect(new Set(instants('berlin-gap').map((i) => wall(i, 'Europe/Berlin').slice(0, 10))).size).toBe(27);
    expect(instants('ny-gap')).toContain('2026-03-08T07:30:00.000Z');
    expect(instants('berlin-gap')).toContain('2026-03-29T01:30:00.000Z');
  });

  it.each([
    {
      name: 'New York spring-forward Sunday 02:30',
      timezone: 'America/New_York',
      timeOfDay: '02:30',
      from: '2026-02-28T00:00:00Z',
      to: '2026-03-16T00:00:00Z',
      expected: ['2026-03-01T07:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-15T06:30:00.000Z'],
    },
    {
      name: 'Berlin spring-forward Sunday 02:30',
      timezone: 'Europe/Berlin',
      timeOfDay: '02:30',
      from: '2026-03-21T00:00:00Z',
      to: '2026-04-06T00:00:00Z',
      expected: ['2026-03-22T01:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-04-05T00:30:00.000Z'],
    },
    {
      name: 'New York fall-back Sunday 01:30',
      timezone: 'America/New_York',
      timeOfDay: '01:30',
      from: '2026-10-24T00:00:00Z',
      to: '2026-11-09T00:00:00Z',
      expected: ['2026-10-25T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-08T06:30:00.000Z'],
    },
    {
      name: 'Berlin fall-back Sunday 02:30',
      timezone: 'Europe/Berlin',
      timeOfDay: '02:30',
      from: '2026-10-17T00:00:00Z',
      to: '2026-11-02T00:00:00Z',
      expected: ['2026-10-18T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-11-01T01:30:00.000Z'],
    },
  ])('weekly: $name runs once every week', async (c) => {
    vi.setSystemTime(new Date(c.from));
    const { scheduler, instants } = setup([
      schedule({ cadence: 'weekly', weeklyDay: 'sunday', timeOfDay: c.timeOfDay, timezone: c.timezone }),
    ]);
    await scheduler.start();
    await advanceTo(c.to);
    expect(instants()).toEqual(c.expected);
  });

  it('weekdays: New York 09:00 over the spring change', async () => {
    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'));
    const { scheduler, instants } = setup([
      schedule({ cadence: 'weekdays', timeOfDay: '09:00', timezone: 'America/New_York' }),
    ]);
    await scheduler.start();
    await advanceTo('2026-03-14T00:00:00Z');
    expect(instants()).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-03T14:00:00.000Z',
      '2026-03-04T14:00:00.000Z',
      '2026-03-05T14:00:00.000Z',
      '2026-03-06T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-10T13:00:00.000Z',
      '2026-03-11T13:00:00.000Z',
      '2026-03-12T13:00:00.000Z',
      '2026-03-13T13:00:00.000Z',
    ]);
  });

  it('weekdays: Berlin 02:30 over the autumn change (which falls on a Sunday)', async () => {
    vi.setSystemTime(new Date('2026-10-21T00:00:00Z'));
    const { scheduler, instants } = setup([
      schedule({ cadence: 'weekdays', timeOfDay: '02:30', timezone: 'Europe/Berlin' }),
    ]);
    await scheduler.start();
    await advanceTo('2026-10-28T00:00:00Z');
    expect(instants()).toEqual([
      '2026-10-21T00:30:00.000Z',
      '2026-10-22T00:30:00.000Z',
      '2026-10-23T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
      '2026-10-27T01:30:00.000Z',
    ]);
  });

  it('does not run again when the job is re-created inside the repeated hour', async () => {
    vi.setSystemTime(new Date('2026-10-24T12:00:00Z'));
    const { scheduler, setSchedules, instants } = setup([
      schedule({ timeOfDay: '02:30', timezone: 'Europe/Berlin' }),
    ]);
    await scheduler.start();
    await advanceTo('2026-10-25T01:10:00Z'); // 02:10 CET: 02:30 CEST has run, 02:30 CET is still ahead
    expect(instants()).toEqual(['2026-10-25T00:30:00.000Z']);

    setSchedules([
      schedule({ cadence: 'weekly', weeklyDay: 'sunday', timeOfDay: '02:30', timezone: 'Europe/Berlin' }),
    ]);
    await scheduler.refresh();
    await advanceTo('2026-11-02T00:00:00Z');
    expect(instants()).toEqual(['2026-10-25T00:30:00.000Z', '2026-11-01T01:30:00.000Z']);
  });

  it('does not catch up when started in the repeated hour after the first occurrence', async () => {
    // The process was down at 02:30 CEST; 02:30 CET is not a second chance (no catch-up after downtime).
    vi.setSystemTime(new Date('2026-10-25T01:10:00Z'));
    const { scheduler, instants } = setup([schedule({ timeOfDay: '02:30', timezone: 'Europe/Berlin' })]);
    await scheduler.start();
    await advanceTo('2026-10-27T00:00:00Z');
    expect(instants()).toEqual(['2026-10-26T01:30:00.000Z']);
  });
});

describe('node-cron 4.6.0 at DST edges (why the scheduler guards them)', () => {
  // If a node-cron upgrade changes any of this, re-read the guard comment in server/jobs/scheduler.ts.
  const nextRuns = (expression: string, timezone: string, from: string, count: number): string[] => {
    vi.setSystemTime(new Date(from));
    const task = createTask(expression, () => {}, { timezone });
    try {
      return task.getNextRuns(count).map((d) => d.toISOString());
    } finally {
      void task.destroy();
    }
  };

  it('skips the spring-forward day entirely for a time inside the gap', () => {
    expect(nextRuns('30 2 * * *', 'America/New_York', '2026-03-07T00:00:00Z', 2)).toEqual([
      '2026-03-07T07:30:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
    expect(nextRuns('30 2 * * *', 'Europe/Berlin', '2026-03-28T00:00:00Z', 2)).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
  });

  it('runs a repeated time once, but the first occurrence west of UTC and the second east of it', () => {
    expect(nextRuns('30 1 * * *', 'America/New_York', '2026-10-31T12:00:00Z', 2)).toEqual([
      '2026-11-01T05:30:00.000Z', // 01:30 EDT (first)
      '2026-11-02T06:30:00.000Z',
    ]);
    expect(nextRuns('30 2 * * *', 'Europe/Berlin', '2026-10-24T12:00:00Z', 2)).toEqual([
      '2026-10-25T01:30:00.000Z', // 02:30 CET (second)
      '2026-10-26T01:30:00.000Z',
    ]);
  });
});
