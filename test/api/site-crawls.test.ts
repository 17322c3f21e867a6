import { afterEach, describe, expect, it } from 'vitest';
import { CheckedIn } from '../../server/contract/host-sync.ts';
import { HostCrawl } from '../../server/contract/host-site-crawls.ts';
import { SiteCrawlResource, SitePageList, SiteStatus } from '../../server/contract/site.ts';
import { expireSiteCrawls } from '../../server/domain/site-crawl-expiry.ts';
import { BASE } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';
import { crawlSummary, sitePage } from '../support/site-crawl-result.ts';
import { siteHost, type SiteHost } from '../support/site-crawl-host.ts';

let h: RunHarness;
let site: SiteHost;
let key: string;
let accountId: string;
let projectId: string;

const hostCall = (url: string, body?: unknown, bearer?: string) => site.hostCall(url, body, bearer);

const checkIn = (siteSchedule?: unknown) =>
  hostCall('/check-in', {
    agentVersion: '1.0.1',
    engineIds: ['chatgpt-local-fetch'],
    ...(siteSchedule !== undefined && { siteSchedule }),
  });

async function setUp() {
  h = await createRunHarness();
  site = await siteHost(h, { brandDomains: ['acme.io'] });
  ({ key, accountId, projectId } = site);
}

const storeAnswers = (sources: { engineId: string; urls: string[] }[]) => site.storeAnswers(sources);

const requestCrawl = (k = key) => h.write('POST', `/v1/projects/${projectId}/site/crawl`, k);

const claimedCrawl = () => site.claimedCrawl();

afterEach(async () => {
  await h?.close();
});

describe('requesting a site crawl', () => {
  it('is 202 queued with the host online, 409 while one is active, 404 across accounts, and needs tracking:write', async () => {
    await setUp();
    const r = await requestCrawl();
    expect(r.statusCode).toBe(202);
    const crawl = SiteCrawlResource.parse(r.json());
    expect(crawl).toMatchObject({ state: 'queued', trigger: 'manual', warning: null, pageCount: 0 });
    expect(r.headers.location).toContain(`/projects/${projectId}/site/crawls/${crawl.id}`);
    const again = await requestCrawl();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'run_in_progress', activeCrawlId: crawl.id });
    expect((await h.get(`/v1/projects/${projectId}/site/crawls/${crawl.id}`, key)).json()).toEqual(crawl);

    const readOnly = await h.key(accountId, ['visibility:read']);
    expect((await requestCrawl(readOnly)).statusCode).toBe(403);
    const other = await h.account('premium');
    for (const url of ['/site', '/site/pages', `/site/crawls/${crawl.id}`]) {
      expect((await h.get(`/v1/projects/${projectId}${url}`, other.key)).statusCode, url).toBe(404);
    }
    expect((await requestCrawl(other.key)).statusCode).toBe(404);
    const theirs = await createProject(h.store, other.accountId, { name: 'Theirs' });
    expect((await h.get(`/v1/projects/${theirs.id}/site/crawls/${crawl.id}`, other.key)).statusCode).toBe(
      404,
    );
  });

  it('waits for the host with a warning while it is off; its check-in queues the crawl', async () => {
    await setUp();
    h.clock.advance(5 * 60_000);
    const crawl = SiteCrawlResource.parse((await requestCrawl()).json());
    expect(crawl.state).toBe('waiting_for_host');
    expect(crawl.warning).toMatch(/host computer is off/);
    // An agent that does not crawl is not handed crawls, and the crawl keeps waiting for one that does.
    expect(CheckedIn.parse((await checkIn()).json()).siteCrawls).toBeUndefined();
    const get = async () => (await h.get(`/v1/projects/${projectId}/site/crawls/${crawl.id}`, key)).json();
    expect((await get()).state).toBe('waiting_for_host');
    const checked = CheckedIn.parse((await checkIn([])).json());
    expect(checked.siteCrawls).toEqual([
      { id: crawl.id, projectId, state: 'queued', createdAt: crawl.createdAt },
    ]);
    expect(await get()).toMatchObject({ state: 'queued', warning: null });
  });

  it('fails a crawl no host started, or whose host went away, after 24 hours; the next one may start', async () => {
    await setUp();
    h.clock.advance(5 * 60_000);
    const waiting = SiteCrawlResource.parse((await requestCrawl()).json());
    const get = async (id: string) =>
      (await h.get(`/v1/projects/${projectId}/site/crawls/${id}`, key)).json();
    // Other tests' crawls may share the database: each crawl's state is checked, not how many ended.
    h.clock.advance(23 * 3_600_000);
    await expireSiteCrawls(h.store, h.clock, BASE);
    expect((await get(waiting.id)).state).toBe('waiting_for_host');
    h.clock.advance(3_600_000);
    expect(await expireSiteCrawls(h.store, h.clock, BASE)).toBeGreaterThanOrEqual(1);
    expect(await get(waiting.id)).toMatchObject({ state: 'failed', error: { code: 'host_unavailable' } });

    await checkIn([]);
    const claimed = await claimedCrawl();
    h.clock.advance(24 * 3_600_000 + 60_000);
    await expireSiteCrawls(h.store, h.clock, BASE);
    expect(await get(claimed.crawlId)).toMatchObject({
      state: 'failed',
      error: { code: 'host_unavailable', message: expect.stringMatching(/stopped checking in/) },
    });
    expect((await requestCrawl()).statusCode).toBe(202);
  });

  it('is 409 host_required for a project without a host computer', async () => {
    await setUp();
    const lone = await createProject(h.store, accountId, { name: 'Lone' });
    const r = await h.write('POST', `/v1/projects/${lone.id}/site/crawl`, key);
    // Pairing gave the account's projects the host; a project made after it has none.
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('host_required');
  });
});

