import { describe, expect, it } from 'vitest';
import {
  diffRuns,
  expectedAnswers,
  progressFraction,
  type RunAnswer,
  promptChanges,
} from '../../app/ui/src/run-diff.ts';

const answers = (engineId: string, label: string, n: number, mentioned: number, cited: number): RunAnswer[] =>
  Array.from({ length: n }, (_, i) => ({
    engineId,
    engineLabel: label,
    mentioned: i < mentioned,
    cited: i < cited,
  }));

describe('what changed since the last run', () => {
  it('compares mention and citation rates engine by engine', () => {
    const latest = [...answers('chatgpt', 'ChatGPT', 4, 3, 1), ...answers('gemini', 'Gemini', 2, 0, 0)];
    const previous = [...answers('chatgpt', 'ChatGPT', 4, 1, 1), ...answers('gemini', 'Gemini', 2, 1, 2)];
    const diff = diffRuns(latest, previous);
    expect(diff.engines.map((e) => e.engineId)).toEqual(['chatgpt', 'gemini']);
    const [chatgpt, gemini] = diff.engines;
    expect(chatgpt!.latest).toMatchObject({
      answers: 4,
      mentioned: 3,
      cited: 1,
      mentionRate: 0.75,
      citationRate: 0.25,
    });
    expect(chatgpt!.mentionDelta).toBeCloseTo(0.5);
    expect(chatgpt!.citationDelta).toBe(0);
    expect(gemini!.mentionDelta).toBeCloseTo(-0.5);
    expect(gemini!.citationDelta).toBeCloseTo(-1);
    expect(diff.total.latest).toMatchObject({ answers: 6, mentioned: 3, cited: 1 });
    expect(diff.total.mentionDelta).toBeCloseTo(3 / 6 - 2 / 6);
  });

  it('shows an engine only one run asked with nothing to compare', () => {
    const diff = diffRuns(answers('claude', 'Claude', 2, 1, 0), answers('grok', 'Grok', 1, 1, 1));
    expect(
      diff.engines.map((e) => [e.engineId, e.latest?.answers ?? null, e.previous?.answers ?? null]),
    ).toEqual([
      ['claude', 2, null],
      ['grok', null, 1],
    ]);
    expect(diff.engines.every((e) => e.mentionDelta === null && e.citationDelta === null)).toBe(true);
  });

  it('has no deltas without a previous run', () => {
    const diff = diffRuns(answers('chatgpt', 'ChatGPT', 3, 3, 3), []);
    expect(diff.engines[0]!.previous).toBeNull();
    expect(diff.total.previous).toBeNull();
    expect(diff.total.mentionDelta).toBeNull();
  });
});

describe('run progress', () => {
  const prompts = [
    { status: 'active', engineIds: ['chatgpt', 'gemini', 'perplexity'] },
    { status: 'active', engineIds: ['chatgpt'] },
    { status: 'paused', engineIds: ['chatgpt', 'gemini'] },
    { status: 'active', engineIds: [] },
  ];

  it('expects active prompts x their engines x samples', () => {
    expect(expectedAnswers(prompts, 1)).toBe(4);
    expect(expectedAnswers(prompts, 3)).toBe(12);
  });

  it('leaves out engines the plan no longer allows', () => {
    expect(expectedAnswers(prompts, 2, ['chatgpt', 'gemini'])).toBe(6);
  });

  it('answers a fraction between 0 and 1', () => {
    expect(progressFraction(3, 12)).toBe(0.25);
    expect(progressFraction(15, 12)).toBe(1);
    expect(progressFraction(0, 0)).toBe(0);
  });
});

describe('prompts won and lost between two runs', () => {
  const a = (promptId: string, engineId: string, mentioned: boolean) => ({
    promptId,
    promptText: `Prompt ${promptId}`,
    engineId,
    engineLabel: engineId.toUpperCase(),
    mentioned,
    cited: false,
  });
  it('names the prompts the brand was newly named or no longer named for, per engine', () => {
    const previous = [
      a('p1', 'x', false),
      a('p1', 'y', false),
      a('p2', 'x', true),
      a('p3', 'x', true),
      a('p4', 'x', true),
    ];
    const latest = [
      a('p1', 'x', true),
      a('p1', 'y', true),
      a('p2', 'x', false),
      a('p3', 'x', true),
      a('p3', 'x', false),
      a('p5', 'x', true),
    ];
    expect(promptChanges(latest, previous)).toEqual({
      won: [{ promptText: 'Prompt p1', engines: ['X', 'Y'] }],
      lost: [{ promptText: 'Prompt p2', engines: ['X'] }],
    });
  });
});
