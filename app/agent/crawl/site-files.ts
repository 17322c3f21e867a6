/**
 * What a crawl reads before the pages: robots.txt (which also proves the site answers), the sitemaps it names and
 * `/sitemap.xml` (indexes followed, each file read once, at most CRAWL_LIMITS.maxSitemaps), and `llms.txt`.
 */
import { CRAWL_LIMITS, type CrawlErrorCode, type SitemapFile } from '../../../server/contract/site-crawl.ts';
import type { CrawlSetup } from './checkpoint.ts';
import type { FetchFailure } from './fetch.ts';
import type { Followed } from './follow.ts';
import { parseRobots, robotsUrl } from './robots.ts';
import { parseSitemap, SitemapError } from './sitemaps.ts';

/** Reads one URL (redirects on the site followed, paced, vetted). */
export type Get = (url: string) => Promise<Followed>;

/** The site could not be crawled at all. */
export class CrawlError extends Error {
  override readonly name = 'CrawlError';
  constructor(
    readonly code: CrawlErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function ok(status: number | null | undefined): status is number {
  return typeof status === 'number' && status >= 200 && status < 300;
}

/**
 * robots.txt as its rules take it: a file that redirects in circles or off the site is "unavailable" (RFC 9309
 * 2.3.1.2), like a 404; no answer at all is a null status (nothing may be read).
 */
export async function readRobotsText(
  get: Get,
  url: string,
): Promise<CrawlSetup['robotsText'] & { failure: FetchFailure | null }> {
  const read = await get(url);
  const broken =
    read.failure && read.failure.code !== 'redirect_loop' && read.failure.code !== 'too_many_redirects';
  const answered = broken ? null : (read.response?.status ?? 404);
  const status = answered !== null && answered >= 300 && answered < 400 ? 404 : answered;
  const text = ok(status) ? read.response!.body.toString('utf8') : '';
  return { url, status, text, failure: broken ? read.failure : null };
}

/** The site's robots.txt, or the CrawlError that ends the crawl before it starts. */
async function siteRobotsText(get: Get, home: string): Promise<CrawlSetup['robotsText']> {
  const { failure, ...robots } = await readRobotsText(get, robotsUrl(home));
  if (failure?.code === 'address_refused') throw new CrawlError('address_refused', failure.message);
  if (failure)
    throw new CrawlError('site_unreachable', `${new URL(home).host} did not answer: ${failure.message}`);
  if (robots.status !== null && robots.status >= 500)
    throw new CrawlError(
      'robots_unavailable',
      `robots.txt answered HTTP ${robots.status}; until it answers, crawlers must read nothing (RFC 9309)`,
    );
  return robots;
}

async function readSitemaps(
  get: Get,
  first: readonly string[],
  onSite: (url: string) => boolean,
): Promise<{ files: SitemapFile[]; urls: Map<string, string | null> }> {
  const queue = [...new Set(first)].filter(onSite);
  const seen = new Set(queue);
  const files: SitemapFile[] = [];
  const urls = new Map<string, string | null>();
  while (queue.length > 0 && files.length < CRAWL_LIMITS.maxSitemaps) {
    const url = queue.shift()!;
    const read = await get(url);
    const status = read.response?.status ?? null;
    const file = (kind: SitemapFile['kind'], entries: number, error: string | null): void => {
      files.push({ url, status, kind, entries, error });
    };
    if (read.failure || !ok(status)) {
      file('missing', 0, read.failure ? read.failure.message.slice(0, 300) : `HTTP ${status}`);
      continue;
    }
    if (read.response!.truncated) {
      file('invalid', 0, `larger than ${CRAWL_LIMITS.maxPageBytes} bytes`);
      continue;
    }
    try {
      const room = CRAWL_LIMITS.maxSitemapUrls - urls.size;
      const parsed = parseSitemap(read.response!.body, read.finalUrl, Math.max(room, 0));
      if (parsed.kind === 'index') {
        for (const next of parsed.sitemaps)
          if (!seen.has(next) && onSite(next)) {
            seen.add(next);
            queue.push(next);
          }
        file('index', parsed.sitemaps.length, null);
      } else {
        for (const entry of parsed.urls) if (!urls.has(entry.loc)) urls.set(entry.loc, entry.lastmod);
        file('urlset', parsed.urls.length, null);
      }
    } catch (err) {
      if (!(err instanceof SitemapError)) throw err;
      file('invalid', 0, `${url.slice(0, 100)} ${err.message}`.slice(0, 300));
    }
  }
  return { files, urls };
}

/** llms.txt is there when it answers 2xx with some text; an HTML page there is a site's catch-all page instead. */
async function readLlmsTxt(get: Get, home: string): Promise<CrawlSetup['llmsTxt']> {
  const url = new URL('/llms.txt', home).href;
  const read = await get(url);
  const status = read.response?.status ?? null;
  const type = read.response?.headers['content-type'] ?? '';
  const present = ok(status) && !/html/i.test(type) && read.response!.body.toString('utf8').trim() !== '';
  return { url, present, status };
}

export async function readSiteFiles(
  get: Get,
  home: string,
  onSite: (url: string) => boolean,
  startedAt: string,
  onCrawlDelay: (seconds: number | null) => void,
): Promise<CrawlSetup> {
  const robotsText = await siteRobotsText(get, home);
  const parsed = parseRobots(robotsText.url, robotsText.status, robotsText.text);
  onCrawlDelay(parsed.crawlDelay);
  const robots = parsed.file;
  const sitemaps = await readSitemaps(get, [...robots.sitemaps, new URL('/sitemap.xml', home).href], onSite);
  return {
    startedAt,
    robotsText,
    robots,
    sitemaps: sitemaps.files,
    sitemapUrls: [...sitemaps.urls],
    llmsTxt: await readLlmsTxt(get, home),
  };
}
