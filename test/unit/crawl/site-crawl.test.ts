import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite } from '../../../app/agent/crawl/crawl.ts';
import { createChromiumRenderer, type Renderer } from '../../../app/agent/crawl/render.ts';
import type { LocalStore } from '../../../app/agent/local-store.ts';
import { crawlerUserAgent, SiteCrawl, type SitePage } from '../../../server/contract/site-crawl.ts';
import { BRAND_SITE } from '../../fakes/site/pages.ts';
import { SITE_HOST, startFakeSite, toLoopback, type FakeSite } from '../../fakes/site/server.ts';
import { requireBrowser } from '../../support/browser.ts';
import { crawlOptions, memoryStore, virtualClock } from './harness.ts';

const browser = requireBrowser();

/** Chromium trusts the fake site's certificate by its public key (the test CA is not in its store). */
function trustTestCertificate(): string {
  const pem = readFileSync(fileURLToPath(new URL('../../fakes/certs/server.pem', import.meta.url)));
  const spki = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`;
}

describe.skipIf(browser === null)(
  'a crawl of the brand site, pages with little text rendered in Chromium',
  () => {
    let site: FakeSite;
    let store: LocalStore;
    let renderer: Renderer;
    let result: SiteCrawl;
    const clock = virtualClock();
    const requestTimes: { path: string; at: number }[] = [];
    const page = (path: string): SitePage => {
      const found = result.pages.find((p) => p.url === `${site.origin}${path}`);
      if (!found) throw new Error(`no page ${path} in ${result.pages.map((p) => p.url).join(', ')}`);
      return found;
    };

    beforeAll(async () => {
      site = await startFakeSite(BRAND_SITE, (request) =>
        requestTimes.push({ path: request.path, at: clock.now() }),
      );
      store = await memoryStore();
      renderer = createChromiumRenderer({
        userAgent: crawlerUserAgent('https://answerwatch.test/docs'),
        allowPrivate: true,
        resolve: toLoopback,
        executablePath: browser!,
        args: [trustTestCertificate(), `--host-resolver-rules=MAP ${SITE_HOST} 127.0.0.1`],
      });
      result = await crawlSite(
        crawlOptions(site, store, {
          clock,
          render: renderer.render,
          citedUrls: [
            `${site.origin}/noindex`,
            `${site.origin}/cited-404`,
            `${site.origin}/moved`,
            `${site.origin}/pricing`,
            'https://elsewhere.example/cited',
          ],
        }),
      );
    }, 120_000);
    afterAll(async () => {
      await renderer?.close();
      await store?.close();
      await site?.close();
    });

    it('completes with a result the contract accepts, as JSON unchanged', () => {
      expect(result.outcome).toBe('completed');
      expect(result.error).toBeNull();
      expect(SiteCrawl.parse(JSON.parse(JSON.stringify(result)))).toEqual(result);
      expect(result.userAgent).toBe('AnswerwatchBot/1.0 (+https://answerwatch.test/docs)');
      expect(new Set(site.requests.filter((r) => r.path !== '/js-page').map((r) => r.userAgent))).toEqual(
        new Set([result.userAgent]),
      );
    });

    it('reads robots.txt, the sitemap index and its gzip sitemap, and llms.txt', () => {
      expect(result.robots).toMatchObject({ found: true, status: 200, crawlDelaySeconds: 1 });
      expect(result.robots!.sitemaps).toEqual([`${site.origin}/sitemap-index.xml`]);
      expect(result.sitemaps).toEqual([
        { url: `${site.origin}/sitemap-index.xml`, status: 200, kind: 'index', entries: 1, error: null },
        { url: `${site.origin}/sitemap.xml`, status: 404, kind: 'missing', entries: 0, error: 'HTTP 404' },
        { url: `${site.origin}/sitemap-pages.xml.gz`, status: 200, kind: 'urlset', entries: 6, error: null },
      ]);
      expect(result.llmsTxt).toEqual({ url: `${site.origin}/llms.txt`, present: true, status: 200 });
    });

    it('reads the same-site pages once each, and nothing robots.txt, nofollow or another site keeps it from', () => {
      const paths = result.pages.map((p) => new URL(p.url).pathname).sort();
      expect(paths).toEqual([
        '/',
        '/about',
        '/cited-404',
        '/js-page',
        '/moved',
        '/noindex',
        '/plans',
        '/pricing',
      ]);
      // Read once each; /about once more as where /moved leads, /js-page once more by Chromium.
      for (const path of paths)
        expect(site.hits(path)).toBe(path === '/js-page' || path === '/about' ? 2 : 1);
      expect(site.hits('/private/secret')).toBe(0);
      expect(site.hits('/nofollow')).toBe(0);
      expect(site.hits('/logo.png')).toBe(0);
      expect(result.disallowed).toEqual([`${site.origin}/private/secret`]);
      expect(result.citedNotCrawled).toEqual(['https://elsewhere.example/cited']);
      expect(result.pageLimitReached).toBe(false);
    });

    it('records what each page says', () => {
      expect(page('/')).toMatchObject({
        source: 'home',
        status: 200,
        title: 'Acme rockets',
        description: 'Rockets that land.',
        h1: 'Acme rockets for everyone',
        lang: 'en',
        noindex: false,
        inSitemap: true,
        lastModified: '2026-11-01',
        schemaTypes: ['Organization'],
        facts: { organizations: [{ name: 'Acme', url: 'https://acme.test' }], products: [] },
        wordsRendered: null,
      });
      expect(page('/').wordsHtml).toBeGreaterThan(80);
      expect(page('/').contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(page('/pricing')).toMatchObject({
        source: 'cited',
        schemaTypes: ['Offer', 'Product'],
        lastModified: '2026-11-04T10:00:00.000Z',
        facts: {
          products: [
            {
              name: 'Acme Rocket',
              offers: [
                { name: 'Starter', price: '19.00', currency: 'USD' },
                { name: 'Team', price: '49.00', currency: 'USD' },
              ],
            },
          ],
        },
      });
      // The brand pages keep their text for the judge's claims; the other pages do not carry it.
      expect(page('/').text).toMatch(/^.*Acme rockets for everyone/);
      expect(page('/about').text).toContain('About us');
      expect(page('/pricing').text).not.toMatch(/\s{2}|\n/);
      expect(page('/noindex')).not.toHaveProperty('text');
      expect(page('/js-page')).not.toHaveProperty('text');
      expect(page('/noindex')).toMatchObject({ noindex: true, source: 'cited' });
      expect(page('/cited-404')).toMatchObject({ status: 404, inSitemap: false, contentHash: null });
      expect(page('/moved')).toMatchObject({
        status: 200,
        redirects: 1,
        redirectedTo: `${site.origin}/about`,
        finalUrl: `${site.origin}/about`,
      });
    });

    it('renders the page that shows its text only with JavaScript, and only pages with little text', () => {
      expect(page('/js-page').wordsHtml).toBeLessThan(5);
      expect(page('/js-page').wordsRendered).toBe(90);
      expect(result.pages.filter((p) => p.wordsRendered !== null).map((p) => p.url)).toEqual([
        `${site.origin}/js-page`,
      ]);
    });

    it('tells which AI agents robots.txt keeps from the home page and the cited pages', () => {
      const gpt = result.agents.find((a) => a.agent === 'GPTBot')!;
      expect(gpt).toMatchObject({ operator: 'OpenAI', purpose: 'training', home: false });
      expect(gpt.blockedCited).toHaveLength(4);
      const claude = result.agents.find((a) => a.agent === 'ClaudeBot')!;
      expect(claude).toMatchObject({ home: true, blockedCited: [] });
      expect(result.agents.map((a) => a.agent)).toEqual(
        expect.arrayContaining(['OAI-SearchBot', 'Claude-User', 'PerplexityBot', 'Google-Extended', 'CCBot']),
      );
    });

    it('names the findings with the pages they concern', () => {
      const of = (type: string) => result.findings.filter((f) => f.type === type);
      expect(of('ai_agent_blocked')).toEqual([
        expect.objectContaining({
          agent: 'GPTBot',
          count: 5,
          pages: expect.arrayContaining([`${site.origin}/`]),
        }),
      ]);
      expect(of('cited_page_error')).toEqual([
        expect.objectContaining({ pages: [`${site.origin}/cited-404`], detail: 'HTTP 404' }),
      ]);
      expect(of('cited_page_redirected')).toEqual([
        expect.objectContaining({ pages: [`${site.origin}/moved`], detail: `${site.origin}/about` }),
      ]);
      expect(of('cited_page_noindex')).toEqual([
        expect.objectContaining({ pages: [`${site.origin}/noindex`] }),
      ]);
      expect(of('needs_javascript')).toEqual([
        expect.objectContaining({ pages: [`${site.origin}/js-page`] }),
      ]);
      expect(of('duplicate_title')).toEqual([
        expect.objectContaining({
          detail: 'Acme rockets',
          pages: [`${site.origin}/`, `${site.origin}/plans`],
        }),
      ]);
      expect(of('missing_structured_data')).toEqual([
        expect.objectContaining({ pages: [`${site.origin}/plans`] }),
      ]);
      // /moved leads to a listed page: it is cited_page_redirected instead.
      expect(of('cited_not_in_sitemap')).toEqual([
        expect.objectContaining({ pages: [`${site.origin}/cited-404`] }),
      ]);
      expect(of('missing_title')).toEqual([]);
    });

    it('keeps robots.txt’s crawl delay between every two requests, Chromium’s included (virtual time)', () => {
      expect(requestTimes.length).toBe(site.requests.length);
      expect(requestTimes.length).toBeGreaterThan(10);
      for (let i = 1; i < requestTimes.length; i += 1)
        expect(requestTimes[i]!.at - requestTimes[i - 1]!.at).toBeGreaterThanOrEqual(1000);
    });
  },
);

describe.skipIf(browser === null)('the renderer keeps to the outbound address policy', () => {
  it('the browser never reaches an address the policy refuses, not even the page itself', async () => {
    const site = await startFakeSite(BRAND_SITE);
    const renderer = createChromiumRenderer({
      userAgent: crawlerUserAgent('https://answerwatch.test/docs'),
      allowPrivate: false,
      resolve: toLoopback,
      executablePath: browser!,
      args: [trustTestCertificate(), `--host-resolver-rules=MAP ${SITE_HOST} 127.0.0.1`],
    });
    try {
      await expect(renderer.render(`${site.origin}/js-page`)).rejects.toThrow(/ERR_BLOCKED_BY_CLIENT/);
      expect(site.requests).toEqual([]);
    } finally {
      await renderer.close();
      await site.close();
    }
  }, 60_000);
});
