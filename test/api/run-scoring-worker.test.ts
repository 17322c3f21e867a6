import { afterEach, describe, expect, it } from 'vitest';
import { createScorer } from '../../engines/scoring/index.ts';
import { SCORING_WORKER_FROM } from '../../server/domain/run-scoring.ts';
import { h, json, projectId, setUp, startRun } from '../support/run-executor-setup.ts';

const CLOUD = ['chatgpt', 'claude', 'gemini', 'perplexity', 'grok', 'google-ai-mode'];
const PROMPTS = 35;

afterEach(() => h?.close());

describe('a large run scored in the executor’s worker thread', () => {
  it('stores every answer once, scored as in this thread, with the summaries counting them', async () => {
    expect(PROMPTS * CLOUD.length).toBeGreaterThanOrEqual(SCORING_WORKER_FROM);
    await setUp(CLOUD, PROMPTS);
    const id = (await startRun()).json().id;
    await h.jobs.idle();
    expect((await json(`/v1/projects/${projectId}/run-requests/${id}`)).status).toBe('completed');
    const answers: { id: string; mentioned: boolean; cited: boolean; position: number | null }[] = [];
    let cursor: string | null = null;
    do {
      const page = await json(
        `/v1/projects/${projectId}/answers?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      answers.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    expect(answers).toHaveLength(PROMPTS * CLOUD.length);
    // Each answer's scores are what the project's scorer gives its text and sources here.
    const score = createScorer(
      { name: 'Acme', websiteUrl: 'https://acme.example', brandTerms: [], brandDomains: [] },
      [{ name: 'Globex', domains: ['globex.example'] }],
    );
    for (const a of answers.slice(0, 30)) {
      const detail = await json(`/v1/projects/${projectId}/answers/${a.id}`);
      const again = score({
        text: detail.fullAnswer,
        sources: detail.sources.map((s: { url: string; title: string | null }) => ({
          url: s.url,
          title: s.title,
        })),
      });
      expect({ mentioned: a.mentioned, cited: a.cited, position: a.position }).toEqual({
        mentioned: again.mentioned,
        cited: again.cited,
        position: again.position,
      });
    }
    const stats = await json(`/v1/projects/${projectId}/stats/daily`);
    const sum = (k: 'answers' | 'mentioned') =>
      stats.data.reduce((n: number, r: Record<string, number>) => n + r[k]!, 0);
    expect(sum('answers')).toBe(answers.length);
    expect(sum('mentioned')).toBe(answers.filter((a) => a.mentioned).length);
    expect(sum('mentioned')).toBeGreaterThan(0);
  });
});
