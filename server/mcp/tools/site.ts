import { z } from 'zod';
import { ops } from '../../contract/operations.ts';
import { sitePages, siteStatus } from '../../domain/site-reads.ts';
import { McpSitePages, McpSiteStatus, quoteSitePages, quoteSiteStatus } from '../quoted-site.ts';
import { argsOf, tool } from '../tool.ts';

/** The site crawl's reads (extensions of v1, issue 22), under the REST reads' scope and rules. */
export const siteTools = [
  tool({
    name: 'site_status',
    title: 'Site crawl status',
    description:
      "The last crawl of the project's website: state, next crawl, findings by type, which AI agents robots.txt lets in, llms.txt (site text and URLs under quoted).",
    scope: 'visibility:read',
    input: ops.getSite.params,
    output: McpSiteStatus,
    run: async ({ s, caller }, { projectId }) => quoteSiteStatus(await siteStatus(s, caller, projectId)),
  }),
  tool({
    name: 'site_pages',
    title: 'Crawled pages',
    description:
      'Pages the last site crawl read, with status, findings and citations per engine; filter by cited, finding or status (site text under quoted). Pass nextCursor back as cursor.',
    scope: 'visibility:read',
    input: argsOf(ops.listSitePages.params, ops.listSitePages.query).extend({
      cited: z
        .boolean()
        .optional()
        .describe('true: only pages stored answers cite; false: only pages none cites'),
    }),
    output: McpSitePages,
    run: async ({ s, caller }, { projectId, ...q }) =>
      quoteSitePages(await sitePages(s, caller, projectId, q)),
  }),
];