describe('the host runs the crawl', () => {
  it('claims it with the cited brand pages, uploads pages once each, finishes it; the reads show it', async () => {
    await setUp();
    await storeAnswers([
      { engineId: 'chatgpt-local-fetch', urls: ['https://acme.example/pricing?utm_source=chatgpt.com'] },
      { engineId: 'chatgpt-local-fetch', urls: ['https://acme.example/pricing', 'https://other.example/x'] },
      { engineId: 'perplexity-local-fetch', urls: ['https://www.acme.example/gone#top'] },
    ]);
    const status = async () => SiteStatus.parse((await h.get(`/v1/projects/${projectId}/site`, key)).json());
    expect(await status()).toMatchObject({ state: 'never_crawled', lastCrawl: null, pages: 0 });

    const claimed = await claimedCrawl();
    expect(claimed).toMatchObject({ websiteUrl: 'https://acme.example', brandDomains: ['acme.io'] });
    expect(claimed.citedUrls).toEqual(['https://acme.example/pricing', 'https://www.acme.example/gone']);
    expect((await hostCall(`/site-crawls/${claimed.crawlId}/claim`)).statusCode).toBe(200);
    expect((await status()).state).toBe('running');

    const pages = [
      sitePage('https://acme.example/', { source: 'home' }),
      sitePage('https://acme.example/pricing', { source: 'cited' }),
      sitePage('https://www.acme.example/gone', { source: 'cited', status: 404, title: null }),
      ...Array.from({ length: 120 }, (_, i) =>
        sitePage(`https://acme.example/blog/${String(i).padStart(3, '0')}`),
      ),
    ];
    const first = await hostCall(`/site-crawls/${claimed.crawlId}/pages`, { pages: pages.slice(0, 100) });
    expect(first.json()).toEqual({ stored: 100, duplicates: 0 });
    // The same batch again (its answer was lost) and an overlapping one store nothing twice.
    expect(
      (await hostCall(`/site-crawls/${claimed.crawlId}/pages`, { pages: pages.slice(0, 100) })).json(),
    ).toEqual({
      stored: 0,
      duplicates: 100,
    });
    expect(
      (await hostCall(`/site-crawls/${claimed.crawlId}/pages`, { pages: pages.slice(90) })).json(),
    ).toEqual({
      stored: 23,
      duplicates: 10,
    });
    const findings = [
      {
        type: 'cited_page_error',
        pages: ['https://www.acme.example/gone'],
        count: 1,
        agent: null,
        detail: '404',
      },
      {
        type: 'missing_title',
        pages: ['https://www.acme.example/gone'],
        count: 1,
        agent: null,
        detail: null,
      },
      { type: 'ai_agent_blocked', pages: ['https://acme.example/'], count: 1, agent: 'GPTBot', detail: null },
    ];
    const result = crawlSummary(claimed.crawlId, { findings: findings as never });
    const tooFew = await hostCall(`/site-crawls/${claimed.crawlId}/finish`, { result, pageCount: 124 });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().detail).toMatch(/124 pages and 123 were uploaded/);
    const finish = await hostCall(`/site-crawls/${claimed.crawlId}/finish`, { result, pageCount: 123 });
    expect(finish.json()).toEqual({ crawlId: claimed.crawlId, state: 'completed' });
    expect(
      (await hostCall(`/site-crawls/${claimed.crawlId}/finish`, { result, pageCount: 123 })).json(),
    ).toEqual(finish.json());
    expect(
      (await hostCall(`/site-crawls/${claimed.crawlId}/pages`, { pages: pages.slice(0, 1) })).statusCode,
    ).toBe(409);

    const site = await status();
    expect(site).toMatchObject({
      state: 'completed',
      activeCrawl: null,
      lastCrawl: { id: claimed.crawlId, state: 'completed', pageCount: 123 },
      pages: 123,
      llmsTxt: { present: true },
      agents: [{ agent: 'GPTBot', home: false }],
    });
    expect(site.findingCounts).toMatchObject({
      cited_page_error: 1,
      missing_title: 1,
      ai_agent_blocked: 1,
      needs_javascript: 0,
    });
    expect(site.findings).toHaveLength(3);

    const list = async (query: string) => {
      const r = await h.get(`/v1/projects/${projectId}/site/pages${query}`, key);
      expect(r.statusCode, query).toBe(200);
      return SitePageList.parse(r.json());
    };
    const cited = await list('?cited=true');
    expect(cited.data.map((p) => [p.url, p.citations])).toEqual([
      ['https://acme.example/pricing', { total: 2, engines: { 'chatgpt-local-fetch': 2 } }],
      ['https://www.acme.example/gone', { total: 1, engines: { 'perplexity-local-fetch': 1 } }],
    ]);
    expect((await list('?status=404')).data.map((p) => [p.url, p.findings])).toEqual([
      ['https://www.acme.example/gone', ['cited_page_error', 'missing_title']],
    ]);
    expect((await list('?finding=ai_agent_blocked')).data.map((p) => p.url)).toEqual([
      'https://acme.example/',
    ]);
    expect((await list('?cited=false&limit=200')).data).toHaveLength(121);

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.data.map((p) => p.url));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(123);
    expect(new Set(seen).size).toBe(123);
    expect([...seen].sort()).toEqual(seen);
    const firstPage = await list('?limit=50&cited=false');
    const refused = await h.get(
      `/v1/projects/${projectId}/site/pages?limit=50&cited=true&cursor=${firstPage.nextCursor}`,
      key,
    );
    expect(refused.statusCode).toBe(400);

    // The next crawl may start now that this one ended.
    expect((await requestCrawl()).statusCode).toBe(202);
  });

  it('refuses bad uploads with 400 and stores nothing', async () => {
    await setUp();
    const claimed = await claimedCrawl();
    const url = `/site-crawls/${claimed.crawlId}/pages`;
    const bad = [
      { pages: [] },
      { pages: [{ ...sitePage('https://acme.example/'), status: 'ok' }] },
      { pages: [sitePage('https://acme.example/a'), { ...sitePage('https://acme.example/b'), extra: 1 }] },
      { pages: Array.from({ length: 101 }, (_, i) => sitePage(`https://acme.example/${i}`)) },
    ];
    for (const body of bad) expect((await hostCall(url, body)).statusCode).toBe(400);
    const wrongId = await hostCall(`/site-crawls/${claimed.crawlId}/finish`, {
      result: crawlSummary('crwOther'),
      pageCount: 0,
    });
    expect(wrongId.statusCode).toBe(400);
    const noFindingsList = await hostCall(`/site-crawls/${claimed.crawlId}/finish`, {
      result: { ...crawlSummary(claimed.crawlId), findings: undefined },
      pageCount: 0,
    });
    expect(noFindingsList.statusCode).toBe(400);
    expect(await h.store.siteCrawls.pageCount(claimed.crawlId)).toBe(0);
    expect((await h.get(`/v1/projects/${projectId}/site/crawls/${claimed.crawlId}`, key)).json().state).toBe(
      'running',
    );
    expect((await hostCall('/site-crawls/crwNope/claim')).statusCode).toBe(404);
    expect(
      (await hostCall(url, { pages: [sitePage('https://acme.example/')] }, 'awh_' + 'z'.repeat(40)))
        .statusCode,
    ).toBe(401);
  });

  it('holds a crawl to 10,000 pages: the batch past it is refused whole, a batch sent again is not', async () => {
    await setUp();
    const claimed = await claimedCrawl();
    const url = `/site-crawls/${claimed.crawlId}/pages`;
    const batch = (n: number) =>
      Array.from({ length: 100 }, (_, i) => sitePage(`https://acme.example/p/${n}/${i}`));
    for (let n = 0; n < 100; n++) expect((await hostCall(url, { pages: batch(n) })).statusCode).toBe(200);
    expect((await hostCall(url, { pages: batch(99) })).json()).toEqual({ stored: 0, duplicates: 100 });
    const over = await hostCall(url, {
      pages: [...batch(99).slice(1), sitePage('https://acme.example/one-more')],
    });
    expect(over.statusCode).toBe(400);
    expect(await h.store.siteCrawls.pageCount(claimed.crawlId)).toBe(10_000);
  }, 60_000);

  it('records a failed crawl with its error', async () => {
    await setUp();
    const claimed = await claimedCrawl();
    const result = crawlSummary(claimed.crawlId, {
      outcome: 'failed',
      error: { code: 'site_unreachable', message: 'acme.example did not answer' },
      llmsTxt: null,
      agents: [],
    });
    expect(
      (await hostCall(`/site-crawls/${claimed.crawlId}/finish`, { result, pageCount: 0 })).json().state,
    ).toBe('failed');
    const site = SiteStatus.parse((await h.get(`/v1/projects/${projectId}/site`, key)).json());
    expect(site).toMatchObject({
      state: 'failed',
      lastCrawl: { state: 'failed', error: { code: 'site_unreachable' } },
      crawledAt: null,
      pages: 0,
    });
  });

  it('takes the host’s own weekly crawls once per clientCrawlId and shows its next one', async () => {
    await setUp();
    const next = '2026-07-01T03:00:00.000Z';
    expect((await checkIn([{ projectId, nextCrawlAt: next }])).statusCode).toBe(200);
    const body = { clientCrawlId: 'local-crawl-0001' };
    const first = await hostCall(`/projects/${projectId}/site-crawls`, body);
    expect(first.statusCode).toBe(200);
    const crawl = HostCrawl.parse(first.json());
    expect(HostCrawl.parse((await hostCall(`/projects/${projectId}/site-crawls`, body)).json()).crawlId).toBe(
      crawl.crawlId,
    );
    const busy = await hostCall(`/projects/${projectId}/site-crawls`, { clientCrawlId: 'local-crawl-0002' });
    expect(busy.statusCode).toBe(409);
    expect((await requestCrawl()).statusCode).toBe(409);
    const site = SiteStatus.parse((await h.get(`/v1/projects/${projectId}/site`, key)).json());
    expect(site).toMatchObject({
      state: 'running',
      nextCrawlAt: next,
      activeCrawl: { id: crawl.crawlId, trigger: 'scheduled', requestedBy: null },
    });
    const other = await createProject(h.store, accountId, { name: 'Other' });
    expect((await hostCall(`/projects/${other.id}/site-crawls`, body)).statusCode).toBe(404);
  });
});
