import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../domain/context.ts';
import { createMcpServer } from './server.ts';

/** The request as the transport reads it: method, headers and URL; Fastify has parsed and size-checked the body. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const v of [value ?? []].flat()) headers.append(name, v);
  }
  return new Request(new URL(request.url, 'http://answerwatch.invalid'), { method: request.method, headers });
}

/**
 * Streamable HTTP at `/mcp`, stateless: each POST is a whole exchange with a server made for its caller, so any
 * `serve` instance answers any request and nothing lives between requests. The REST auth hook runs first (the
 * route's scope is visibility:read, which every key and role has): key checks, plan_required and the rate limit
 * answer exactly as on the REST API, as problem responses; each tool then checks its own scope. A signed-in
 * person's cookie makes the same caller as on /v1 (server/auth/bridge.ts): every MCP call is a POST, so the
 * cookie's same-origin rule holds for reads too, and no other site's page can call a tool with it.
 * GET (a server-to-client stream) and DELETE (ending a session) have nothing to serve, so they answer 405.
 */
export function mcpRoutes(app: FastifyInstance, s: Services): void {
  app.post('/mcp', { config: { scope: 'visibility:read' } }, async (request, reply) => {
    const mcp = createMcpServer({
      s,
      authenticate: async () => request.caller,
      logFault: (err) => request.log.error({ err }, 'MCP tool fault'),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    try {
      await mcp.connect(transport);
      const response = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
      reply.code(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      const body = await response.text();
      return reply.send(body === '' ? undefined : body);
    } finally {
      await mcp.close();
    }
  });
}
