import { describe, expect, it } from 'vitest';
import { DailyStats } from '../../server/contract/stats.ts';
import { renderDailyStats } from '../../server/domain/daily-json.ts';

const range = { from: '2026-01-01', to: '2026-01-31' };
const row = (date: string, engines: Record<string, [number, number, number]>) => ({
  date,
  engines: JSON.stringify(engines),
});

describe('renderDailyStats', () => {
  it('renders one row per day and engine, engines in id order, with exact rates', () => {
    const text = renderDailyStats(
      range,
      [
        row('2026-01-02', { gemini: [3, 1, 0], chatgpt: [7, 7, 2] }),
        row('2026-01-05', { claude: [1, 0, 1] }),
      ],
      undefined,
      2,
    ).text;
    const body = DailyStats.parse(JSON.parse(text));
    expect(body).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      incompleteDays: 2,
      data: [
        {
          date: '2026-01-02',
          engineId: 'chatgpt',
          answers: 7,
          mentioned: 7,
          cited: 2,
          mentionRate: 1,
          citationRate: 2 / 7,
        },
        {
          date: '2026-01-02',
          engineId: 'gemini',
          answers: 3,
          mentioned: 1,
          cited: 0,
          mentionRate: 1 / 3,
          citationRate: 0,
        },
        {
          date: '2026-01-05',
          engineId: 'claude',
          answers: 1,
          mentioned: 0,
          cited: 1,
          mentionRate: 0,
          citationRate: 1,
        },
      ],
    });
  });

  it('keeps only the asked engines and leaves days without them out', () => {
    const rows = [
      row('2026-01-02', { gemini: [3, 1, 0], chatgpt: [7, 7, 2] }),
      row('2026-01-05', { claude: [1, 0, 1] }),
    ];
    const body = JSON.parse(renderDailyStats(range, rows, ['gemini'], 0).text);
    expect(body.data.map((d: { engineId: string }) => d.engineId)).toEqual(['gemini']);
    expect(JSON.parse(renderDailyStats(range, [], undefined, 0).text).data).toEqual([]);
  });

  it('renders a day again when its counts change, and reuses it when they do not', () => {
    const before = renderDailyStats(range, [row('2026-01-09', { grok: [2, 1, 1] })], undefined, 0).text;
    expect(renderDailyStats(range, [row('2026-01-09', { grok: [2, 1, 1] })], undefined, 0).text).toBe(before);
    const after = JSON.parse(
      renderDailyStats(range, [row('2026-01-09', { grok: [3, 1, 1] })], undefined, 0).text,
    );
    expect(after.data[0]).toMatchObject({ answers: 3, mentionRate: 1 / 3 });
  });
});
