import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonText } from '../domain/json-text.ts';
import { acceptsGzip } from './accepts-gzip.ts';

/**
 * Pre-rendered bodies from this size go gzipped to a client that asks (a year of daily trends is 3.4 MB, 0.8 MB
 * gzipped): moving the bytes is most of what a cached read of that size costs, in the kernel as on the
 * network. Below it the saving is not worth a header.
 */
const GZIP_FROM = 16 * 1024;

/**
 * Sends a pre-rendered body as its kept bytes, or its kept gzipped bytes when the client accepts gzip, each with
 * its own ETag when the route sends one (`etag`).
 */
export async function sendJsonText(
  request: FastifyRequest,
  reply: FastifyReply,
  body: JsonText<unknown>,
  etag: boolean,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  const large = body.bytes.length >= GZIP_FROM;
  if (large) reply.header('vary', 'accept-encoding');
  if (!large || !acceptsGzip(request.headers['accept-encoding'])) {
    if (etag) reply.header('etag', body.etag);
    return reply.send(body.bytes);
  }
  if (etag) reply.header('etag', body.gzipEtag);
  return reply.header('content-encoding', 'gzip').send(await body.gzip());
}
