import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH, type Identity } from './identity.ts';
import type { SignInGuard } from './sign-in-limits.ts';
import { identityHeaders } from './web-headers.ts';

/**
 * The identity library's endpoints at /auth under their own names, served by Fastify: each request goes to the
 * library's web-standard handler as a Request, with the body as the bytes that came (the library parses them), and
 * its Response goes back as it is, every Set-Cookie kept apart. Requests reach it through the app's own hooks
 * (request id, per-address rate limit) and sign-in attempts through `guard`; no CORS headers are added, here or by
 * the library.
 */
export async function mountIdentity(
  app: FastifyInstance,
  identity: Identity,
  origin: string,
  guard: SignInGuard,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      handler: async (request, reply) => {
        const body = request.body instanceof Buffer ? request.body : undefined;
        await guard.check({ method: request.method, path: request.url.split('?')[0]!, ip: request.ip, body });
        return forward(identity, origin, request, reply);
      },
    });
  });
}

async function forward(identity: Identity, origin: string, request: FastifyRequest, reply: FastifyReply) {
  const body = request.body instanceof Buffer ? new Uint8Array(request.body) : undefined;
  const headers = identityHeaders(request);
  const response = await identity.handler(
    new Request(new URL(request.url, origin), { method: request.method, headers, body }),
  );
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
