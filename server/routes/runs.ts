import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import type { Services } from '../domain/context.ts';
import { getRunRequest, listRunRequests } from '../domain/run-requests.ts';
import { route } from '../http/route.ts';

export function runRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.listRunRequests, async ({ params, query }, req) =>
    listRunRequests(s, req.caller, params.projectId, query),
  );
  route(app, ops.getRunRequest, async ({ params }, req) =>
    getRunRequest(s, req.caller, params.projectId, params.requestId),
  );
}
