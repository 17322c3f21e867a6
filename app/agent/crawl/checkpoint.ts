/**
 * A crawl's progress, kept as it goes so that a crawl stopped at any point (the agent killed, the computer off)
 * resumes where it was and reads every page once: what it learnt before the pages (robots.txt, sitemaps,
 * llms.txt), then each page with the URLs it revealed, one page at a time. The agent keeps it in its SQLite file
 * (local-store/crawls.ts).
 */
import type { RobotsFile, SitemapFile, SitePage } from '../../../server/contract/site-crawl.ts';
import type { FrontierEntry } from './frontier.ts';

export interface CrawlSetup {
  startedAt: string;
  /** The site's robots.txt as read (status null: no answer), so a resumed crawl obeys the same rules. */
  robotsText: { url: string; status: number | null; text: string };
  robots: RobotsFile;
  sitemaps: SitemapFile[];
  /** Page URLs the sitemaps list, with their lastmod. */
  sitemapUrls: [url: string, lastmod: string | null][];
  llmsTxt: { url: string; present: boolean; status: number | null };
}

export interface CrawlProgress {
  setup: CrawlSetup;
  /** Every URL known, in order, with its state. */
  entries: FrontierEntry[];
  /** The pages read, in the order they were read. */
  pages: SitePage[];
}

export interface CrawlCheckpoint {
  /** The progress of this crawl, or null when it has not started. */
  load(): Promise<CrawlProgress | null>;
  /** What was learnt before the pages, and the URLs to read first. */
  saveSetup(setup: CrawlSetup, seeds: readonly FrontierEntry[]): Promise<void>;
  /**
   * One URL settled (its page, or null when robots.txt kept us from it) and the URLs its page revealed, at once:
   * after a stop, either both are kept or neither.
   */
  savePage(url: string, page: SitePage | null, revealed: readonly FrontierEntry[]): Promise<void>;
  /** Forgets the crawl; its caller does this once the result is kept elsewhere. */
  clear(): Promise<void>;
}
