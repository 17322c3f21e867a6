import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === tag || v === `W/${tag}`;
  });
}

/**
 * Routes marked `etag` send a hash of their body (or the one a pre-rendered body carries); a matching If-None-Match
 * gets 304 and no body.
 */
export function registerEtag(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Serialised objects come as strings, pre-rendered bodies (JsonText) as their UTF-8 bytes.
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    if (!request.routeOptions.config.etag || reply.statusCode !== 200 || body === null) return payload;
    const given = reply.getHeader('etag');
    const tag = typeof given === 'string' ? given : `"${hash('sha1', body, 'base64url')}"`;
    reply.header('etag', tag);
    if (!matches(request.headers['if-none-match'], tag)) return payload;
    // A 304 has no body, so no header describes one (RFC 9110 §15.4.5): ETag and the others stay, Content-Type goes.
    reply.code(304).removeHeader('content-type').removeHeader('content-encoding');
    return null;
  });
}
