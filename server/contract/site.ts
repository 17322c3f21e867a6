import { z } from 'zod';
import { Cursor, DateTime, Limit, QueryBoolean, exampleOf, page } from './common.ts';
import { EXTENSION } from './extensions.ts';
import { AgentAccess, Finding, FINDING_TYPES, RobotsFile, SitemapFile, SitePage } from './site-crawl.ts';

/**
 * The site crawl's reads and its request (extensions of v1, issue 22): the host computer crawls the project's
 * website weekly and on request, and uploads the result through host sync (`SiteCrawl`, site-crawl.ts).
 */

export const SITE_CRAWL_STATES = ['queued', 'waiting_for_host', 'running', 'completed', 'failed'] as const;

export const EXAMPLE_CRAWL = 'crw8Lq3Tz6Wm1Kx9Rb4Nc2v';
const count = z.number().int().min(0);

export const SiteCrawlResource = z
  .strictObject({
    id: z.string(),
    state: z.enum(SITE_CRAWL_STATES),
    trigger: z
      .enum(['manual', 'scheduled'])
      .describe('Requested through the API, or the host’s weekly crawl'),
    requestedBy: z
      .string()
      .nullable()
      .describe('The key or person that asked for it (their label); null for the weekly crawl'),
    createdAt: DateTime,
    startedAt: DateTime.nullable().describe('When the host computer started it'),
    finishedAt: DateTime.nullable(),
    pageCount: count.describe('Pages read'),
    warning: z.string().nullable().describe('For example that the host computer is off'),
    error: z
      .strictObject({
        code: z
          .string()
          .describe(
            'invalid_website, address_refused, site_unreachable or robots_unavailable from the crawler; host_unavailable when the host computer did not start it, or stopped checking in during it, for 24 hours',
          ),
        message: z.string(),
      })
      .nullable(),
  })
  .meta({
    id: 'SiteCrawl',
    ...EXTENSION,
    examples: [
      {
        id: EXAMPLE_CRAWL,
        state: 'completed',
        trigger: 'manual',
        requestedBy: 'CI key',
        createdAt: '2026-06-15T12:00:00.000Z',
        startedAt: '2026-06-15T12:00:20.000Z',
        finishedAt: '2026-06-15T12:04:10.000Z',
        pageCount: 212,
        warning: null,
        error: null,
      },
    ],
  });

const EXAMPLE_FINDING = {
  type: 'cited_page_error' as const,
  pages: ['https://acme.example/old-pricing'],
  count: 1,
  agent: null,
  detail: '404',
};

