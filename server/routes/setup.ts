import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import { replaceCompetitors } from '../domain/competitor-writes.ts';
import type { Services } from '../domain/context.ts';
import { createPrompt, deletePrompt, updatePrompt } from '../domain/prompt-writes.ts';
import { listCompetitors, listEngines, listPrompts, listTopics } from '../domain/setup.ts';
import { route } from '../http/route.ts';

export function setupRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.listEngines, async ({ params }, req) => listEngines(s, req.caller, params.projectId));
  route(app, ops.listTopics, async ({ params, query }, req) =>
    listTopics(s, req.caller, params.projectId, query),
  );
  route(app, ops.listPrompts, async ({ params, query }, req) =>
    listPrompts(s, req.caller, params.projectId, query),
  );
  route(app, ops.createPrompt, async ({ params, body }, req, reply) => {
    reply.code(201);
    return createPrompt(s, req.caller, params.projectId, body);
  });
  route(app, ops.updatePrompt, async ({ params, body }, req) =>
    updatePrompt(s, req.caller, params.projectId, params.promptId, body),
  );
  route(app, ops.deletePrompt, async ({ params }, req) =>
    deletePrompt(s, req.caller, params.projectId, params.promptId),
  );
  route(app, ops.listCompetitors, async ({ params }, req) =>
    listCompetitors(s, req.caller, params.projectId),
  );
  route(app, ops.replaceCompetitors, async ({ params, body }, req) =>
    replaceCompetitors(s, req.caller, params.projectId, body),
  );
}
