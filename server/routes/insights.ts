import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import type { Services } from '../domain/context.ts';
import { promptStats } from '../domain/prompt-stats.ts';
import { queryStats } from '../domain/query-stats.ts';
import { sourceStats } from '../domain/source-stats.ts';
import { listSourceTypes, replaceSourceTypes } from '../domain/source-types/overrides.ts';
import { sourceTypeShares } from '../domain/source-types/type-shares.ts';
import { surfaceStats } from '../domain/surface-stats.ts';
import { trendStats } from '../domain/trend-stats.ts';
import { route } from '../http/route.ts';

/** The insight reads (extensions of v1). */
export function insightRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.getSourceStats, async ({ params, query }, req) =>
    query.groupBy === 'type'
      ? sourceTypeShares(s, req.caller, params.projectId, query)
      : sourceStats(s, req.caller, params.projectId, { ...query, groupBy: query.groupBy }),
  );
  route(app, ops.listSourceTypes, async ({ params }, req) =>
    listSourceTypes(s, req.caller, params.projectId),
  );
  route(app, ops.replaceSourceTypes, async ({ params, body }, req) =>
    replaceSourceTypes(s, req.caller, params.projectId, body),
  );
  route(app, ops.getPromptStats, async ({ params, query }, req) =>
    promptStats(s, req.caller, params.projectId, query),
  );
  route(app, ops.getTrends, async ({ params, query }, req) =>
    trendStats(s, req.caller, params.projectId, query),
  );
  route(app, ops.getQueryStats, async ({ params, query }, req) =>
    queryStats(s, req.caller, params.projectId, query),
  );
  route(app, ops.getSurfaceStats, async ({ params, query }, req) =>
    surfaceStats(s, req.caller, params.projectId, query),
  );
}
