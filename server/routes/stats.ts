import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import type { Services } from '../domain/context.ts';
import { competitorStats, dailyStats } from '../domain/stats.ts';
import { route } from '../http/route.ts';

export function statsRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.getDailyStats, async ({ params, query }, req, reply) => {
    reply.header('cache-control', 'private, max-age=60');
    return dailyStats(s, req.caller, params.projectId, query);
  });
  route(app, ops.getCompetitorStats, async ({ params, query }, req) =>
    competitorStats(s, req.caller, params.projectId, query),
  );
}
