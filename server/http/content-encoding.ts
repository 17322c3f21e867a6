import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../domain/errors.ts';

/** What Fastify reads a decoded body's wire length from, to check it against Content-Length. */
type Decoded = Readable & { receivedEncodedLength: number };

/**
 * A request body as sent with `Content-Encoding: gzip` or `deflate` (as log shippers compress their batches:
 * Vector's and Fluent Bit's `compress gzip`, Logstash's `http_compression`), decoded as it streams in. The route's
 * body limit counts the decoded bytes, so a small compressed body cannot expand past it; a broken stream is a 400.
 */
export function decodeContentEncoding(request: FastifyRequest, payload: Readable): Readable {
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return payload;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : null;
  if (decoder === null)
    throw invalid(
      `Content-Encoding ${JSON.stringify(encoding)} is not read here: send gzip, deflate or none.`,
    );
  const decoded = decoder as unknown as Decoded;
  decoded.receivedEncodedLength = 0;
  payload.on('data', (chunk: Buffer) => (decoded.receivedEncodedLength += chunk.length));
  payload.on('error', (err) => decoder.destroy(err));
  decoder.on('error', (err) => {
    err.message = `body: not a whole ${encoding} stream (${err.message})`;
  });
  return payload.pipe(decoder);
}
