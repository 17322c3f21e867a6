/**
 * A site's robots.txt, read with robots-parser (RFC 9309 groups, `*` and `$` patterns, longest match wins), and what
 * it means when there is none: a 4xx lets every agent read everything, a 5xx or no answer keeps every agent out
 * (RFC 9309 section 2.3.1.3/4).
 */
import robotsModule from 'robots-parser';
import { CRAWL_LIMITS, CRAWLER_TOKEN, type RobotsFile } from '../../../server/contract/site-crawl.ts';

// robots-parser is CommonJS with an ES-style declaration: at run time its default import is the function itself.
const robotsParser = robotsModule as unknown as typeof robotsModule.default;

/** robots.txt is read this far (RFC 9309 asks crawlers to read at least 500 KiB); rules past it are ignored. */
const MAX_ROBOTS_CHARS = 512 * 1024;

export interface Robots {
  file: RobotsFile;
  /** May the agent (by its robots.txt token) read this URL of the file's origin? */
  allows(url: string, token: string): boolean;
  /** The delay in seconds robots.txt asks of our crawler, held to the limit; null when it asks none. */
  crawlDelay: number | null;
}

/** The robots.txt that rules a URL: its origin's. */
export function robotsUrl(url: string): string {
  return new URL('/robots.txt', url).href;
}

/** robots.txt as read: its status (null: no answer) and its text (2xx only). */
export function parseRobots(url: string, status: number | null, text: string): Robots {
  const found = status !== null && status >= 200 && status < 300;
  const everything = status !== null && status >= 400 && status < 500;
  const parser = found ? robotsParser(url, text.slice(0, MAX_ROBOTS_CHARS)) : null;
  const rawDelay = parser?.getCrawlDelay(CRAWLER_TOKEN);
  const crawlDelay =
    typeof rawDelay === 'number' && Number.isFinite(rawDelay) && rawDelay > 0
      ? Math.min(rawDelay, CRAWL_LIMITS.maxCrawlDelaySeconds)
      : null;
  const sitemaps = (parser?.getSitemaps() ?? []).filter((s: string) => URL.canParse(s)).slice(0, 50);
  return {
    file: { url, status, found, crawlDelaySeconds: crawlDelay, sitemaps },
    crawlDelay,
    allows(target, token) {
      if (!parser) return everything;
      return parser.isAllowed(target, token) !== false;
    },
  };
}
