/**
 * The traffic API on both stores: a shipper's batch in (POST …/traffic), the three reads out, each figure below
 * worked out by hand from the batch and the answers of the set-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../support/fixtures.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { insightProject, PAGES, PROMPTS, TEXTS } from '../support/insights.ts';
import { shippedAddress } from '../support/shipped-ranges.ts';

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const hit = (
  time: string,
  ip: string,
  url: string,
  status: number,
  userAgent: string,
  referer: string | null = null,
  host = 'www.acme.com',
) => JSON.stringify({ time, ip, method: 'GET', url, status, bytes: 100, referer, userAgent, host });

/** The crawlers' addresses are inside their operators' shipped ranges. */
const BATCH = [
  hit('2026-06-10T10:00:00Z', shippedAddress('openai-gptbot', 10), '/pricing', 200, GPTBOT),
  hit('2026-06-11T10:00:00Z', shippedAddress('openai-gptbot', 11), '/pricing?ref=a', 200, GPTBOT),
  hit('2026-06-12T09:00:00Z', shippedAddress('openai-gptbot', 12), '/start', 404, GPTBOT),
  hit('2026-06-12T10:00:00Z', '203.0.113.5', '/pricing', 200, GPTBOT), // spoofed
  hit('2026-06-13T08:00:00Z', shippedAddress('openai-chatgpt-user', 4), '/pricing', 200, CHATGPT_USER),
  hit('2026-06-14T08:00:00Z', shippedAddress('openai-chatgpt-user', 4), '/pricing', 500, CHATGPT_USER),
  hit('2026-06-09T00:00:00Z', '203.0.113.9', '/start', 200, CLAUDEBOT), // claimed: Anthropic publishes no ranges
  hit('2026-06-10T12:00:00Z', shippedAddress('google-googlebot', 1), '/pricing', 301, GOOGLEBOT),
  hit('2026-06-03T10:00:00Z', shippedAddress('openai-gptbot', 10), '/pricing', 200, GPTBOT), // the period before
  hit('2026-06-10T13:00:00Z', '192.0.2.1', '/pricing', 200, CHROME, 'https://chatgpt.com/'),
  hit('2026-06-11T13:00:00Z', '192.0.2.2', '/start?utm_source=chatgpt.com', 200, CHROME),
  hit('2026-06-12T13:00:00Z', '192.0.2.3', '/pricing', 200, CHROME, 'https://www.perplexity.ai/search'),
  hit('2026-06-02T13:00:00Z', '192.0.2.4', '/pricing', 200, CHROME, 'https://chatgpt.com/'), // the period before
  hit('2026-06-13T07:00:00Z', shippedAddress('openai-gptbot', 13), '/about', 200, GPTBOT),
  hit('2026-06-13T07:00:00Z', shippedAddress('openai-gptbot', 13), '/x', 200, GPTBOT, null, 'other.example'), // not the brand's
  'not a log line',
  hit('2026-06-20T00:00:00Z', shippedAddress('openai-gptbot', 13), '/later', 200, GPTBOT), // 4 days ahead of the clock
].join('\n');

const RANGE = 'from=2026-06-08&to=2026-06-14';

