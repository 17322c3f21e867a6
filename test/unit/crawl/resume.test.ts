import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { crawlSite } from '../../../app/agent/crawl/crawl.ts';
import { openLocalStore } from '../../../app/agent/local-store.ts';
import { BRAND_SITE } from '../../fakes/site/pages.ts';
import { startFakeSite, type FakeSite } from '../../fakes/site/server.ts';
import { crawlOptions, virtualClock, type VirtualClock } from './harness.ts';

/** The pages the brand site has for a crawl without cited URLs and without a browser. */
const PAGES = ['/', '/about', '/js-page', '/noindex', '/plans', '/pricing'];

describe('a stopped crawl resumes from its checkpoint in the agent’s SQLite file', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function setUp(onRequest?: (path: string) => void): Promise<{ site: FakeSite; dbPath: string }> {
    const site = await startFakeSite(BRAND_SITE, (r) => onRequest?.(r.path));
    const dir = mkdtempSync(join(tmpdir(), 'answerwatch-crawl-'));
    cleanup.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => site.close(),
    );
    return { site, dbPath: join(dir, 'agent.db') };
  }

  /** Crawls until `stop` aborts it; the store is closed after, as a process that ends would leave it. */
  async function crawlUntilStopped(
    site: FakeSite,
    dbPath: string,
    arm: (abort: () => void, clock: VirtualClock) => void,
  ) {
    const store = await openLocalStore(dbPath, { env: {} });
    const controller = new AbortController();
    const clock = virtualClock();
    arm(() => controller.abort(new Error('stopped')), clock);
    const stopped = crawlSite(crawlOptions(site, store, { clock, signal: controller.signal }));
    await expect(stopped).rejects.toThrow('stopped');
    await store.close();
  }

  async function resume(site: FakeSite, dbPath: string) {
    const store = await openLocalStore(dbPath, { env: {} });
    cleanup.push(() => store.close());
    return { result: await crawlSite(crawlOptions(site, store)), store };
  }

  it('stopped between two requests, it reads every page once over both runs', async () => {
    const { site, dbPath } = await setUp();
    await crawlUntilStopped(site, dbPath, (abort, clock) => {
      // robots.txt, three sitemap files and llms.txt come first, then the pages: stop before the fourth page.
      let sleeps = 0;
      clock.onSleep = () => {
        sleeps += 1;
        if (sleeps === 8) abort();
      };
    });
    expect(PAGES.filter((p) => site.hits(p) === 1)).toEqual(['/', '/about', '/pricing']);

    const { result, store } = await resume(site, dbPath);
    expect(result.outcome).toBe('completed');
    expect(result.pages.map((p) => new URL(p.url).pathname).sort()).toEqual([...PAGES].sort());
    for (const path of [...PAGES, '/robots.txt', '/sitemap-index.xml', '/llms.txt'])
      expect(site.hits(path)).toBe(1);

    // Done with, the caller clears it: the next crawl of that id starts afresh.
    await store.crawlCheckpoint('crl_test', 'prj_test').clear();
    expect(await store.crawlCheckpoint('crl_test', 'prj_test').load()).toBeNull();
  });

  it('stopped while a page was being read, that page alone is asked again, and recorded once', async () => {
    let abortNow: (() => void) | null = null;
    const { site, dbPath } = await setUp((path) => {
      if (path === '/about') abortNow?.();
    });
    await crawlUntilStopped(site, dbPath, (abort) => (abortNow = abort));
    abortNow = null;
    const { result } = await resume(site, dbPath);
    expect(result.pages.map((p) => new URL(p.url).pathname).sort()).toEqual([...PAGES].sort());
    for (const path of PAGES) expect(site.hits(path)).toBe(path === '/about' ? 2 : 1);
  });

  it('keeps a page and the URLs it revealed together, and refuses a URL the crawl does not know', async () => {
    const { dbPath } = await setUp();
    const store = await openLocalStore(dbPath, { env: {} });
    cleanup.push(() => store.close());
    const checkpoint = store.crawlCheckpoint('crl_unit', 'prj_test');
    expect(await checkpoint.load()).toBeNull();
    const setup = {
      startedAt: '2026-11-27T00:00:00.000Z',
      robotsText: { url: 'https://brand.com/robots.txt', status: 404, text: '' },
      robots: {
        url: 'https://brand.com/robots.txt',
        status: 404,
        found: false,
        crawlDelaySeconds: null,
        sitemaps: [],
      },
      sitemaps: [],
      sitemapUrls: [],
      llmsTxt: { url: 'https://brand.com/llms.txt', present: false, status: 404 },
    };
    await checkpoint.saveSetup(setup, [{ url: 'https://brand.com/', source: 'home', state: 'queued' }]);
    await expect(checkpoint.savePage('https://brand.com/unknown', null, [])).rejects.toThrow(
      /not a URL of this crawl/,
    );
    await checkpoint.savePage('https://brand.com/', null, [
      { url: 'https://brand.com/a', source: 'link', state: 'queued' },
      { url: 'https://brand.com/', source: 'link', state: 'queued' },
    ]);
    expect(await checkpoint.load()).toEqual({
      setup,
      entries: [
        { url: 'https://brand.com/', source: 'home', state: 'disallowed' },
        { url: 'https://brand.com/a', source: 'link', state: 'queued' },
      ],
      pages: [],
    });
    // Another crawl's progress is its own.
    expect(await store.crawlCheckpoint('crl_other', 'prj_test').load()).toBeNull();
  });
});
