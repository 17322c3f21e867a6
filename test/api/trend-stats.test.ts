import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wilson } from '../../server/domain/intervals.ts';
import { isoWeek } from '../../server/domain/trend-stats.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { insightProject, PAGES, PROMPTS, TEXTS } from '../support/insights.ts';
import { rawDb } from '../support/raw-db.ts';

const [P0, P1] = [PROMPTS[0]!.text, PROMPTS[1]!.text];
const RANGE = 'from=2025-12-20&to=2026-01-10';

interface Point {
  period: string;
  from: string;
  to: string;
  engineId: string | null;
  answers: number;
}

describe('stats/trends', () => {
  let h: Harness;
  let key: string;
  let p: string;
  const get = async (q: string) => {
    const r = await h.get(`/v1/projects/${p}/stats/trends?${q}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const periods = (data: Point[]) => data.map((d) => [d.period, d.from, d.to, d.engineId, d.answers]);

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId: p } = await insightProject(h, [
      { day: '2025-12-28', engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst },
      { day: '2025-12-29', engine: 'chatgpt', prompt: P0, text: TEXTS.acmeSecond },
      { day: '2025-12-29', engine: 'chatgpt', prompt: P1, text: TEXTS.rivalsOnly },
      { day: '2026-01-01', engine: 'chatgpt', prompt: P1, text: TEXTS.acmeFirst, sources: [PAGES.pricing] },
      { day: '2026-01-01', engine: 'gemini', prompt: P0, text: TEXTS.rivalsOnly },
      { day: '2026-01-05', engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst },
    ]));
  });
  afterAll(() => h.close());

  it('numbers ISO weeks from the week holding the first Thursday', () => {
    expect(isoWeek('2025-12-28')).toEqual({ label: '2025-W52', monday: '2025-12-22' });
    expect(isoWeek('2025-12-29')).toEqual({ label: '2026-W01', monday: '2025-12-29' });
    expect(isoWeek('2026-01-04')).toEqual({ label: '2026-W01', monday: '2025-12-29' });
    expect(isoWeek('2021-01-03')).toEqual({ label: '2020-W53', monday: '2020-12-28' });
    expect(isoWeek('2024-12-30')).toEqual({ label: '2025-W01', monday: '2024-12-30' });
  });

  it('gives each day and engine its rates with 95 % Wilson intervals, days without answers left out', async () => {
    const body = await get(RANGE);
    expect(body).toMatchObject({ from: '2025-12-20', to: '2026-01-10', interval: 'day', incompleteDays: 0 });
    expect(periods(body.data)).toEqual([
      ['2025-12-28', '2025-12-28', '2025-12-28', 'chatgpt', 1],
      ['2025-12-29', '2025-12-29', '2025-12-29', 'chatgpt', 2],
      ['2026-01-01', '2026-01-01', '2026-01-01', 'chatgpt', 1],
      ['2026-01-01', '2026-01-01', '2026-01-01', 'gemini', 1],
      ['2026-01-05', '2026-01-05', '2026-01-05', 'chatgpt', 1],
    ]);
    const day = body.data[1];
    expect(day).toMatchObject({ mentioned: 1, cited: 0, positioned: 1, withSentiment: 1 });
    expect(day.mentionRate).toEqual(wilson(1, 2));
    expect(day.mentionRate.value).toBe(0.5);
    expect(day.mentionRate.low).toBeCloseTo(0.0945, 4);
    expect(day.mentionRate.high).toBeCloseTo(0.9055, 4);
    expect(day.citationRate).toEqual({ value: 0, low: 0, high: wilson(0, 2).high });
    // A single position has no spread to measure.
    expect(day.averagePosition).toEqual({ value: 2, low: null, high: null });
    expect(day.sentiment.negative).toEqual(wilson(1, 1));
    expect(body.data[3].sentiment.positive).toEqual({ value: null, low: null, high: null });
  });

  it('groups by ISO week, month or the whole range, periods cut to the range', async () => {
    const weeks = await get(`${RANGE}&interval=week`);
    expect(periods(weeks.data)).toEqual([
      ['2025-W52', '2025-12-22', '2025-12-28', 'chatgpt', 1],
      ['2026-W01', '2025-12-29', '2026-01-04', 'chatgpt', 3],
      ['2026-W01', '2025-12-29', '2026-01-04', 'gemini', 1],
      ['2026-W02', '2026-01-05', '2026-01-10', 'chatgpt', 1],
    ]);
    const w01 = weeks.data[1];
    expect(w01).toMatchObject({ mentioned: 2, cited: 1, positioned: 2, withSentiment: 2 });
    // Positions 2 and 1: mean 1.5, s = 0.7071, t(0.975, 1) = 12.706; the bound under 1 is cut at 1.
    expect(w01.averagePosition.value).toBe(1.5);
    expect(w01.averagePosition.low).toBe(1);
    expect(w01.averagePosition.high).toBeCloseTo(1.5 + 12.7062 * (Math.SQRT1_2 / Math.SQRT2), 3);
    expect(w01.sentiment.positive).toEqual(wilson(1, 2));
    const cut = await get('from=2025-12-24&to=2026-01-10&interval=week');
    expect(cut.data[0]).toMatchObject({ period: '2025-W52', from: '2025-12-24', to: '2025-12-28' });
    const months = await get(`${RANGE}&interval=month`);
    expect(periods(months.data)).toEqual([
      ['2025-12', '2025-12-20', '2025-12-31', 'chatgpt', 3],
      ['2026-01', '2026-01-01', '2026-01-10', 'chatgpt', 2],
      ['2026-01', '2026-01-01', '2026-01-10', 'gemini', 1],
    ]);
    const range = await get(`${RANGE}&interval=range`);
    expect(periods(range.data)).toEqual([
      ['2025-12-20/2026-01-10', '2025-12-20', '2026-01-10', 'chatgpt', 5],
      ['2025-12-20/2026-01-10', '2025-12-20', '2026-01-10', 'gemini', 1],
    ]);
    expect(range.data[0].mentionRate).toEqual(wilson(4, 5));
    expect((await h.get(`/v1/projects/${p}/stats/trends?interval=year`, key)).json().code).toBe(
      'invalid_parameter',
    );
  });

  it('adds up the engines with perEngine=false, and filters by engine and topic', async () => {
    const all = await get(`${RANGE}&interval=week&perEngine=false`);
    expect(periods(all.data)).toEqual([
      ['2025-W52', '2025-12-22', '2025-12-28', null, 1],
      ['2026-W01', '2025-12-29', '2026-01-04', null, 4],
      ['2026-W02', '2026-01-05', '2026-01-10', null, 1],
    ]);
    expect(all.data[1].mentionRate).toEqual(wilson(2, 4));
    expect(periods((await get(`${RANGE}&engine=gemini`)).data)).toEqual([
      ['2026-01-01', '2026-01-01', '2026-01-01', 'gemini', 1],
    ]);
    // Answers take their prompt's first topic: P1 is in reviews.
    expect(periods((await get(`${RANGE}&topicId=reviews&interval=range`)).data)).toEqual([
      ['2025-12-20/2026-01-10', '2025-12-20', '2026-01-10', 'chatgpt', 2],
    ]);
  });

  it('counts the days a run is still adding to in incompleteDays', async () => {
    const db = rawDb(h.dbPath);
    await db
      .insertInto('summary_pending')
      .values({ project_id: p, date: '2026-01-05', since: '2026-01-05T10:00:00Z' })
      .execute();
    expect((await get(RANGE)).incompleteDays).toBe(1);
    expect((await get('from=2025-12-20&to=2026-01-04')).incompleteDays).toBe(0);
    await db.deleteFrom('summary_pending').execute();
    await db.destroy();
  });
});
