/**
 * One crawl of a brand's site, as the host computer runs it: robots.txt, sitemaps and llms.txt first, then the
 * pages (cited pages, the home page, the sitemaps' URLs, then same-site links), one request at a time at the
 * pacer's speed, each page checkpointed with the URLs it revealed so a stopped crawl resumes where it was. Pages
 * whose HTML has few words are also rendered (the caller's `render`, the host's Chromium). The result is the
 * contract's SiteCrawl, whatever happens to the site: a site that cannot be crawled is a failed crawl with its
 * cause, a page that cannot be read is a page with its error, and nothing waits without a deadline.
 */
import {
  CRAWL_LIMITS,
  CRAWLER_TOKEN,
  crawlerUserAgent,
  SiteCrawl,
  type SitePage,
} from '../../../server/contract/site-crawl.ts';
import { abortable, type Resolver } from '../../../engines/net/outbound.ts';
import { agentAccess } from './agent-access.ts';
import type { CrawlCheckpoint, CrawlProgress } from './checkpoint.ts';
import { createFetcher } from './fetch.ts';
import { findings } from './findings.ts';
import { follow } from './follow.ts';
import { Frontier, type FrontierEntry } from './frontier.ts';
import { countWords } from './page.ts';
import { pageRecord } from './page-record.ts';
import { createPacer, systemClock, type Clock, type Pacer } from './pacer.ts';
import type { RenderPage } from './render.ts';
import { parseRobots, robotsUrl, type Robots } from './robots.ts';
import { normalizeUrl, siteScope, type SiteScope } from './scope.ts';
import type { CrawlSettings } from './settings.ts';
import { CrawlError, readRobotsText, readSiteFiles, type Get } from './site-files.ts';

export interface CrawlOptions {
  /** The crawl's id: its checkpoint's key and the result's. */
  crawlId: string;
  websiteUrl: string;
  brandDomains: readonly string[];
  /** URLs stored answers cite; those on the site are read first and checked for every AI agent. */
  citedUrls: readonly string[];
  /** Where a site owner reads what our crawler is (in its User-Agent). */
  docsUrl: string;
  settings: CrawlSettings;
  checkpoint: CrawlCheckpoint;
  /** The host's browser; without it no page is rendered. */
  render?: RenderPage;
  /** Stops the crawl between requests (it rejects with the reason; the checkpoint keeps what was done). */
  signal?: AbortSignal;
  clock?: Clock;
  /** Tests: DNS answers, a trusted test CA, and deadlines shorter than CRAWL_LIMITS' (a request's, a render's). */
  resolve?: Resolver;
  ca?: string;
  timeoutMs?: number;
  renderTimeoutMs?: number;
}

function failed(o: CrawlOptions, startedAt: string, error: CrawlError): SiteCrawl {
  return SiteCrawl.parse({
    crawlId: o.crawlId,
    websiteUrl: o.websiteUrl.slice(0, 4096),
    userAgent: crawlerUserAgent(o.docsUrl),
    startedAt,
    finishedAt: new Date().toISOString(),
    outcome: 'failed',
    error: { code: error.code, message: error.message.slice(0, 500) },
    maxPages: o.settings.maxPages,
    pageLimitReached: false,
    disallowed: [],
    disallowedCount: 0,
    robots: null,
    sitemaps: [],
    llmsTxt: null,
    agents: [],
    pages: [],
    citedNotCrawled: [],
    findings: [],
  });
}

export async function crawlSite(o: CrawlOptions): Promise<SiteCrawl> {
  const home = normalizeUrl(o.websiteUrl);
  const now = new Date().toISOString();
  if (home === null)
    return failed(o, now, new CrawlError('invalid_website', 'the website is not an http(s) URL'));
  const scope = siteScope(home, o.brandDomains);
  const userAgent = crawlerUserAgent(o.docsUrl);
  const fetcher = createFetcher({
    userAgent,
    allowPrivate: o.settings.allowPrivate,
    timeoutMs: o.timeoutMs ?? CRAWL_LIMITS.requestTimeoutMs,
    maxBytes: CRAWL_LIMITS.maxPageBytes,
    resolve: o.resolve,
    ca: o.ca,
  });
  const pacer = createPacer(o.clock ?? systemClock, CRAWL_LIMITS.requestsPerSecond);
  const get = (url: string) =>
    follow(url, {
      fetcher,
      maxRedirects: CRAWL_LIMITS.maxRedirects,
      follows: scope.contains,
      beforeRequest: () => pacer.wait(o.signal),
      signal: o.signal,
    });
  const cited = [
    ...new Set(o.citedUrls.map((u) => normalizeUrl(u)).filter((u): u is string => u !== null)),
  ].slice(0, CRAWL_LIMITS.maxCitedUrls);
  const citedOnSite = cited.filter(scope.contains);
  try {
    let progress: CrawlProgress | null = await o.checkpoint.load();
    if (progress === null) {
      const setup = await readSiteFiles(get, home, scope.contains, now, (delay) =>
        pacer.setCrawlDelay(delay),
      );
      const seeds = new Frontier();
      for (const url of citedOnSite) seeds.add(url, 'cited');
      seeds.add(home, 'home');
      for (const [url] of setup.sitemapUrls) if (scope.isPage(url)) seeds.add(url, 'sitemap');
      await o.checkpoint.saveSetup(setup, seeds.entries());
      progress = { setup, entries: seeds.entries(), pages: [] };
    }
    return await readPages(o, progress, { home, scope, get, pacer, cited, citedOnSite, userAgent });
  } catch (err) {
    if (err instanceof CrawlError) return failed(o, now, err);
    throw err;
  } finally {
    await fetcher.close();
  }
}

