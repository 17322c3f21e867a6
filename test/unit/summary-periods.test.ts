import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../server/domain/clock.ts';
import { splitPeriods } from '../../server/store/repositories/summary-periods.ts';

function daysOf(split: ReturnType<typeof splitPeriods>): string[] {
  const days: string[] = [];
  for (const r of split.dayRanges) for (let d = r.from; d <= r.to; d = addDays(d, 1)) days.push(d);
  if (split.months) {
    for (let d = `${split.months.from}-01`; d.slice(0, 7) <= split.months.to; d = addDays(d, 1)) days.push(d);
  }
  return days.sort();
}

describe('splitPeriods', () => {
  it('uses whole months and the loose days at either end', () => {
    expect(splitPeriods('2025-11-21', '2026-11-21')).toEqual({
      months: { from: '2025-12', to: '2026-10' },
      dayRanges: [
        { from: '2025-11-21', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-21' },
      ],
    });
    expect(splitPeriods('2026-01-01', '2026-12-31')).toEqual({
      months: { from: '2026-01', to: '2026-12' },
      dayRanges: [],
    });
    expect(splitPeriods('2024-02-01', '2024-02-29')).toEqual({
      months: { from: '2024-02', to: '2024-02' },
      dayRanges: [],
    });
    expect(splitPeriods('2026-03-05', '2026-03-20')).toEqual({
      months: null,
      dayRanges: [{ from: '2026-03-05', to: '2026-03-20' }],
    });
    expect(splitPeriods('2026-03-05', '2026-04-03')).toEqual({
      months: null,
      dayRanges: [{ from: '2026-03-05', to: '2026-04-03' }],
    });
  });

  it('covers every day of any range exactly once', () => {
    const day = fc.integer({ min: 0, max: 4 * 366 }).map((n) => addDays('2023-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (from, length) => {
        const to = addDays(from, length);
        const expected = Array.from({ length: length + 1 }, (_, i) => addDays(from, i));
        expect(daysOf(splitPeriods(from, to))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
