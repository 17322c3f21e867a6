import { afterEach, describe, expect, it } from 'vitest';
import { crawlSite } from '../../../app/agent/crawl/crawl.ts';
import type { LocalStore } from '../../../app/agent/local-store.ts';
import type { SiteCrawl } from '../../../server/contract/site-crawl.ts';
import { hugePage, html, redirect, silent } from '../../fakes/site/pages.ts';
import { startFakeSite, type FakeSite, type Route } from '../../fakes/site/server.ts';
import { crawlOptions, memoryStore } from './harness.ts';

const home = (links: string[]) =>
  html(`<title>Home</title><h1>Home</h1>${links.map((l) => `<a href="${l}">x</a>`).join('')}`);

describe('bad input never hangs a crawl: each is a finding or the crawl’s error', () => {
  const open: { site?: FakeSite; store?: LocalStore }[] = [];
  afterEach(async () => {
    for (const { site, store } of open.splice(0)) {
      await site?.close();
      await store?.close();
    }
  });

  async function crawl(routes: Record<string, Route>, over: Parameters<typeof crawlOptions>[2] = {}) {
    const site = await startFakeSite(routes);
    const store = await memoryStore();
    open.push({ site, store });
    const started = performance.now();
    const result = await crawlSite(crawlOptions(site, store, over));
    return { site, result, ms: performance.now() - started };
  }
  const page = (result: SiteCrawl, site: FakeSite, path: string) =>
    result.pages.find((p) => p.url === `${site.origin}${path}`);

  it('a site that is down fails the crawl as site_unreachable', async () => {
    const gone = await startFakeSite({});
    await gone.close();
    const store = await memoryStore();
    open.push({ store });
    const result = await crawlSite(crawlOptions(gone, store));
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'site_unreachable' }, pages: [] });
    expect(result.error!.message).toMatch(/did not answer: connection failed \(ECONNREFUSED\)/);
  });

  it('a private address is refused without the development switch, before any request', async () => {
    const { site, result } = await crawl(
      { '/': home([]) },
      { settings: { maxPages: 500, allowPrivate: false } },
    );
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'address_refused' } });
    expect(result.error!.message).toMatch(/resolves to 127\.0\.0\.1, which is not allowed/);
    expect(site.requests).toEqual([]);
  });

  it('a website that is not a web address fails as invalid_website', async () => {
    const store = await memoryStore();
    open.push({ store });
    for (const websiteUrl of ['ftp://files.test/', '', 'https://']) {
      const result = await crawlSite(crawlOptions({ origin: '' }, store, { websiteUrl }));
      expect(result).toMatchObject({ outcome: 'failed', error: { code: 'invalid_website' }, websiteUrl });
    }
  });

  it('robots.txt answering 5xx keeps the crawler out (RFC 9309): robots_unavailable', async () => {
    const { site, result } = await crawl({ '/robots.txt': html('down', 503), '/': home([]) });
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'robots_unavailable' } });
    expect(site.hits('/')).toBe(0);
  });

  it('a redirect loop is the page’s error and a page_unreachable finding', async () => {
    const { site, result } = await crawl({
      '/': home(['/loop-a']),
      '/loop-a': redirect('/loop-b', 302),
      '/loop-b': redirect('/loop-a', 302),
    });
    expect(result.outcome).toBe('completed');
    expect(page(result, site, '/loop-a')).toMatchObject({
      error: 'redirect_loop',
      status: null,
      redirects: 2,
    });
    expect(result.findings).toContainEqual(
      expect.objectContaining({ type: 'page_unreachable', pages: [`${site.origin}/loop-a`] }),
    );
    expect(site.hits('/loop-a')).toBe(1);
    expect(site.hits('/loop-b')).toBe(1);
  });

  it('a 50 MB page is read to 5 MB, recorded as truncated and named as page_too_large', async () => {
    const { site, result, ms } = await crawl({ '/': home(['/huge']), '/huge': hugePage(50 * 1024 * 1024) });
    expect(page(result, site, '/huge')).toMatchObject({
      status: 200,
      truncated: true,
      bytes: 5 * 1024 * 1024,
    });
    expect(result.findings).toContainEqual(
      expect.objectContaining({ type: 'page_too_large', pages: [`${site.origin}/huge`] }),
    );
    expect(ms).toBeLessThan(20_000);
  });

  it('a sitemap that is not XML is a sitemap_invalid finding; the crawl goes on', async () => {
    const { site, result } = await crawl({
      '/': home([]),
      '/sitemap.xml': html('<html><body>Welcome</body></html>'),
    });
    expect(result.outcome).toBe('completed');
    expect(result.sitemaps).toEqual([
      expect.objectContaining({ url: `${site.origin}/sitemap.xml`, kind: 'invalid', status: 200 }),
    ]);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ type: 'sitemap_invalid', pages: [`${site.origin}/sitemap.xml`] }),
    );
  });

  it('a page that never answers times out as the page’s error', async () => {
    const { site, result, ms } = await crawl({ '/': home(['/slow']), '/slow': silent }, { timeoutMs: 400 });
    expect(page(result, site, '/slow')).toMatchObject({ error: 'timeout', status: null });
    expect(result.findings).toContainEqual(
      expect.objectContaining({ type: 'page_unreachable', pages: [`${site.origin}/slow`] }),
    );
    expect(ms).toBeLessThan(10_000);
  });

  it('stops at the page limit and says so', async () => {
    const { site, result } = await crawl(
      { '/': home(['/a', '/b', '/c']), '/a': home([]), '/b': home([]), '/c': home([]) },
      { settings: { maxPages: 2, allowPrivate: true } },
    );
    expect(result.pages.map((p) => p.url)).toEqual([`${site.origin}/`, `${site.origin}/a`]);
    expect(result.pageLimitReached).toBe(true);
    expect(site.hits('/b')).toBe(0);
  });

  it('a render that never ends or fails leaves the page as read; the crawl goes on', async () => {
    const thin = html('<title>Thin</title><div id="app"></div>');
    const { site, result, ms } = await crawl(
      { '/': home(['/hangs', '/fails']), '/hangs': thin, '/fails': thin },
      {
        renderTimeoutMs: 300,
        // The first ignores its signal: the crawl's own deadline ends the wait.
        render: async (url) => {
          if (url.endsWith('/hangs')) return new Promise<string>(() => undefined);
          throw new Error('browser crashed');
        },
      },
    );
    expect(result.outcome).toBe('completed');
    expect(page(result, site, '/hangs')).toMatchObject({ status: 200, wordsRendered: null });
    expect(page(result, site, '/fails')).toMatchObject({ status: 200, wordsRendered: null });
    expect(ms).toBeLessThan(5_000);
  });
});
