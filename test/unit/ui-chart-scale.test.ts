import { describe, expect, it } from 'vitest';
import {
  addDays,
  dailySeries,
  daysBetween,
  niceCountMax,
  niceRateMax,
  overallRates,
  periodBuckets,
  periodStarts,
  shareOfVoice,
  spanRows,
  spans,
} from '../../app/ui/src/chart-scale.ts';
import { sparkPoints } from '../../app/ui/src/sparkline.ts';
import type { DailyStat } from '../../app/ui/src/types.ts';

const stat = (
  date: string,
  engineId: string,
  answers: number,
  mentioned: number,
  cited: number,
): DailyStat => ({
  date,
  engineId,
  answers,
  mentioned,
  cited,
  mentionRate: answers ? mentioned / answers : null,
  citationRate: answers ? cited / answers : null,
});

describe('chart days', () => {
  it('lists every UTC day of a range, both ends included, across month and year ends', () => {
    expect(daysBetween('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(daysBetween('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysBetween('bad', '2026-03-01')).toEqual([]);
  });

  it('moves days without time-zone surprises', () => {
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('axis tops', () => {
  it('picks a readable top for rate axes', () => {
    expect(niceRateMax([0.03, null])).toBe(0.05);
    expect(niceRateMax([0.07])).toBe(0.1);
    expect(niceRateMax([0.2])).toBe(0.2);
    expect(niceRateMax([0.22])).toBe(0.25);
    expect(niceRateMax([0.4])).toBe(0.5);
    expect(niceRateMax([0.51, 1])).toBe(1);
    expect(niceRateMax([])).toBe(0.05);
  });
});

describe('series and totals', () => {
  const days = ['2026-06-01', '2026-06-02', '2026-06-03'];
  const rows = [
    stat('2026-06-01', 'chatgpt', 4, 2, 1),
    stat('2026-06-03', 'chatgpt', 5, 5, 0),
    stat('2026-06-02', 'gemini', 2, 0, 0),
    stat('2026-05-31', 'gemini', 9, 9, 9),
  ];

  it('gives one point per day and engine, null where the engine has no answers', () => {
    const series = dailySeries(rows, days, 'mentionRate');
    expect(series.map((s) => s.engineId)).toEqual(['chatgpt', 'gemini']);
    expect(series[0]!.points.map((p) => p.value)).toEqual([0.5, null, 1]);
    expect(series[0]!.points[0]).toEqual({ value: 0.5, answers: 4, hits: 2 });
    expect(series[1]!.points.map((p) => p.value)).toEqual([null, 0, null]);
    expect(dailySeries(rows, days, 'citationRate')[0]!.points.map((p) => p.value)).toEqual([0.25, null, 0]);
  });

  it('totals a range and shares the voice among brands', () => {
    expect(overallRates(rows.slice(0, 3))).toEqual({
      answers: 11,
      mentionRate: 7 / 11,
      citationRate: 1 / 11,
    });
    expect(overallRates([])).toEqual({ answers: 0, mentionRate: null, citationRate: null });
    const shares = shareOfVoice([
      { name: 'Acme', mentioned: 6 },
      { name: 'Globex', mentioned: 2 },
      { name: 'Initech', mentioned: 0 },
    ]);
    expect(shares.map((s) => s.share)).toEqual([0.75, 0.25, 0]);
    expect(shareOfVoice([{ name: 'Acme', mentioned: 0 }])[0]!.share).toBeNull();
  });
});

describe('trend periods', () => {
  it('cuts a range into days, weeks or 30-day spans that end on its last day', () => {
    expect(periodBuckets('2026-06-01', '2026-06-03')).toEqual([
      { from: '2026-06-01', to: '2026-06-01' },
      { from: '2026-06-02', to: '2026-06-02' },
      { from: '2026-06-03', to: '2026-06-03' },
    ]);
    const weeks = periodBuckets('2026-05-17', '2026-06-15');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual({ from: '2026-05-17', to: '2026-05-18' });
    expect(weeks.at(-1)).toEqual({ from: '2026-06-09', to: '2026-06-15' });
    expect(periodBuckets('2025-06-16', '2026-06-15')).toHaveLength(13);
    expect(periodBuckets('2026-06-02', '2026-06-01')).toEqual([]);
  });
});

describe('weekly lines', () => {
  it('cuts a range into 7-day spans ending on its last day, the first one shorter', () => {
    expect(spans('2026-06-01', '2026-06-16', 7)).toEqual([
      { from: '2026-06-01', to: '2026-06-02' },
      { from: '2026-06-03', to: '2026-06-09' },
      { from: '2026-06-10', to: '2026-06-16' },
    ]);
  });

  it('sums each engine over a span into one point dated by its first day, rates from the sums', () => {
    const weeks = spans('2026-06-03', '2026-06-16', 7);
    const rows = spanRows(
      [
        stat('2026-06-03', 'chatgpt', 10, 5, 1),
        stat('2026-06-05', 'chatgpt', 30, 5, 3),
        stat('2026-06-12', 'chatgpt', 4, 4, 0),
        stat('2026-06-04', 'gemini', 0, 0, 0),
        stat('2026-05-01', 'gemini', 9, 9, 9),
      ],
      weeks,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        date: '2026-06-03',
        engineId: 'chatgpt',
        answers: 40,
        mentioned: 10,
        cited: 4,
        mentionRate: 0.25,
        citationRate: 0.1,
      }),
      expect.objectContaining({
        date: '2026-06-10',
        engineId: 'chatgpt',
        answers: 4,
        mentioned: 4,
        mentionRate: 1,
      }),
      expect.objectContaining({ date: '2026-06-03', engineId: 'gemini', answers: 0, mentionRate: null }),
    ]);
  });
});

describe('sparkline', () => {
  it('draws the known points across the width, scaled to their own range, leaving gaps out', () => {
    expect(sparkPoints([0.2, null, 0.4])).toBe('3.0,29.0 117.0,3.0');
    expect(sparkPoints([0.5, 0.5])).toBe('3.0,16.0 117.0,16.0');
    expect(sparkPoints([0.5, null])).toBe('');
  });
});

describe('count axes and traffic periods', () => {
  it('tops a count axis at the smallest 1, 2 or 5 × 10ⁿ holding every value', () => {
    expect(niceCountMax([])).toBe(1);
    expect(niceCountMax([0, null])).toBe(1);
    expect(niceCountMax([3, 1])).toBe(5);
    expect(niceCountMax([5])).toBe(5);
    expect(niceCountMax([6])).toBe(10);
    expect(niceCountMax([101, 40])).toBe(200);
    expect(niceCountMax([1_204])).toBe(2_000);
  });

  it('dates each period by its first day: every day, or the first day and each Monday after it', () => {
    expect(periodStarts('2026-11-26', '2026-11-28', 'day')).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    // 2026-11-22 is a Sunday: the range's first (short) week, then the weeks from Monday 23 and Monday 30.
    expect(periodStarts('2026-11-22', '2026-12-01', 'week')).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(periodStarts('2026-11-23', '2026-11-29', 'week')).toEqual(['2026-11-23']);
  });
});
