import { describe, expect, it } from 'vitest';
import { duePeriod, type DigestSchedule } from '../../server/reports/digest-schedule.ts';

const at = (iso: string) => new Date(iso);
const weekly = (timezone: string, weekday: DigestSchedule['weekday']): DigestSchedule => ({
  cadence: 'weekly',
  weekday,
  timezone,
});
const monthly = (timezone: string): DigestSchedule => ({ cadence: 'monthly', weekday: 'monday', timezone });

describe('when a digest is due, across DST changes', () => {
  it('Europe/Paris weekly on Monday: the week of the spring change goes out at 08:00 summer time', () => {
    // Clocks went 02:00 -> 03:00 on Sunday 2026-03-29: 08:00 on Monday the 30th is 06:00 UTC.
    const s = weekly('Europe/Paris', 'monday');
    expect(duePeriod(s, at('2026-03-30T06:00:00Z'))).toEqual({
      from: '2026-03-23',
      to: '2026-03-29',
      dueAt: at('2026-03-30T06:00:00Z'),
    });
    // A second before, the week before is the latest due, sent at 08:00 winter time (07:00 UTC).
    expect(duePeriod(s, at('2026-03-30T05:59:59Z'))).toEqual({
      from: '2026-03-16',
      to: '2026-03-22',
      dueAt: at('2026-03-23T07:00:00Z'),
    });
  });

  it('Europe/Paris weekly on Thursday across the autumn change, and monthly on the 1st', () => {
    const s = weekly('Europe/Paris', 'thursday');
    // The week ending on the change (Sunday 2026-10-25) goes out on Thursday the 29th, 08:00 CET = 07:00 UTC.
    expect(duePeriod(s, at('2026-10-29T07:00:00Z'))).toMatchObject({ from: '2026-10-19', to: '2026-10-25' });
    expect(duePeriod(s, at('2026-10-29T06:59:00Z'))).toEqual({
      from: '2026-10-12',
      to: '2026-10-18',
      dueAt: at('2026-10-22T06:00:00Z'),
    });
    expect(duePeriod(monthly('Europe/Paris'), at('2026-11-01T07:00:00Z'))).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      dueAt: at('2026-11-01T07:00:00Z'),
    });
    expect(duePeriod(monthly('Europe/Paris'), at('2026-04-01T05:59:00Z'))).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      dueAt: at('2026-03-01T07:00:00Z'),
    });
  });

  it('America/New_York monthly: October goes out at 08:00 EST on 1 November, the day clocks fall back', () => {
    const s = monthly('America/New_York');
    expect(duePeriod(s, at('2026-11-01T13:00:00Z'))).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      dueAt: at('2026-11-01T13:00:00Z'),
    });
    expect(duePeriod(s, at('2026-11-01T12:59:59Z'))).toEqual({
      from: '2026-09-01',
      to: '2026-09-30',
      dueAt: at('2026-10-01T12:00:00Z'),
    });
  });

  it('America/New_York weekly on Sunday: sent a week after the period, on the day clocks spring forward', () => {
    // 2026-03-08: 02:00 -> 03:00; 08:00 that morning is EDT, 12:00 UTC.
    const s = weekly('America/New_York', 'sunday');
    expect(duePeriod(s, at('2026-03-08T12:00:00Z'))).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
      dueAt: at('2026-03-08T12:00:00Z'),
    });
    expect(duePeriod(s, at('2026-03-08T11:59:00Z'))).toEqual({
      from: '2026-02-16',
      to: '2026-02-22',
      dueAt: at('2026-03-01T13:00:00Z'),
    });
  });
});
