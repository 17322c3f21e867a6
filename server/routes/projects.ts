import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import type { Services } from '../domain/context.ts';
import { getProject, listProjects } from '../domain/projects.ts';
import { route } from '../http/route.ts';

export function projectRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.listProjects, async ({ query }, req) => listProjects(s, req.caller, query));
  route(app, ops.getProject, async ({ params }, req) => getProject(s, req.caller, params.projectId));
}
