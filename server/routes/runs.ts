import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import type { Services } from '../domain/context.ts';
import { cancelProjectRunRequest, getRunRequest, listRunRequests } from '../domain/run-requests.ts';
import { readiness, type EngineSupply } from '../domain/readiness.ts';
import { route } from '../http/route.ts';
import { createRunRequest } from '../domain/start-run.ts';

export function runRoutes(app: FastifyInstance, s: Services, supply: EngineSupply): void {
  route(app, ops.createRunRequest, async ({ params, body, headers }, req, reply) => {
    const { request, replayed } = await createRunRequest(s, req.caller, params.projectId, {
      samplesPerPrompt: body?.samplesPerPrompt,
      idempotencyKey: headers['idempotency-key'],
    });
    if (replayed) return { ...request, replayed };
    reply
      .code(202)
      .header('location', `${s.baseUrl}/projects/${params.projectId}/run-requests/${request.id}`);
    return request;
  });
  route(app, ops.listRunRequests, async ({ params, query }, req) =>
    listRunRequests(s, req.caller, params.projectId, query),
  );
  route(app, ops.getRunRequest, async ({ params }, req) =>
    getRunRequest(s, req.caller, params.projectId, params.requestId),
  );
  route(app, ops.cancelRunRequest, async ({ params }, req) =>
    cancelProjectRunRequest(s, req.caller, params.projectId, params.requestId),
  );
  route(app, ops.getReadiness, async ({ params }, req) => readiness(s, supply, req.caller, params.projectId));
}