interface Crawler {
  home: string;
  scope: SiteScope;
  get: Get;
  pacer: Pacer;
  cited: string[];
  citedOnSite: string[];
  userAgent: string;
}

async function readPages(o: CrawlOptions, progress: CrawlProgress, c: Crawler): Promise<SiteCrawl> {
  const { setup } = progress;
  const siteRobots = parseRobots(setup.robotsText.url, setup.robotsText.status, setup.robotsText.text);
  c.pacer.setCrawlDelay(siteRobots.crawlDelay);
  /** Each origin's robots.txt; the site's own is read already, others (subdomains, brand domains) when needed. */
  const robots = new Map<string, Promise<Robots>>([[new URL(c.home).origin, Promise.resolve(siteRobots)]]);
  const robotsFor = (url: string): Promise<Robots> => {
    const origin = new URL(url).origin;
    let known = robots.get(origin);
    if (!known) {
      known = readRobotsText(c.get, robotsUrl(url)).then((read) =>
        parseRobots(read.url, read.status, read.text),
      );
      robots.set(origin, known);
    }
    return known;
  };
  const sitemapUrls = new Map(setup.sitemapUrls);
  const frontier = new Frontier(progress.entries);
  const pages: SitePage[] = [...progress.pages];
  let renders = pages.filter((p) => p.wordsRendered !== null).length;

  for (let next = frontier.peek(); next && pages.length < o.settings.maxPages; next = frontier.peek()) {
    o.signal?.throwIfAborted();
    const entry = next;
    if (!(await robotsFor(entry.url)).allows(entry.url, CRAWLER_TOKEN)) {
      await o.checkpoint.savePage(entry.url, null, []);
      frontier.settle(entry.url, 'disallowed');
      continue;
    }
    const followed = await c.get(entry.url);
    const { page, facts } = pageRecord(
      {
        url: entry.url,
        source: entry.source,
        sitemapLastmod: sitemapUrls.has(entry.url) ? sitemapUrls.get(entry.url) : undefined,
        fetchedAt: new Date().toISOString(),
      },
      followed,
    );
    if (
      facts &&
      o.render &&
      facts.words < CRAWL_LIMITS.renderBelowWords &&
      renders < CRAWL_LIMITS.maxRenders
    ) {
      renders += 1;
      page.wordsRendered = await renderedWords(o, c, page.finalUrl);
    }
    const revealed: FrontierEntry[] = [];
    for (const link of facts?.links ?? []) {
      if (!c.scope.isPage(link)) continue;
      const added = frontier.add(link, 'link');
      if (added) revealed.push(added);
    }
    await o.checkpoint.savePage(entry.url, page, revealed);
    frontier.settle(entry.url, 'done');
    pages.push(page);
  }

  const disallowed = frontier
    .entries()
    .filter((e) => e.state === 'disallowed')
    .map((e) => e.url);
  const crawled = new Set(pages.map((p) => p.url));
  const robotsOfCited = new Map<string, Robots>();
  for (const url of [c.home, ...c.citedOnSite]) robotsOfCited.set(url, await robotsFor(url));
  const agents = agentAccess((url) => robotsOfCited.get(url)!, c.home, c.citedOnSite);
  return SiteCrawl.parse({
    crawlId: o.crawlId,
    websiteUrl: c.home,
    userAgent: c.userAgent,
    startedAt: setup.startedAt,
    finishedAt: new Date().toISOString(),
    outcome: 'completed',
    error: null,
    maxPages: o.settings.maxPages,
    pageLimitReached: frontier.peek() !== undefined,
    disallowed: disallowed.slice(0, 100),
    disallowedCount: disallowed.length,
    robots: setup.robots,
    sitemaps: setup.sitemaps,
    llmsTxt: setup.llmsTxt,
    agents,
    pages,
    citedNotCrawled: c.cited.filter((url) => !crawled.has(url)),
    findings: findings({
      home: c.home,
      pages,
      agents,
      cited: c.citedOnSite,
      sitemaps: setup.sitemaps,
      sitemapUrls: new Set(sitemapUrls.keys()),
    }),
  });
}

/** The words of the rendered page; null when it could not be rendered (the page's record stays as read). */
async function renderedWords(o: CrawlOptions, c: Crawler, url: string): Promise<number | null> {
  await c.pacer.wait(o.signal);
  const deadline = AbortSignal.timeout(o.renderTimeoutMs ?? CRAWL_LIMITS.renderTimeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, deadline]) : deadline;
  try {
    // A hook that ignores its signal still cannot hold the crawl past the deadline.
    return countWords(await abortable(o.render!(url, signal), signal));
  } catch {
    o.signal?.throwIfAborted();
    return null;
  }
}
