/**
 * Gemini's grounding redirect links are read on connections kept per answer in flight: the links of answers that
 * arrive together are read side by side, not queued behind a few connections until their deadline passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudEngines, LimiterRegistry, loadCloudConfig } from '../../../engines/cloud/index.ts';
import { startFakeEngines, type FakeEngines } from '../../fakes/engines/index.ts';

describe('reading Gemini’s redirect links', () => {
  let fakes: FakeEngines;
  beforeAll(async () => {
    fakes = await startFakeEngines({ latencyMs: 300 });
  });
  afterAll(() => fakes.close());

  it('reads the links of every answer in flight at once (4 answers × 3 links: 12 reads side by side)', async () => {
    const config = loadCloudConfig({ ...fakes.env, ANSWERWATCH_ENGINE_CONCURRENCY: '4' });
    const gemini = createCloudEngines(config, { limiters: new LimiterRegistry() }).get('gemini')!;
    const resolvedLinks = new Map<string, Promise<string | null>>();
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) => gemini.ask(`which tool is best for task ${i}`, { resolvedLinks })),
    );
    const gets = fakes.requests.gemini.filter((r) => r.method === 'GET');
    expect(gets).toHaveLength(12);
    // The four answers come back together, then their twelve links are read at once (8 connections made it two
    // rounds, and at a run's pace a queue that outgrew the deadline).
    expect(fakes.maxInFlight('gemini')).toBe(12);
    for (const [i, answer] of answers.entries()) {
      expect(answer.sources.map((s) => s.url)).toEqual([
        expect.stringMatching(
          new RegExp(`^https://www\\.[a-z]+\\.example/guides/which-tool-is-best-for-task-${i}$`),
        ),
        `https://reviews.example/which-tool-is-best-for-task-${i}`,
        `https://news.example/gemini/which-tool-is-best-for-task-${i}`,
      ]);
    }
  });
});
