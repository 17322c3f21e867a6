import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENGINES } from '../../server/domain/demo-content.ts';
import { seedDemo } from '../../server/domain/demo-data.ts';
import { SURFACE_PAIRS } from '../../server/domain/surface-deltas.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { insightProject, PAGES, PROMPTS, TEXTS } from '../support/insights.ts';

const [P0, P1] = [PROMPTS[0]!.text, PROMPTS[1]!.text];

describe('stats/surfaces', () => {
  let h: Harness;
  let key: string;
  let p: string;
  const get = async (q = '') => {
    const r = await h.get(`/v1/projects/${p}/stats/surfaces${q}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId: p } = await insightProject(h, [
      {
        day: '2026-06-10',
        engine: 'chatgpt',
        prompt: P0,
        text: TEXTS.acmeFirst,
        sources: [PAGES.pricing, PAGES.g2],
      },
      {
        day: '2026-06-10',
        engine: 'chatgpt',
        prompt: P0,
        text: TEXTS.acmeSecond,
        sources: [PAGES.g2],
        hour: 11,
      },
      {
        day: '2026-06-10',
        engine: 'chatgpt-local-fetch',
        prompt: P0,
        text: TEXTS.rivalsOnly,
        sources: [PAGES.review],
      },
      { day: '2026-06-11', engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst, sources: [PAGES.g2] },
      {
        day: '2026-06-11',
        engine: 'chatgpt-local-fetch',
        prompt: P0,
        text: TEXTS.acmeSecond,
        sources: [PAGES.g2, PAGES.pricing],
      },
      // Answered on the app only, or on another day than the API: not paired.
      { day: '2026-06-11', engine: 'chatgpt-local-fetch', prompt: P1, text: TEXTS.acmeFirst },
      { day: '2026-06-09', engine: 'chatgpt', prompt: P1, text: TEXTS.acmeFirst },
      // An untracked prompt is never paired.
      { day: '2026-06-11', engine: 'chatgpt', prompt: 'what crm?', text: TEXTS.acmeFirst },
      { day: '2026-06-11', engine: 'chatgpt-local-fetch', prompt: 'what crm?', text: TEXTS.nobody },
      { day: '2026-06-12', engine: 'perplexity', prompt: P1, text: TEXTS.acmeFirst },
      { day: '2026-06-12', engine: 'perplexity-local-fetch', prompt: P1, text: TEXTS.acmeFirst },
    ]));
  });
  afterAll(() => h.close());

  it('pairs each engine with its signed-in browser variant', () => {
    expect(SURFACE_PAIRS).toEqual([
      { api: 'chatgpt', app: 'chatgpt-local-fetch' },
      { api: 'perplexity', app: 'perplexity-local-fetch' },
      { api: 'gemini', app: 'gemini-local-fetch' },
      { api: 'google-ai-mode', app: 'google-ai-mode-local-fetch' },
      { api: 'claude', app: 'claude-local-fetch' },
      { api: 'grok', app: 'grok-local-fetch' },
    ]);
  });

  it('compares every API answer with every app answer of the same prompt and day', async () => {
    const body = await get();
    expect(body).toMatchObject({ from: '2026-05-17', to: '2026-06-15' });
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toEqual({
      apiEngineId: 'chatgpt',
      appEngineId: 'chatgpt-local-fetch',
      prompts: 1,
      pairedDays: 2,
      answerPairs: 3,
      mention: { agreement: 1 / 3, both: 1, apiOnly: 2, appOnly: 0, neither: 0, apiRate: 1, appRate: 1 / 3 },
      citation: {
        agreement: 1 / 3,
        both: 0,
        apiOnly: 1,
        appOnly: 1,
        neither: 1,
        apiRate: 1 / 3,
        appRate: 1 / 3,
      },
      position: { pairs: 1, apiAverage: 1, appAverage: 2, difference: 1 },
      sources: {
        apiOnly: [
          { domain: 'acme.com', class: 'own', competitor: null, promptDays: 1 },
          { domain: 'g2.com', class: 'other', competitor: null, promptDays: 1 },
        ],
        appOnly: [
          { domain: 'acme.com', class: 'own', competitor: null, promptDays: 1 },
          { domain: 'example.org', class: 'other', competitor: null, promptDays: 1 },
        ],
      },
    });
    expect(body.data[1]).toMatchObject({
      apiEngineId: 'perplexity',
      appEngineId: 'perplexity-local-fetch',
      prompts: 1,
      pairedDays: 1,
      answerPairs: 1,
      mention: { agreement: 1, both: 1 },
      position: { pairs: 1, apiAverage: 1, appAverage: 1, difference: 0 },
      sources: { apiOnly: [], appOnly: [] },
    });
  });

  it('keeps the pairs an engine filter names, either side of them', async () => {
    const byApp = (await get('?engine=perplexity-local-fetch')).data;
    expect(byApp.map((d: { apiEngineId: string }) => d.apiEngineId)).toEqual(['perplexity']);
    expect((await get('?engine=chatgpt&engine=perplexity')).data).toHaveLength(2);
    expect((await get('?engine=gemini')).data).toEqual([]);
    expect((await get('?engine=copilot-local-fetch')).data).toEqual([]);
  });

  it('pairs only the prompts of a topic, and only days in the range', async () => {
    const reviews = (await get('?topicId=reviews')).data;
    expect(reviews.map((d: { apiEngineId: string }) => d.apiEngineId)).toEqual(['perplexity']);
    const one = (await get('?from=2026-06-11&to=2026-06-11')).data;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ pairedDays: 1, answerPairs: 1, mention: { both: 1 } });
  });
});

describe('stats/surfaces on a demo project with browser twins', () => {
  it('pairs every demo engine with its browser variant', async () => {
    const h = await createHarness();
    try {
      const { key, accountId } = await h.account();
      const projectId = await seedDemo(h.store, h.clock, {
        accountId,
        answers: 600,
        days: 10,
        browserTwins: 0.5,
      });
      const body = (await h.get(`/v1/projects/${projectId}/stats/surfaces`, key)).json();
      expect(body.data.map((d: { apiEngineId: string }) => d.apiEngineId).sort()).toEqual(
        Object.keys(DEMO_ENGINES).sort(),
      );
      for (const pair of body.data) expect(pair.answerPairs).toBeGreaterThan(0);
      await expect(seedDemo(h.store, h.clock, { accountId, browserTwins: 2 })).rejects.toMatchObject({
        code: 'invalid_parameter',
      });
    } finally {
      await h.close();
    }
  });
});
