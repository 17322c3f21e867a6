import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** One whole MCP exchange over Streamable HTTP, with a server made for this request's caller. */
export async function answerMcp(request: FastifyRequest, reply: FastifyReply, s: Services) {
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
}
