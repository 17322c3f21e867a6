import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { insightProject, PROMPTS, TEXTS } from '../support/insights.ts';

const [P0, P1] = [PROMPTS[0]!.text, PROMPTS[1]!.text];
const URLS = {
  g2Compare: 'https://www.g2.com/compare/acme-vs-globex',
  g2Category: 'https://www.g2.com/categories/crm',
  reddit: 'https://www.reddit.com/r/startups/comments/1b2c3d/which_crm_do_you_use/',
  pricing: 'https://acme.com/pricing',
  nytimes: 'https://www.nytimes.com/2026/06/01/technology/crm-startups.html',
  wikipedia: 'https://en.wikipedia.org/wiki/Customer_relationship_management',
  globex: 'https://globex.com/',
  capterra: 'https://www.capterra.com/customer-relationship-management-software/',
};
/** The range of the by-type checks and the ten days before it, which the change is measured against. */
const RANGE = 'from=2026-06-01&to=2026-06-10';

describe('source types and page kinds', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const get = async (path: string, k = key) => {
    const r = await h.get(`/v1/projects/${p}${path}`, k);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const refused = async (r: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(r.headers['content-type']).toBe('application/problem+json');
    return { status: r.statusCode, ...(r.json() as { code: string; detail?: string }) };
  };

  beforeAll(async () => {
    h = await createHarness();
    ({
      key,
      accountId,
      projectId: p,
    } = await insightProject(h, [
      // The range.
      {
        day: '2026-06-02',
        engine: 'chatgpt',
        prompt: P0,
        text: TEXTS.acmeFirst,
        sources: [URLS.g2Compare, URLS.reddit, URLS.pricing],
      },
      {
        day: '2026-06-03',
        engine: 'chatgpt',
        prompt: P1,
        text: TEXTS.nobody,
        sources: [URLS.nytimes, URLS.g2Category],
      },
      {
        day: '2026-06-04',
        engine: 'gemini',
        prompt: P0,
        text: TEXTS.rivalsOnly,
        sources: [URLS.wikipedia, URLS.globex, URLS.capterra],
      },
      { day: '2026-06-05', engine: 'gemini', prompt: P1, text: TEXTS.nobody, sources: [URLS.reddit] },
      // The period before (2026-05-22 to 2026-05-31).
      {
        day: '2026-05-25',
        engine: 'chatgpt',
        prompt: P0,
        text: TEXTS.nobody,
        sources: [URLS.g2Category, URLS.reddit],
      },
      { day: '2026-05-28', engine: 'gemini', prompt: P0, text: TEXTS.nobody, sources: [URLS.wikipedia] },
      // Before both: counted in neither.
      { day: '2026-05-10', engine: 'chatgpt', prompt: P0, text: TEXTS.nobody, sources: [URLS.g2Category] },
    ]));
  });
  afterAll(() => h.close());

  it('gives each domain row its type, from the project, the shipped list and the rules', async () => {
    const body = await get(`/stats/sources?${RANGE}`);
    const types = Object.fromEntries(
      body.data.map((r: { domain: string; type: string }) => [r.domain, r.type]),
    );
    expect(types).toEqual({
      'g2.com': 'review',
      'reddit.com': 'ugc',
      'acme.com': 'own',
      'nytimes.com': 'editorial',
      'wikipedia.org': 'reference',
      'globex.com': 'competitor',
      'capterra.com': 'review',
    });
    expect(body.data.every((r: { pageKind: unknown }) => r.pageKind === null)).toBe(true);
  });

  it('gives each URL row its page kind, and filters by type and page kind', async () => {
    const byUrl = await get(`/stats/sources?${RANGE}&groupBy=url&limit=200`);
    const kinds = Object.fromEntries(
      byUrl.data.map((r: { url: string; pageKind: string }) => [r.url, r.pageKind]),
    );
    expect(kinds).toEqual({
      [URLS.g2Compare]: 'comparison',
      [URLS.g2Category]: 'other',
      [URLS.reddit]: 'discussion',
      [URLS.pricing]: 'pricing',
      [URLS.nytimes]: 'news',
      [URLS.wikipedia]: 'other',
      [URLS.globex]: 'other',
      [URLS.capterra]: 'other',
    });
    const reviews = await get(`/stats/sources?${RANGE}&type=review`);
    expect(reviews.data.map((r: { domain: string; answers: number }) => [r.domain, r.answers])).toEqual([
      ['g2.com', 2],
      ['capterra.com', 1],
    ]);
    const threads = await get(`/stats/sources?${RANGE}&groupBy=url&pageKind=discussion`);
    expect(threads.data).toEqual([
      expect.objectContaining({ url: URLS.reddit, type: 'ugc', pageKind: 'discussion', answers: 2 }),
    ]);
    const reviewComparisons = await get(
      `/stats/sources?${RANGE}&groupBy=url&type=review&pageKind=comparison`,
    );
    expect(reviewComparisons.data.map((r: { url: string }) => r.url)).toEqual([URLS.g2Compare]);
  });

  it("gives each type's share of the citations per engine, with its change against the period before", async () => {
    const r = await h.get(`/v1/projects/${p}/stats/sources?${RANGE}&groupBy=type`, key);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      from: '2026-06-01',
      to: '2026-06-10',
      previous: { from: '2026-05-22', to: '2026-05-31' },
      groupBy: 'type',
    });
    // Now: chatgpt cites g2 twice, reddit, acme.com and nytimes (5); gemini wikipedia, globex, capterra and
    // reddit (4). Before: chatgpt g2 and reddit (2), gemini wikipedia (1).
    expect(body.data.map((t: { type: string }) => t.type)).toEqual([
      'review',
      'ugc',
      'reference',
      'competitor',
      'editorial',
      'own',
    ]);
    const row = (type: string) => body.data.find((t: { type: string }) => t.type === type);
    const close = (got: Record<string, number | null>, want: Record<string, number | null>) => {
      for (const [name, value] of Object.entries(want)) {
        if (value === null) expect(got[name], name).toBeNull();
        else expect(got[name], name).toBeCloseTo(value, 12);
      }
    };
    close(row('review'), {
      citations: 3,
      share: 3 / 9,
      previousCitations: 1,
      previousShare: 1 / 3,
      change: 0,
    });
    close(row('ugc'), {
      citations: 2,
      share: 2 / 9,
      previousCitations: 1,
      previousShare: 1 / 3,
      change: -1 / 9,
    });
    close(row('reference'), { citations: 1, share: 1 / 9, previousShare: 1 / 3, change: -2 / 9 });
    close(row('own'), { citations: 1, share: 1 / 9, previousCitations: 0, previousShare: 0, change: 1 / 9 });
    const engine = (type: string, id: string) =>
      row(type).engines.find((e: { engineId: string }) => e.engineId === id);
    expect(row('review').engines.map((e: { engineId: string }) => e.engineId)).toEqual(['chatgpt', 'gemini']);
    close(engine('review', 'chatgpt'), { citations: 2, share: 2 / 5, previousShare: 1 / 2, change: -0.1 });
    close(engine('review', 'gemini'), { citations: 1, share: 1 / 4, previousShare: 0, change: 0.25 });
    close(engine('ugc', 'chatgpt'), { citations: 1, share: 1 / 5, previousShare: 1 / 2, change: -0.3 });
    close(engine('reference', 'chatgpt'), { citations: 0, share: 0, previousShare: 0, change: 0 });
    close(engine('reference', 'gemini'), { citations: 1, share: 1 / 4, previousShare: 1, change: -0.75 });
    const shares = body.data.reduce((a: number, t: { share: number }) => a + t.share, 0);
    expect(shares).toBeCloseTo(1, 12);

    const gemini = await get(`/stats/sources?${RANGE}&groupBy=type&engine=gemini`);
    expect(gemini.data.map((t: { type: string; citations: number }) => [t.type, t.citations])).toEqual([
      ['reference', 1],
      ['competitor', 1],
      ['review', 1],
      ['ugc', 1],
    ]);
    const again = await h.get(`/v1/projects/${p}/stats/sources?${RANGE}&groupBy=type`, key, {
      'if-none-match': String(r.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('replaces the overrides with PUT, lists them with GET, and every read sees them at once', async () => {
    expect(await get('/source-types')).toEqual({ data: [] });
    // Read (and cache) first: the change must still show.
    expect(
      (await get(`/stats/sources?${RANGE}&type=editorial`)).data.map((r: { domain: string }) => r.domain),
    ).toEqual(['nytimes.com']);
    const put = await h.write('PUT', `/v1/projects/${p}/source-types`, key, [
      { domain: 'https://www.reddit.com/r/startups', type: 'editorial' },
      { domain: 'acme.com', type: 'review' },
      { domain: 'example-widgets.com', type: 'corporate' },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    const listed = {
      data: [
        { domain: 'acme.com', type: 'review' },
        { domain: 'example-widgets.com', type: 'corporate' },
        { domain: 'reddit.com', type: 'editorial' },
      ],
    };
    expect(put.json()).toEqual(listed);
    expect(await get('/source-types')).toEqual(listed);
    const editorial = await get(`/stats/sources?${RANGE}&type=editorial`);
    expect(editorial.data.map((r: { domain: string }) => r.domain)).toEqual(['reddit.com', 'nytimes.com']);
    // The project's own domain stays own whatever an override says.
    expect(
      (await get(`/stats/sources?${RANGE}&type=own`)).data.map((r: { domain: string }) => r.domain),
    ).toEqual(['acme.com']);
    const types = await get(`/stats/sources?${RANGE}&groupBy=type`);
    expect(types.data.map((t: { type: string; citations: number }) => [t.type, t.citations])).toEqual([
      ['editorial', 3],
      ['review', 3],
      ['reference', 1],
      ['competitor', 1],
      ['own', 1],
    ]);

    // A PUT replaces the whole list.
    const second = await h.write('PUT', `/v1/projects/${p}/source-types`, key, [
      { domain: 'g2.com', type: 'other' },
    ]);
    expect(second.json()).toEqual({ data: [{ domain: 'g2.com', type: 'other' }] });
    const after = await get(`/stats/sources?${RANGE}`);
    const typeOf = (d: string) => after.data.find((r: { domain: string }) => r.domain === d)?.type;
    expect([typeOf('reddit.com'), typeOf('g2.com')]).toEqual(['ugc', 'other']);
    expect((await h.write('PUT', `/v1/projects/${p}/source-types`, key, [])).json()).toEqual({ data: [] });
  });

  it('answers a project the key cannot read with 404, and a write without tracking:write with 403', async () => {
    const other = await h.account();
    for (const r of [
      await h.get(`/v1/projects/${p}/source-types`, other.key),
      await h.write('PUT', `/v1/projects/${p}/source-types`, other.key, []),
      await h.get(`/v1/projects/${p}/stats/sources?groupBy=type`, other.key),
      await h.get(`/v1/projects/prj_missing/source-types`, key),
    ])
      expect(await refused(r)).toMatchObject({ status: 404, code: 'not_found' });
    const second = await createProject(h.store, accountId);
    const elsewhere = await h.key(accountId, ALL_SCOPES, [second.id]);
    expect(await refused(await h.get(`/v1/projects/${p}/source-types`, elsewhere))).toMatchObject({
      status: 404,
    });
    const readOnly = await h.key(accountId, ['visibility:read']);
    expect(await refused(await h.write('PUT', `/v1/projects/${p}/source-types`, readOnly, []))).toMatchObject(
      {
        status: 403,
      },
    );
    expect((await h.get(`/v1/projects/${p}/source-types`, readOnly)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 problem+json and keeps the list it had', async () => {
    const put = (body: unknown) => h.write('PUT', `/v1/projects/${p}/source-types`, key, body);
    expect((await put([{ domain: 'g2.com', type: 'review' }])).statusCode).toBe(200);
    const bad = [
      [{ domain: 'g2.com', type: 'own' }],
      [{ domain: 'g2.com', type: 'blog' }],
      [{ domain: 'not a domain', type: 'review' }],
      [{ domain: 'localhost', type: 'review' }],
      [{ domain: 'g2.com' }],
      [
        { domain: 'G2.com', type: 'review' },
        { domain: 'https://www.g2.com/compare', type: 'ugc' },
      ],
      { domain: 'g2.com', type: 'review' },
    ];
    for (const body of bad)
      expect(await refused(await put(body)), JSON.stringify(body)).toMatchObject({
        status: 400,
        code: 'invalid_parameter',
      });
    expect((await refused(await put(bad[5]))).detail).toContain('listed twice');
    expect(await get('/source-types')).toEqual({ data: [{ domain: 'g2.com', type: 'review' }] });

    for (const q of ['type=blog', 'pageKind=forum', 'groupBy=kind'])
      expect(await refused(await h.get(`/v1/projects/${p}/stats/sources?${q}`, key)), q).toMatchObject({
        status: 400,
        code: 'invalid_parameter',
      });
    for (const q of [
      'pageKind=news',
      'groupBy=domain&pageKind=news',
      'groupBy=type&class=own',
      'groupBy=type&type=ugc',
    ])
      expect(await refused(await h.get(`/v1/projects/${p}/stats/sources?${q}`, key)), q).toMatchObject({
        status: 400,
        code: 'unsupported_filter_combination',
      });
  });
});
