import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import type { Services } from '../domain/context.ts';
import { getSiteCrawl, requestSiteCrawl } from '../domain/site-crawls.ts';
import { sitePages, siteStatus } from '../domain/site-reads.ts';
import { route } from '../http/route.ts';

export function siteRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.createSiteCrawl, async ({ params }, req, reply) => {
    const crawl = await requestSiteCrawl(s, req.caller, params.projectId);
    reply.code(202).header('location', `${s.baseUrl}/projects/${params.projectId}/site/crawls/${crawl.id}`);
    return crawl;
  });
  route(app, ops.getSite, async ({ params }, req) => siteStatus(s, req.caller, params.projectId));
  route(app, ops.listSitePages, async ({ params, query }, req) =>
    sitePages(s, req.caller, params.projectId, query),
  );
  route(app, ops.getSiteCrawl, async ({ params }, req) =>
    getSiteCrawl(s, req.caller, params.projectId, params.crawlId),
  );
}
