import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problem.ts';

/**
 * Unknown paths get a 404 problem; a known path asked with another method gets 405 with `Allow`.
 * Route patterns are collected as they register, so the answer follows whatever is mounted.
 */
export function registerNotFound(app: FastifyInstance, baseUrl: string): void {
  const routes: { pattern: RegExp; method: string }[] = [];
  app.addHook('onRoute', (r) => {
    // A trailing wildcard (the identity library's /auth/*) stands for any rest of the path.
    const pattern = new RegExp(`^${r.url.replace(/:[^/]+/g, '[^/]+').replace(/\*$/, '.*')}/?$`);
    for (const m of [r.method].flat()) routes.push({ pattern, method: m });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendProblem(baseUrl, request, reply, {
        status: 405,
        code: 'method_not_allowed',
        detail: `${request.method} is not allowed on this path; use ${allowed.join(', ')}.`,
      });
    }
    return sendProblem(baseUrl, request, reply, {
      status: 404,
      code: 'not_found',
      detail: `No endpoint at ${path}. The reference is at ${baseUrl}/docs.`,
    });
  });
}