export const SiteStatus = z
  .strictObject({
    state: z
      .enum([...SITE_CRAWL_STATES, 'never_crawled'])
      .describe('The crawl in progress, else the last one’s; never_crawled before the first'),
    activeCrawl: SiteCrawlResource.nullable().describe('The crawl queued, waiting or running'),
    lastCrawl: SiteCrawlResource.nullable().describe('The last crawl that ended'),
    nextCrawlAt: DateTime.nullable().describe(
      'The host computer’s next weekly crawl, as it last reported it',
    ),
    crawledAt: DateTime.nullable().describe('When the last completed crawl ended: what the rest describes'),
    websiteUrl: z.string().nullable(),
    pages: count,
    pageLimitReached: z.boolean(),
    findingCounts: z
      .record(z.enum(FINDING_TYPES), count)
      .describe('Pages concerned per finding type (types without a finding are 0)'),
    findings: z.array(Finding),
    agents: z
      .array(AgentAccess)
      .describe('Per AI agent: may robots.txt let it read the home and cited pages'),
    llmsTxt: z
      .strictObject({ url: z.string(), present: z.boolean(), status: z.number().int().nullable() })
      .nullable(),
    robots: RobotsFile.nullable(),
    sitemaps: z.array(SitemapFile),
    citedNotCrawled: z.array(z.string()).describe('Cited brand URLs the crawl did not read'),
  })
  .meta({
    id: 'SiteStatus',
    ...EXTENSION,
    examples: [
      {
        state: 'completed',
        activeCrawl: null,
        lastCrawl: exampleOf(SiteCrawlResource),
        nextCrawlAt: '2026-06-22T03:00:00.000Z',
        crawledAt: '2026-06-15T12:04:10.000Z',
        websiteUrl: 'https://acme.example/',
        pages: 212,
        pageLimitReached: false,
        findingCounts: Object.fromEntries(
          FINDING_TYPES.map((t) => [t, t === 'cited_page_error' ? 1 : 0]),
        ) as Record<(typeof FINDING_TYPES)[number], number>,
        findings: [EXAMPLE_FINDING],
        agents: [
          {
            agent: 'GPTBot',
            operator: 'OpenAI',
            purpose: 'training',
            home: false,
            blockedCited: ['https://acme.example/pricing'],
          },
        ],
        llmsTxt: { url: 'https://acme.example/llms.txt', present: true, status: 200 },
        robots: {
          url: 'https://acme.example/robots.txt',
          status: 200,
          found: true,
          crawlDelaySeconds: null,
          sitemaps: ['https://acme.example/sitemap.xml'],
        },
        sitemaps: [
          { url: 'https://acme.example/sitemap.xml', status: 200, kind: 'urlset', entries: 210, error: null },
        ],
        citedNotCrawled: [],
      },
    ],
  });

export const PageCitations = z
  .strictObject({
    total: count.describe('Stored answers that list the page among their sources'),
    engines: z.record(z.string(), count).describe('The same per engine id'),
  })
  .describe('How often stored answers cite the page (their source URLs, normalised as scoring does)');

/** A page as the reads show it: its text (a brand page's, for the judge) is kept apart. */
const ShownPage = SitePage.omit({ text: true });

export const SitePageView = ShownPage.extend({
  findings: z.array(z.enum(FINDING_TYPES)).describe('Types of the findings that name the page'),
  citations: PageCitations,
}).meta({
  id: 'SitePage',
  ...EXTENSION,
  examples: [
    {
      url: 'https://acme.example/pricing',
      source: 'cited',
      finalUrl: 'https://acme.example/pricing',
      redirects: 0,
      redirectedTo: null,
      status: 200,
      error: null,
      errorMessage: null,
      contentType: 'text/html; charset=utf-8',
      bytes: 18230,
      truncated: false,
      canonical: 'https://acme.example/pricing',
      title: 'Pricing – Acme CRM',
      description: 'Plans for teams of every size.',
      h1: 'Pricing',
      lang: 'en',
      wordsHtml: 640,
      wordsRendered: null,
      noindex: false,
      nosnippet: false,
      schemaTypes: ['Offer', 'Product'],
      facts: {
        organizations: [],
        products: [{ name: 'Acme CRM', offers: [{ name: 'Team', price: '29', currency: 'USD' }] }],
      },
      lastModified: '2026-06-01T00:00:00.000Z',
      contentHash: 'a'.repeat(64),
      inSitemap: true,
      fetchedAt: '2026-06-15T12:01:00.000Z',
      findings: [],
      citations: { total: 14, engines: { chatgpt: 9, perplexity: 5 } },
    },
  ],
});

export const SitePageList = page(SitePageView).meta({ id: 'SitePageList' });

export const SitePagesQuery = z.strictObject({
  cursor: Cursor.optional(),
  limit: Limit,
  cited: QueryBoolean.optional()
    .describe('true: only pages stored answers cite; false: only pages none cites')
    .meta({ examples: [true] }),
  finding: z
    .enum(FINDING_TYPES)
    .optional()
    .describe('Only pages a finding of this type names')
    .meta({ examples: ['cited_page_error'] }),
  status: z.coerce
    .number()
    .int()
    .min(100)
    .max(599)
    .optional()
    .describe('Only pages that answered this HTTP status')
    .meta({ examples: [404] }),
});
