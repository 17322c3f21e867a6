import type { FastifyInstance } from 'fastify';
import type { Services } from '../domain/context.ts';

/**
 * Streamable HTTP at `/mcp`, stateless: each POST is a whole exchange with a server made for its caller, so any
 * `serve` instance answers any request and nothing lives between requests. The REST auth hook runs first (the
 * route's scope is visibility:read, which every key and role has): key checks, plan_required and the rate limit
 * answer exactly as on the REST API, as problem responses; each tool then checks its own scope. A signed-in
 * person's cookie makes the same caller as on /v1 (server/auth/bridge.ts): every MCP call is a POST, so the
 * cookie's same-origin rule holds for reads too, and no other site's page can call a tool with it.
 * GET (a server-to-client stream) and DELETE (ending a session) have nothing to serve, so they answer 405.
 * The SDK and the tools load with the first call (exchange.ts): most services never get one, and loaded at start
 * they held 3.5 MiB and more of the heap for nothing.
 */
export function mcpRoutes(app: FastifyInstance, s: Services): void {
  app.post('/mcp', { config: { scope: 'visibility:read' } }, async (request, reply) => {
    const { answerMcp } = await import('./exchange.ts');
    return answerMcp(request, reply, s);
  });
}
