import { describe, expect, it } from 'vitest';
import { summaryDeltas, type AnswerCounts } from '../../server/domain/summary-deltas.ts';
import { NO_TOPIC } from '../../server/store/repositories/summaries.ts';

const answer = (over: Partial<AnswerCounts> = {}): AnswerCounts => ({
  date: '2025-03-01',
  engineId: 'chatgpt',
  topicId: 'pricing',
  promptId: null,
  promptText: 'best crm?',
  searchQueries: [],
  mentioned: false,
  cited: false,
  position: null,
  sentiment: null,
  sourceUrls: [],
  competitors: [],
  drift: null,
  driftStatements: [],
  ...over,
});

const sortRows = <T extends object>(rows: T[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('summaryDeltas', () => {
  it('is empty for no answers', () => {
    expect(summaryDeltas([])).toEqual({ daily: [], brands: [], positions: [] });
  });

  it('adds up answers, mentions and citations per date, engine and topic', () => {
    const { daily } = summaryDeltas([
      answer({ mentioned: true, cited: true }),
      answer({ mentioned: true }),
      answer(),
      answer({ engineId: 'gemini', cited: true }),
      answer({ date: '2025-03-02', mentioned: true }),
      answer({ topicId: null, mentioned: true }),
    ]);
    expect(sortRows(daily)).toEqual(
      sortRows([
        { date: '2025-03-01', engineId: 'chatgpt', topicId: 'pricing', answers: 3, mentioned: 2, cited: 1 },
        { date: '2025-03-01', engineId: 'gemini', topicId: 'pricing', answers: 1, mentioned: 0, cited: 1 },
        { date: '2025-03-02', engineId: 'chatgpt', topicId: 'pricing', answers: 1, mentioned: 1, cited: 0 },
        { date: '2025-03-01', engineId: 'chatgpt', topicId: NO_TOPIC, answers: 1, mentioned: 1, cited: 0 },
      ]),
    );
  });

  it('adds up the brand’s ranks per date and engine, leaving out answers that did not rank it', () => {
    const { positions } = summaryDeltas([
      answer({ mentioned: true, position: 1 }),
      answer({ mentioned: true, position: 3, topicId: null }),
      answer({ engineId: 'gemini', mentioned: true, position: 2 }),
      answer({ date: '2025-03-02', mentioned: true, position: 4 }),
      answer(),
    ]);
    expect(sortRows(positions)).toEqual(
      sortRows([
        { date: '2025-03-01', engineId: 'chatgpt', ranked: 2, positionSum: 4 },
        { date: '2025-03-01', engineId: 'gemini', ranked: 1, positionSum: 2 },
        { date: '2025-03-02', engineId: 'chatgpt', ranked: 1, positionSum: 4 },
      ]),
    );
  });

  it('counts competitors per day and engine, keyed case-insensitively', () => {
    const { brands } = summaryDeltas([
      answer({ competitors: [{ name: 'Globex', mentioned: true, cited: false }] }),
      answer({ engineId: 'gemini', competitors: [{ name: 'globex ', mentioned: true, cited: true }] }),
      answer({ competitors: [{ name: 'Initech', mentioned: false, cited: true }] }),
    ]);
    expect(sortRows(brands)).toEqual(
      sortRows([
        { date: '2025-03-01', engineId: 'chatgpt', brandKey: 'globex', mentioned: 1, cited: 0 },
        { date: '2025-03-01', engineId: 'gemini', brandKey: 'globex', mentioned: 1, cited: 1 },
        { date: '2025-03-01', engineId: 'chatgpt', brandKey: 'initech', mentioned: 0, cited: 1 },
      ]),
    );
  });

  it('leaves out competitors neither named nor cited, and the own brand entirely', () => {
    const { brands } = summaryDeltas([
      answer({
        mentioned: true,
        cited: true,
        competitors: [{ name: 'Globex', mentioned: false, cited: false }],
      }),
    ]);
    expect(brands).toEqual([]);
  });

  it('counts a brand listed twice in one answer once', () => {
    const { brands } = summaryDeltas([
      answer({
        competitors: [
          { name: 'Globex', mentioned: true, cited: false },
          { name: 'GLOBEX', mentioned: false, cited: true },
        ],
      }),
    ]);
    expect(brands.find((b) => b.engineId === 'chatgpt')).toEqual({
      date: '2025-03-01',
      engineId: 'chatgpt',
      brandKey: 'globex',
      mentioned: 1,
      cited: 1,
    });
  });
});
