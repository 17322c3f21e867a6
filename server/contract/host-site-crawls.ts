import { z } from 'zod';
import { DateTime } from './common.ts';
import { SiteCrawl, SitePage } from './site-crawl.ts';

/**
 * The site crawl in the host sync API (`/host/v1`, not in the public document): the check-in hands the host the
 * crawls requested of its projects, the host claims one (or reports a crawl of its own weekly schedule), uploads
 * the pages in batches and finishes it with the rest of the result.
 */

const Id = z.string().min(1).max(200);

/** Sent at each check-in by agents that crawl sites: their next weekly crawl per project. */
export const SiteSchedule = z
  .array(z.strictObject({ projectId: Id, nextCrawlAt: z.iso.datetime({ offset: true }) }))
  .max(100);

/** A crawl requested of one of the host's projects (only to agents that sent `siteSchedule`). */
export const HostCrawlRequest = z.strictObject({
  id: z.string(),
  projectId: z.string(),
  state: z.enum(['waiting_for_host', 'queued', 'running']),
  createdAt: DateTime,
});

/** What the crawler needs, fixed when the crawl starts. */
export const HostCrawl = z.strictObject({
  crawlId: z.string(),
  projectId: z.string(),
  websiteUrl: z.string(),
  brandDomains: z.array(z.string()),
  /** The brand pages stored answers cite, most cited first (at most 200). */
  citedUrls: z.array(z.string()),
});

export const ScheduledCrawlBody = z.strictObject({
  /** The agent's own id for the crawl, so reporting it twice (after a broken connection) creates one crawl. */
  clientCrawlId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** At most 100 pages a request, so a batch stays well under the 1 MiB body limit. */
export const CrawlPagesBody = z.strictObject({ pages: z.array(SitePage).min(1).max(100) });
export const CrawlPagesStored = z.strictObject({ stored: z.number().int(), duplicates: z.number().int() });

export const CrawlFinishBody = z.strictObject({
  /** The crawl's result without its pages, which were uploaded before. */
  result: SiteCrawl.omit({ pages: true }),
  /** Pages the crawl read: every one must have been uploaded. */
  pageCount: z.number().int().min(0),
});
export const CrawlFinished = z.strictObject({ crawlId: z.string(), state: z.enum(['completed', 'failed']) });

export const CrawlPath = z.strictObject({ crawlId: Id });
