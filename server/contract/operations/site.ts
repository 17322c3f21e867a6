import { ResourceId } from '../common.ts';
import { ok, projectPath, withId } from '../operation.ts';
import type { Operation } from '../operation.ts';
import { EXAMPLE_CRAWL, SiteCrawlResource, SitePageList, SitePagesQuery, SiteStatus } from '../site.ts';

/** The site crawl (extensions, issue 22): run on the project's host computer, read here. */
export const siteOps = {
  createSiteCrawl: {
    operationId: 'createSiteCrawl',
    method: 'POST',
    path: '/projects/{projectId}/site/crawl',
    tag: 'Site',
    summary: 'Crawl the project’s website now (extension)',
    description:
      'The project’s host computer crawls the website (robots.txt, sitemaps, llms.txt and at most 500 pages by default) and uploads the result. When the host is off the crawl is `waiting_for_host`, with a warning, and starts when it is back. One crawl at a time per project: another while one is queued, waiting or running is 409 `run_in_progress`. A project without a host computer is 409 `host_required`.',
    scope: 'tracking:write',
    params: projectPath,
    responses: { 202: { description: 'Accepted', schema: SiteCrawlResource, headers: ['Location'] } },
    errors: [409],
    extension: true,
  },
  getSite: {
    operationId: 'getSite',
    method: 'GET',
    path: '/projects/{projectId}/site',
    tag: 'Site',
    summary: 'The site crawl: state, last and next crawl, findings, the AI-agent table, llms.txt (extension)',
    description:
      'What the last completed crawl found (pages, findings per type, which AI agents robots.txt lets read the home and cited pages, llms.txt, robots.txt, sitemaps), with the crawl in progress, the last crawl that ended (failed ones too) and the host computer’s next weekly crawl.',
    scope: 'visibility:read',
    params: projectPath,
    responses: ok(SiteStatus),
    extension: true,
  },
  listSitePages: {
    operationId: 'listSitePages',
    method: 'GET',
    path: '/projects/{projectId}/site/pages',
    tag: 'Site',
    summary: 'The pages the last completed crawl read, by URL (extension)',
    description:
      'Each page as it was read, with the types of the findings that name it and how often stored answers cite it, per engine (their source URLs, normalised as scoring does). An empty list before the first completed crawl.',
    scope: 'visibility:read',
    params: projectPath,
    query: SitePagesQuery,
    responses: ok(SitePageList),
    extension: true,
  },
  getSiteCrawl: {
    operationId: 'getSiteCrawl',
    method: 'GET',
    path: '/projects/{projectId}/site/crawls/{crawlId}',
    tag: 'Site',
    summary: 'Get one site crawl (extension)',
    scope: 'visibility:read',
    params: withId('crawlId', ResourceId.meta({ examples: [EXAMPLE_CRAWL] })),
    responses: ok(SiteCrawlResource),
    extension: true,
  },
} satisfies Record<string, Operation>;
