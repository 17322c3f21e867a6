import { z } from 'zod';
import { DateTime, EXAMPLE_IDS, Uri } from './common.ts';
import { EXTENSION } from './extensions.ts';
import { FINDING_TYPES } from './site-crawl.ts';
import { EXAMPLE_CRAWL, SiteCrawlResource } from './site.ts';

/**
 * The site crawl's webhook event (extension, issue 22): opt-in, sent when a crawl ends, completed or failed, to
 * the webhooks that name it in `events`. A signal with counts and links, not the crawl's data.
 */

export const SITE_EVENTS = ['site.crawled'] as const;

const count = z.number().int().min(0);
const crawl = SiteCrawlResource.shape;

const FindingCounts = z
  .record(z.enum(FINDING_TYPES), count)
  .describe(
    'Pages concerned per finding type, every type present (0 without a finding, and on a failed crawl)',
  );

export const SiteCrawledEvent = z
  .strictObject({
    id: z.string().describe('Unique event id; use it to ignore repeats'),
    event: z.enum(SITE_EVENTS),
    createdAt: DateTime,
    data: z.strictObject({
      projectId: z.string(),
      crawlId: z.string(),
      state: z.enum(['completed', 'failed']),
      trigger: crawl.trigger,
      startedAt: crawl.startedAt,
      finishedAt: DateTime,
      error: crawl.error,
      counts: z.strictObject({
        pages: count.describe('Pages read'),
        findings: FindingCounts,
      }),
      links: z.strictObject({
        site: Uri.describe('The site read: last and next crawl, findings, the AI-agent table'),
        pages: Uri.describe('The pages the last completed crawl read'),
        crawl: Uri.describe('This crawl'),
      }),
    }),
  })
  .meta({
    id: 'SiteCrawledEvent',
    ...EXTENSION,
    examples: [
      {
        id: 'evt3Kd8Wq1Nm6Zx4Lr9Tb2Hs',
        event: 'site.crawled',
        createdAt: '2026-06-15T12:04:10.000Z',
        data: {
          projectId: EXAMPLE_IDS.project,
          crawlId: EXAMPLE_CRAWL,
          state: 'completed',
          trigger: 'manual',
          startedAt: '2026-06-15T12:00:20.000Z',
          finishedAt: '2026-06-15T12:04:10.000Z',
          error: null,
          counts: {
            pages: 212,
            findings: Object.fromEntries(
              FINDING_TYPES.map((t) => [t, t === 'cited_page_error' ? 1 : 0]),
            ) as Record<(typeof FINDING_TYPES)[number], number>,
          },
          links: siteLinks('http://127.0.0.1:8787/v1', EXAMPLE_IDS.project, EXAMPLE_CRAWL),
        },
      },
    ],
  });

/** The reads an event about a crawl links to, as the service writes them. */
export function siteLinks(baseUrl: string, projectId: string, crawlId: string) {
  const project = `${baseUrl}/projects/${encodeURIComponent(projectId)}`;
  return {
    site: `${project}/site`,
    pages: `${project}/site/pages`,
    crawl: `${project}/site/crawls/${encodeURIComponent(crawlId)}`,
  };
}
