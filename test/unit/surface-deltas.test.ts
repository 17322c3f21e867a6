import { describe, expect, it } from 'vitest';
import { surfaceDeltas, surfaceKeys } from '../../server/domain/surface-deltas.ts';
import {
  noPromptCounts,
  type PromptCounts,
  type PromptDayRow,
  type PromptDelta,
} from '../../server/store/repositories/prompt-summaries.ts';

const DAY = '2026-06-10';

const counts = (over: Partial<PromptCounts>): PromptCounts => ({ ...noPromptCounts(), ...over });

const stored = (engineId: string, over: Partial<PromptCounts>, domains: string[] = []): PromptDayRow => ({
  promptId: 'p1',
  engineId,
  date: DAY,
  counts: counts(over),
  domains,
});

const added = (engineId: string, over: Partial<PromptCounts>, domains: string[] = []): PromptDelta => ({
  promptId: 'p1',
  engineId,
  date: DAY,
  counts: counts(over),
  competitors: new Map(),
  domains: new Set(domains),
});

describe('surfaceKeys', () => {
  it('names both engines of each touched prompt-day, and nothing for engines without a pair', () => {
    expect(
      surfaceKeys([added('chatgpt-local-fetch', { answers: 1 }), added('ollama', { answers: 1 })]),
    ).toEqual([
      { engineId: 'chatgpt', date: DAY, promptId: 'p1' },
      { engineId: 'chatgpt-local-fetch', date: DAY, promptId: 'p1' },
    ]);
  });
});

describe('surfaceDeltas', () => {
  it('adds nothing while only one side has answered', () => {
    expect(surfaceDeltas([], [added('chatgpt', { answers: 2, mentioned: 1 }, ['g2.com'])])).toEqual([]);
  });

  it('adds a whole prompt-day when the second side first answers', () => {
    const [d] = surfaceDeltas(
      [
        stored('chatgpt', { answers: 2, mentioned: 2, cited: 1, pos_n: 2, pos_sum: 3 }, [
          'acme.com',
          'g2.com',
        ]),
      ],
      [added('chatgpt-local-fetch', { answers: 1, mentioned: 1, pos_n: 1, pos_sum: 2 }, ['g2.com', 'x.org'])],
    );
    expect(d).toEqual({
      apiEngineId: 'chatgpt',
      date: DAY,
      promptId: 'p1',
      counts: {
        paired_days: 1,
        answer_pairs: 2,
        mention_both: 2,
        mention_api: 0,
        mention_app: 0,
        mention_neither: 0,
        cited_both: 0,
        cited_api: 1,
        cited_app: 0,
        cited_neither: 1,
        position_pairs: 2,
        api_positions: 3,
        app_positions: 4,
      },
      domains: [
        { side: 'api', domain: 'acme.com', change: 1 },
        { side: 'app', domain: 'x.org', change: 1 },
      ],
    });
  });

  it('changes a paired prompt-day by its figures after minus before, domains leaving a side included', () => {
    const [d] = surfaceDeltas(
      [
        stored('chatgpt', { answers: 1, mentioned: 1 }, ['acme.com', 'g2.com']),
        stored('chatgpt-local-fetch', { answers: 1 }, ['g2.com']),
      ],
      // A second app answer that names the brand and lists the brand's page: acme.com is no longer API-only.
      [added('chatgpt-local-fetch', { answers: 1, mentioned: 1 }, ['acme.com'])],
    );
    expect(d!.counts).toMatchObject({
      paired_days: 0,
      answer_pairs: 1,
      mention_both: 1,
      mention_api: 0,
      mention_app: 0,
      cited_neither: 1,
    });
    expect(d!.domains).toEqual([{ side: 'api', domain: 'acme.com', change: -1 }]);
  });
});
