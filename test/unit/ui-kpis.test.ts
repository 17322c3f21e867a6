import { describe, expect, it } from 'vitest';
import { boundsText, change, figureText, kpis, type PeriodFigures } from '../../app/ui/src/kpis.ts';
import { meanInterval, wilson } from '../../server/domain/intervals.ts';

/** A period as the trends read (interval=range, perEngine=false) and the competitor stats give it. */
const figures = (o: {
  answers: number;
  mentioned: number;
  cited: number;
  positions: number[];
  positive: number;
  scored: number;
  own: number;
  rival: number;
}): PeriodFigures => {
  const sum = o.positions.reduce((a, b) => a + b, 0);
  const squares = o.positions.reduce((a, b) => a + b * b, 0);
  return {
    trend:
      o.answers === 0
        ? null
        : {
            period: '2026-06-01/2026-06-30',
            from: '2026-06-01',
            to: '2026-06-30',
            engineId: null,
            answers: o.answers,
            mentioned: o.mentioned,
            cited: o.cited,
            positioned: o.positions.length,
            withSentiment: o.scored,
            mentionRate: wilson(o.mentioned, o.answers),
            citationRate: wilson(o.cited, o.answers),
            averagePosition: meanInterval(o.positions.length, sum, squares),
            sentiment: {
              positive: wilson(o.positive, o.scored),
              mixed: wilson(0, o.scored),
              neutral: wilson(o.scored - o.positive, o.scored),
              negative: wilson(0, o.scored),
            },
          },
    competitors: {
      from: '2026-06-01',
      to: '2026-06-30',
      answers: o.answers,
      data: [
        { name: 'Acme', isOwnBrand: true, mentioned: o.own, cited: 0, mentionRate: null, citationRate: null },
        {
          name: 'Globex',
          isOwnBrand: false,
          mentioned: o.rival,
          cited: 0,
          mentionRate: null,
          citationRate: null,
        },
      ],
    },
  };
};

describe('overview figures', () => {
  it('takes each figure and its interval from the reads, and its change against the previous period', () => {
    const now = figures({
      answers: 100,
      mentioned: 60,
      cited: 20,
      positions: [1, 1, 2, 2],
      positive: 8,
      scored: 10,
      own: 60,
      rival: 20,
    });
    const before = figures({
      answers: 100,
      mentioned: 30,
      cited: 20,
      positions: [2, 3, 2, 3],
      positive: 2,
      scored: 10,
      own: 30,
      rival: 90,
    });
    const [mention, citation, sov, position, sentiment] = kpis(now, before);
    expect(mention).toMatchObject({
      now: wilson(60, 100),
      previous: wilson(30, 100),
      note: 'of 100 answers',
    });
    expect(change(mention!)).toEqual({ text: '▲ +30 pts, better', trend: 'up', clear: true });
    expect(change(citation!)).toEqual({ text: 'no change', trend: 'same', clear: false });
    // Share of voice: the brand's mentions over all brands' mentions, with a Wilson interval over them.
    expect(sov).toMatchObject({
      now: wilson(60, 80),
      previous: wilson(30, 120),
      note: 'of 80 brand mentions',
    });
    expect(change(sov!)).toEqual({ text: '▲ +50 pts, better', trend: 'up', clear: true });
    expect(position!.now).toEqual(meanInterval(4, 6, 10));
    expect(change(position!)).toMatchObject({ text: '▲ up 1 place, better', trend: 'up' });
    expect(sentiment).toMatchObject({ now: wilson(8, 10), note: 'of 10 answers naming you' });
  });

  it('says when a change lies within the intervals, so it may be noise', () => {
    const small = (mentioned: number) =>
      figures({ answers: 10, mentioned, cited: 0, positions: [], positive: 0, scored: 0, own: 0, rival: 0 });
    const [mention] = kpis(small(6), small(5));
    expect(change(mention!)).toEqual({ text: '▲ +10 pts, better', trend: 'up', clear: false });
  });

  it('writes figures and bounds, and says when there is nothing to compare', () => {
    const empty = figures({
      answers: 0,
      mentioned: 0,
      cited: 0,
      positions: [],
      positive: 0,
      scored: 0,
      own: 0,
      rival: 0,
    });
    const [mention, , sov, position] = kpis(empty, empty);
    expect(mention!.now.value).toBeNull();
    expect(sov!.now.value).toBeNull();
    expect(change(position!)).toEqual({ text: 'no earlier figure', trend: 'none', clear: false });
    expect(figureText('rate', 0.4166)).toBe('42%');
    expect(figureText('rank', 1.75)).toBe('1.8');
    expect(figureText('rank', null)).toBe('—');
    expect(boundsText('rate', { value: 0.5, low: 0.4152, high: 0.5848 })).toBe('42–58%');
    expect(boundsText('rank', { value: 1.5, low: 1.04, high: 1.96 })).toBe('1.0–2.0');
    expect(boundsText('rank', { value: 1, low: null, high: null })).toBe('');
  });
});
