import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { allPages, insightProject, PAGES, PROMPTS, TEXTS } from '../support/insights.ts';

const [P0, P1] = [PROMPTS[0]!.text, PROMPTS[1]!.text];

describe('stats/sources', () => {
  let h: Harness;
  let key: string;
  let p: string;
  const get = async (q = '') => {
    const r = await h.get(`/v1/projects/${p}/stats/sources${q}`, key);
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
        sources: [PAGES.pricing, PAGES.g2, PAGES.review],
      },
      {
        day: '2026-06-11',
        engine: 'chatgpt',
        prompt: P1,
        text: TEXTS.rivalsOnly,
        sources: [PAGES.globex, PAGES.g2],
      },
      {
        day: '2026-06-12',
        engine: 'gemini',
        prompt: P0,
        text: TEXTS.acmeSecond,
        sources: [PAGES.docs, PAGES.g2],
      },
      {
        day: '2026-06-12',
        engine: 'gemini',
        prompt: 'what crm?',
        topicId: 'reviews',
        text: TEXTS.nobody,
        sources: [PAGES.g2, PAGES.initech],
      },
      { day: '2026-06-13', engine: 'perplexity', prompt: P1, text: TEXTS.acmeFirst, sources: [] },
      { day: '2026-05-01', engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst, sources: [PAGES.g2] },
    ]));
  });
  afterAll(() => h.close());

  const row = (domain: string, over: Record<string, unknown>) => ({
    domain,
    url: null,
    class: 'other',
    competitor: null,
    type: 'other',
    pageKind: null,
    answers: 1,
    share: 0.25,
    prompts: 1,
    ...over,
  });

  it('ranks each cited domain by the answers listing it, with share, prompts, days and class', async () => {
    const body = await get();
    expect(body).toMatchObject({
      from: '2026-05-17',
      to: '2026-06-15',
      groupBy: 'domain',
      answers: 5,
      citingAnswers: 4,
    });
    expect(body.data).toEqual([
      row('g2.com', {
        type: 'review',
        answers: 4,
        share: 1,
        prompts: 3,
        firstSeen: '2026-06-10',
        lastSeen: '2026-06-12',
      }),
      row('acme.com', { class: 'own', type: 'own', firstSeen: '2026-06-10', lastSeen: '2026-06-10' }),
      row('acme.io', { class: 'own', type: 'own', firstSeen: '2026-06-12', lastSeen: '2026-06-12' }),
      row('example.org', { firstSeen: '2026-06-10', lastSeen: '2026-06-10' }),
      row('globex.com', {
        class: 'competitor',
        type: 'competitor',
        competitor: 'Globex',
        firstSeen: '2026-06-11',
        lastSeen: '2026-06-11',
      }),
      row('initech.com', {
        class: 'competitor',
        type: 'competitor',
        competitor: 'Initech',
        firstSeen: '2026-06-12',
        lastSeen: '2026-06-12',
      }),
    ]);
    expect(body.nextCursor).toBeNull();
  });

  it('groups by URL with groupBy=url, each page classed by its host', async () => {
    const body = await get('?groupBy=url');
    expect(body.groupBy).toBe('url');
    expect(
      body.data.map((d: { url: string; domain: string; class: string; answers: number }) => [
        d.url,
        d.domain,
        d.class,
        d.answers,
      ]),
    ).toEqual([
      [PAGES.g2, 'g2.com', 'other', 4],
      [PAGES.pricing, 'acme.com', 'own', 1],
      [PAGES.docs, 'acme.io', 'own', 1],
      [PAGES.globex, 'globex.com', 'competitor', 1],
      [PAGES.review, 'example.org', 'other', 1],
      [PAGES.initech, 'initech.com', 'competitor', 1],
    ]);
  });

  it('pages with the opaque cursor, each page continuing where the last stopped', async () => {
    const first = await get('?limit=2');
    expect(first.data.map((d: { domain: string }) => d.domain)).toEqual(['g2.com', 'acme.com']);
    const all = await allPages<{ domain: string }>(h, key, `/v1/projects/${p}/stats/sources?limit=2`);
    expect(all.pages).toBe(3);
    expect(all.data.map((d) => d.domain)).toEqual(
      (await get()).data.map((d: { domain: string }) => d.domain),
    );
    // A cursor belongs to its list and filters.
    for (const other of ['groupBy=url', 'engine=gemini', 'from=2026-06-01']) {
      const r = await h.get(
        `/v1/projects/${p}/stats/sources?limit=2&${other}&cursor=${first.nextCursor}`,
        key,
      );
      expect(r.statusCode, other).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
    }
    const forged = await h.get(
      `/v1/projects/${p}/stats/sources?cursor=${first.nextCursor.slice(0, -2)}xx`,
      key,
    );
    expect(forged.statusCode).toBe(400);
    const answersCursor = (await h.get(`/v1/projects/${p}/answers?limit=1`, key)).json().nextCursor;
    expect((await h.get(`/v1/projects/${p}/stats/sources?cursor=${answersCursor}`, key)).statusCode).toBe(
      400,
    );
    expect((await h.get(`/v1/projects/${p}/stats/sources?limit=0`, key)).statusCode).toBe(400);
    expect((await h.get(`/v1/projects/${p}/stats/sources?limit=201`, key)).statusCode).toBe(400);
  });

  it('counts an answer imported with the topic * once, as the all-topics rows do', async () => {
    const other = await insightProject(h, [
      {
        day: '2026-06-12',
        engine: 'gemini',
        prompt: P0,
        topicId: '*',
        text: TEXTS.nobody,
        sources: [PAGES.g2],
      },
    ]);
    const r = await h.get(`/v1/projects/${other.projectId}/stats/sources`, other.key);
    expect(r.json()).toMatchObject({
      answers: 1,
      citingAnswers: 1,
      data: [{ domain: 'g2.com', answers: 1 }],
    });
  });

  it('filters by engine (repeatable), by topic, and by both', async () => {
    const gemini = await get('?engine=gemini');
    expect(gemini).toMatchObject({ answers: 2, citingAnswers: 2 });
    expect(
      gemini.data.map((d: { domain: string; answers: number; prompts: number }) => [
        d.domain,
        d.answers,
        d.prompts,
      ]),
    ).toEqual([
      ['g2.com', 2, 2],
      ['acme.io', 1, 1],
      ['initech.com', 1, 1],
    ]);
    const two = await get('?engine=gemini&engine=perplexity');
    expect(two).toMatchObject({ answers: 3, citingAnswers: 2 });
    const reviews = await get('?topicId=reviews');
    expect(reviews).toMatchObject({ answers: 3, citingAnswers: 2 });
    expect(reviews.data.map((d: { domain: string }) => d.domain)).toEqual([
      'g2.com',
      'globex.com',
      'initech.com',
    ]);
    expect((await get('?topicId=nothing')).data).toEqual([]);
    const both = await get('?engine=gemini&topicId=reviews&perEngine=true');
    expect(both).toMatchObject({ answers: 1, citingAnswers: 1 });
    expect(
      both.data.map((d: { domain: string; engines: { engineId: string }[] }) => [d.domain, d.engines]),
    ).toEqual([
      [
        'g2.com',
        [
          {
            engineId: 'gemini',
            answers: 1,
            share: 1,
            prompts: 1,
            firstSeen: '2026-06-12',
            lastSeen: '2026-06-12',
          },
        ],
      ],
      [
        'initech.com',
        [
          {
            engineId: 'gemini',
            answers: 1,
            share: 1,
            prompts: 1,
            firstSeen: '2026-06-12',
            lastSeen: '2026-06-12',
          },
        ],
      ],
    ]);
    expect(await get('?engine=perplexity&topicId=reviews')).toMatchObject({
      answers: 1,
      citingAnswers: 0,
      data: [],
    });
    for (const bad of ['groupBy=page', 'perEngine=yes']) {
      expect((await h.get(`/v1/projects/${p}/stats/sources?${bad}`, key)).json().code, bad).toBe(
        'invalid_parameter',
      );
    }
  });

  it('breaks each source down per engine with perEngine=true', async () => {
    const [g2] = (await get('?perEngine=true')).data;
    expect(g2.engines).toEqual([
      {
        engineId: 'chatgpt',
        answers: 2,
        share: 1,
        prompts: 2,
        firstSeen: '2026-06-10',
        lastSeen: '2026-06-11',
      },
      {
        engineId: 'gemini',
        answers: 2,
        share: 1,
        prompts: 2,
        firstSeen: '2026-06-12',
        lastSeen: '2026-06-12',
      },
    ]);
    expect((await get()).data[0].engines).toBeUndefined();
  });

  it('counts over the range asked, first and last day within it', async () => {
    const [g2] = (await get('?from=2026-05-01&to=2026-06-15')).data;
    expect(g2).toMatchObject({ answers: 5, prompts: 3, firstSeen: '2026-05-01', lastSeen: '2026-06-12' });
    const [only] = (await get('?from=2026-06-11&to=2026-06-11')).data;
    expect(only).toMatchObject({
      domain: 'g2.com',
      answers: 1,
      firstSeen: '2026-06-11',
      lastSeen: '2026-06-11',
    });
  });

  it('classes by the domains and competitors the project has now', async () => {
    const patched = await h.write('PATCH', `/v1/projects/${p}`, key, { brandDomains: ['acme.io', 'g2.com'] });
    expect(patched.statusCode, patched.body).toBe(200);
    await h.write('PUT', `/v1/projects/${p}/competitors`, key, [{ name: 'Initech', domain: 'initech.com' }]);
    const classes = Object.fromEntries(
      (await get()).data.map((d: { domain: string; class: string; competitor: string | null }) => [
        d.domain,
        [d.class, d.competitor],
      ]),
    );
    expect(classes).toMatchObject({
      'g2.com': ['own', null],
      'globex.com': ['other', null],
      'initech.com': ['competitor', 'Initech'],
    });
  });
});