describe('traffic: the batch in, the reads out', () => {
  let h: Harness;
  let key: string;
  let shipper: string;
  let p: string;
  let accountId: string;
  const get = async (path: string) => {
    const r = await h.get(`/v1/projects/${p}/${path}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const post = (body: string, k = shipper, type = 'application/x-ndjson', project = p) =>
    h.request({
      method: 'POST',
      url: `/v1/projects/${project}/traffic`,
      headers: { authorization: `Bearer ${k}`, 'content-type': type },
      payload: body,
    });

  beforeAll(async () => {
    h = await createHarness();
    const P0 = PROMPTS[0]!.text;
    ({
      key,
      accountId,
      projectId: p,
    } = await insightProject(h, [
      { day: '2026-06-10', engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst, sources: [PAGES.pricing] },
      {
        day: '2026-06-10',
        engine: 'chatgpt',
        prompt: P0,
        text: TEXTS.acmeSecond,
        sources: [PAGES.pricing],
        hour: 11,
      },
      {
        day: '2026-06-11',
        engine: 'chatgpt-local-fetch',
        prompt: P0,
        text: TEXTS.acmeFirst,
        sources: [PAGES.docs, PAGES.pricing],
      },
      { day: '2026-06-12', engine: 'chatgpt', prompt: P0, text: TEXTS.rivalsOnly, sources: [PAGES.g2] },
    ]));
    shipper = await h.key(accountId, ['visibility:read', 'traffic:write']);
  });
  afterAll(() => h.close());

  it('takes a batch: 202 with accepted, ignored, refused lines and why; the same batch again is already stored', async () => {
    const r = await post(BATCH);
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json()).toEqual({
      accepted: 14,
      ignored: 1,
      alreadyStored: 0,
      refused: {
        count: 2,
        lines: [
          { line: 16, error: 'not a combined log line' },
          { line: 17, error: 'the time 2026-06-20T00:00:00.000Z is in the future' },
        ],
      },
      purposes: { training: 7, search: 0, user: 2, 'classic-search': 1, 'other-bot': 0, people: 4 },
      spoofed: 1,
      referrals: 4,
    });
    const again = await post(BATCH);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ accepted: 0, alreadyStored: 17, refused: { count: 0 } });
  });

  it('needs traffic:write, a readable project, and at most 10,000 lines', async () => {
    expect((await post(BATCH, key)).statusCode).toBe(403);
    const other = await h.account('premium', ['visibility:read', 'traffic:write']);
    const theirs = await createProject(h.store, other.accountId);
    expect((await post(BATCH, shipper, 'application/x-ndjson', theirs.id)).statusCode).toBe(404);
    const tooMany = await post(Array.from({ length: 10_001 }, () => '{}').join('\n'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(tooMany.json().detail).toMatch(/at most 10,000/);
  });

  it('takes a JSON array (Logstash json_batch) with the same line numbers', async () => {
    const r = await post(
      JSON.stringify([{ nope: 1 }, JSON.parse(hit('2026-06-14T23:00:00Z', '192.0.2.9', '/', 200, CHROME))]),
      shipper,
      'application/json',
    );
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json()).toMatchObject({ accepted: 1, refused: { count: 1, lines: [{ line: 1 }] } });
  });

  it('stats/crawlers: per agent, verified / claimed / spoofed, status classes, pages, change and series', async () => {
    const body = await get(`stats/crawlers?${RANGE}`);
    expect(body).toMatchObject({
      from: '2026-06-08',
      to: '2026-06-14',
      previous: { from: '2026-06-01', to: '2026-06-07' },
      interval: 'day',
      nextCursor: null,
    });
    expect(body.data).toEqual([
      {
        agent: 'GPTBot',
        operator: 'OpenAI',
        purpose: 'training',
        hits: 4,
        verified: 4,
        claimed: 0,
        spoofed: 1,
        pages: 3,
        status: { '2xx': 3, '3xx': 0, '4xx': 1, '5xx': 0 },
        // The spoofed hit of 06-12T10:00 is none of GPTBot's: it moves neither first nor last seen.
        firstSeen: '2026-06-10T10:00:00.000Z',
        lastSeen: '2026-06-13T07:00:00.000Z',
        change: 3,
        series: [
          { period: '2026-06-10', from: '2026-06-10', to: '2026-06-10', hits: 1 },
          { period: '2026-06-11', from: '2026-06-11', to: '2026-06-11', hits: 1 },
          { period: '2026-06-12', from: '2026-06-12', to: '2026-06-12', hits: 1 },
          { period: '2026-06-13', from: '2026-06-13', to: '2026-06-13', hits: 1 },
        ],
      },
      {
        agent: 'ChatGPT-User',
        operator: 'OpenAI',
        purpose: 'user',
        hits: 2,
        verified: 2,
        claimed: 0,
        spoofed: 0,
        pages: 1,
        status: { '2xx': 1, '3xx': 0, '4xx': 0, '5xx': 1 },
        firstSeen: '2026-06-13T08:00:00.000Z',
        lastSeen: '2026-06-14T08:00:00.000Z',
        change: 2,
        series: [
          { period: '2026-06-13', from: '2026-06-13', to: '2026-06-13', hits: 1 },
          { period: '2026-06-14', from: '2026-06-14', to: '2026-06-14', hits: 1 },
        ],
      },
      expect.objectContaining({
        agent: 'ClaudeBot',
        purpose: 'training',
        hits: 1,
        verified: 0,
        claimed: 1,
        pages: 1,
      }),
      expect.objectContaining({
        agent: 'Googlebot',
        purpose: 'classic-search',
        hits: 1,
        verified: 1,
        status: { '2xx': 0, '3xx': 1, '4xx': 0, '5xx': 0 },
      }),
    ]);
    expect(body.ranges.map((r: { source: string }) => r.source)).toContain('openai-gptbot');
    expect(body.ranges.find((r: { source: string }) => r.source === 'openai-gptbot')).toMatchObject({
      operator: 'OpenAI',
      agents: ['GPTBot'],
      updatedAt: 'shipped',
    });

    const weeks = await get(`stats/crawlers?${RANGE}&interval=week&purpose=user`);
    expect(weeks.data.map((a: { agent: string }) => a.agent)).toEqual(['ChatGPT-User']);
    expect(weeks.data[0].series).toEqual([
      { period: '2026-W24', from: '2026-06-08', to: '2026-06-14', hits: 2 },
    ]);
  });

  it('pages stats/crawlers with a cursor bound to its filters', async () => {
    const first = await get(`stats/crawlers?${RANGE}&limit=2`);
    expect(first.data.map((a: { agent: string }) => a.agent)).toEqual(['GPTBot', 'ChatGPT-User']);
    const second = await get(`stats/crawlers?${RANGE}&limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((a: { agent: string }) => a.agent)).toEqual(['ClaudeBot', 'Googlebot']);
    expect(second.nextCursor).toBeNull();
    const wrong = await h.get(
      `/v1/projects/${p}/stats/crawlers?${RANGE}&limit=2&interval=week&cursor=${first.nextCursor}`,
      key,
    );
    expect(wrong.statusCode).toBe(400);
  });

  it('stats/referrals: visits per engine and landing page, with change and series', async () => {
    const body = await get(`stats/referrals?${RANGE}`);
    expect(body).toEqual({
      from: '2026-06-08',
      to: '2026-06-14',
      previous: { from: '2026-06-01', to: '2026-06-07' },
      interval: 'day',
      visits: 3,
      change: 2,
      engines: [
        {
          engine: 'chatgpt',
          visits: 2,
          change: 1,
          series: [
            { period: '2026-06-10', from: '2026-06-10', to: '2026-06-10', visits: 1 },
            { period: '2026-06-11', from: '2026-06-11', to: '2026-06-11', visits: 1 },
          ],
        },
        {
          engine: 'perplexity',
          visits: 1,
          change: 1,
          series: [{ period: '2026-06-12', from: '2026-06-12', to: '2026-06-12', visits: 1 }],
        },
      ],
      data: [
        {
          page: '/pricing',
          visits: 2,
          engines: [
            { engine: 'chatgpt', visits: 1 },
            { engine: 'perplexity', visits: 1 },
          ],
        },
        { page: '/start', visits: 1, engines: [{ engine: 'chatgpt', visits: 1 }] },
      ],
      nextCursor: null,
    });
    const chatgpt = await get(`stats/referrals?${RANGE}&engine=chatgpt`);
    expect([chatgpt.visits, chatgpt.change]).toEqual([2, 1]);
  });

  it('stats/pages: citations beside fetches, referrals and the last status each agent got', async () => {
    const body = await get(`stats/pages?${RANGE}`);
    expect(body.data).toEqual([
      {
        page: '/pricing',
        citations: {
          answers: 3,
          engines: [
            { engineId: 'chatgpt', answers: 2 },
            { engineId: 'chatgpt-local-fetch', answers: 1 },
          ],
        },
        fetches: { search: 0, user: 2, training: 2, classicSearch: 1 },
        referrals: 2,
        aiErrors: 1,
        lastStatus: [
          { agent: 'ChatGPT-User', statusClass: '5xx', at: '2026-06-14T08:00:00.000Z' },
          { agent: 'GPTBot', statusClass: '2xx', at: '2026-06-11T10:00:00.000Z' },
          { agent: 'Googlebot', statusClass: '3xx', at: '2026-06-10T12:00:00.000Z' },
        ],
      },
      {
        page: '/start',
        citations: { answers: 1, engines: [{ engineId: 'chatgpt-local-fetch', answers: 1 }] },
        fetches: { search: 0, user: 0, training: 2, classicSearch: 0 },
        referrals: 1,
        aiErrors: 1,
        lastStatus: [
          { agent: 'GPTBot', statusClass: '4xx', at: '2026-06-12T09:00:00.000Z' },
          { agent: 'ClaudeBot', statusClass: '2xx', at: '2026-06-09T00:00:00.000Z' },
        ],
      },
      {
        page: '/about',
        citations: { answers: 0, engines: [] },
        fetches: { search: 0, user: 0, training: 1, classicSearch: 0 },
        referrals: 0,
        aiErrors: 0,
        lastStatus: [{ agent: 'GPTBot', statusClass: '2xx', at: '2026-06-13T07:00:00.000Z' }],
      },
    ]);
    const unreachable = await get(`stats/pages?${RANGE}&problem=unreachable`);
    expect(unreachable.data.map((x: { page: string }) => x.page)).toEqual(['/pricing', '/start']);
    const paged = await get(`stats/pages?${RANGE}&limit=2`);
    const rest = await get(`stats/pages?${RANGE}&limit=2&cursor=${paged.nextCursor}`);
    expect([...paged.data, ...rest.data].map((x: { page: string }) => x.page)).toEqual([
      '/pricing',
      '/start',
      '/about',
    ]);
  });

  it('answers 304 to its ETag, 404 for a project the key cannot read, problem+json for a bad range', async () => {
    for (const path of ['stats/crawlers', 'stats/referrals', 'stats/pages']) {
      const r = await h.get(`/v1/projects/${p}/${path}?${RANGE}`, key);
      expect(r.statusCode).toBe(200);
      const etag = r.headers.etag as string;
      expect(etag).toBeTruthy();
      expect(
        (await h.get(`/v1/projects/${p}/${path}?${RANGE}`, key, { 'if-none-match': etag })).statusCode,
      ).toBe(304);
      const other = await h.account();
      expect((await h.get(`/v1/projects/${p}/${path}`, other.key)).statusCode).toBe(404);
      const wide = await h.get(`/v1/projects/${p}/${path}?from=2025-01-01&to=2026-06-14`, key);
      expect(wide.statusCode).toBe(400);
      expect(wide.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(wide.json().code).toBe('range_too_wide');
    }
  });

  it('changes its ETag when a new batch lands', async () => {
    const before = (await h.get(`/v1/projects/${p}/stats/crawlers?${RANGE}`, key)).headers.etag;
    expect(
      (await post(hit('2026-06-14T20:00:00Z', shippedAddress('openai-gptbot', 10), '/pricing', 200, GPTBOT)))
        .statusCode,
    ).toBe(202);
    const after = await h.get(`/v1/projects/${p}/stats/crawlers?${RANGE}`, key, {
      'if-none-match': before as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().data[0]).toMatchObject({ agent: 'GPTBot', hits: 5 });
  });
});
