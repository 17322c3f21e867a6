import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import type { Services } from '../domain/context.ts';
import { createProject, updateProject } from '../domain/project-writes.ts';
import { getProject, listProjects } from '../domain/projects.ts';
import { route } from '../http/route.ts';

export function projectRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.listProjects, async ({ query }, req) => listProjects(s, req.caller, query));
  route(app, ops.getProject, async ({ params }, req) => getProject(s, req.caller, params.projectId));
  route(app, ops.createProject, async ({ body }, req, reply) => {
    reply.code(201);
    return createProject(s, req.caller, body);
  });
  route(app, ops.updateProject, async ({ params, body }, req) =>
    updateProject(s, req.caller, params.projectId, body),
  );
}
