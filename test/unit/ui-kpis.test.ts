import { describe, expect, it } from 'vitest';
import { change, kpis, type PeriodFigures } from '../../app/ui/src/kpis.ts';

const figures = (
  answers: number,
  mentioned: number,
  cited: number,
  own: number,
  rival: number,
  position: number | null,
  positive: number,
  negative: number,
): PeriodFigures => ({
  daily: [
    {
      date: '2026-06-01',
      engineId: 'chatgpt',
      answers,
      mentioned,
      cited,
      mentionRate: null,
      citationRate: null,
    },
  ],
  competitors: {
    from: '2026-06-01',
    to: '2026-06-01',
    answers,
    data: [
      { name: 'Acme', isOwnBrand: true, mentioned: own, cited: 0, mentionRate: null, citationRate: null },
      {
        name: 'Globex',
        isOwnBrand: false,
        mentioned: rival,
        cited: 0,
        mentionRate: null,
        citationRate: null,
      },
    ],
  },
  summary: {
    from: '2026-06-01',
    to: '2026-06-01',
    answers,
    mentioned,
    cited,
    averagePosition: position,
    sentiment: { positive, mixed: 0, neutral: 0, negative, notApplicable: answers - mentioned, unscored: 0 },
    complete: true,
  },
});

describe('overview figures', () => {
  it('computes each figure and its change against the previous period', () => {
    const [mention, citation, sov, position, sentiment] = kpis(
      figures(10, 5, 2, 5, 15, 1.5, 4, 1),
      figures(10, 4, 2, 4, 4, 2, 1, 3),
    );
    expect(mention).toMatchObject({ value: 0.5, previous: 0.4 });
    expect(change(mention!)).toEqual({ text: '▲ +10 pts, better', trend: 'up' });
    expect(change(citation!)).toEqual({ text: 'no change', trend: 'same' });
    expect(sov).toMatchObject({ value: 0.25, previous: 0.5 });
    expect(change(sov!)).toEqual({ text: '▼ −25 pts, worse', trend: 'down' });
    expect(change(position!)).toEqual({ text: '▲ −0.5 places, better', trend: 'up' });
    expect(sentiment).toMatchObject({ value: 0.8, previous: 0.25 });
  });

  it('says when there is nothing to compare', () => {
    const [mention, , , position] = kpis(
      figures(0, 0, 0, 0, 0, null, 0, 0),
      figures(0, 0, 0, 0, 0, null, 0, 0),
    );
    expect(mention!.value).toBeNull();
    expect(change(position!)).toEqual({ text: 'no earlier figure', trend: 'none' });
  });
});
