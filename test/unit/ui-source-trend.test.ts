import { describe, expect, it } from 'vitest';
import { sourceTrend } from '../../app/ui/src/source-trend.ts';

const period = { from: '2026-06-01', to: '2026-06-30' };

describe('a source trend from its first and last day', () => {
  it('places the days seen on the period and says nothing for a steady source', () => {
    expect(sourceTrend('2026-06-01', '2026-06-30', period)).toEqual({
      start: 0,
      end: 1,
      seen: '1 Jun to 30 Jun',
      status: null,
    });
    expect(sourceTrend('2026-06-11', '2026-06-25', period)).toMatchObject({ start: 10 / 30, end: 25 / 30 });
  });

  it('says when a source is new this week, or has not been seen for a week or more', () => {
    expect(sourceTrend('2026-06-24', '2026-06-30', period).status).toEqual({
      kind: 'new',
      text: 'new this week',
    });
    expect(sourceTrend('2026-06-23', '2026-06-30', period).status).toBeNull();
    expect(sourceTrend('2026-06-02', '2026-06-23', period).status).toEqual({
      kind: 'quiet',
      text: 'not seen for 7 days',
    });
    expect(sourceTrend('2026-06-02', '2026-06-24', period).status).toBeNull();
    expect(sourceTrend('2026-06-15', '2026-06-15', period)).toMatchObject({
      seen: '15 Jun 2026',
      start: 14 / 30,
      end: 15 / 30,
    });
  });

  it('calls nothing new in a period of a week or less', () => {
    expect(
      sourceTrend('2026-06-30', '2026-06-30', { from: '2026-06-24', to: '2026-06-30' }).status,
    ).toBeNull();
  });
});
