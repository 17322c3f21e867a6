import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's response schema per status, checked when response validation is on. */
    responses?: Record<number, z.ZodType>;
  }
}

/**
 * Checks every JSON response against the contract, whichever way it was produced (serialised objects or
 * pre-rendered text). On in tests and development; a mismatch becomes a 500 so no test can miss it.
 */
export function registerResponseValidation(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = request.routeOptions.config.responses?.[reply.statusCode];
    // Pre-rendered bodies are sent as their UTF-8 bytes (JsonText), gzipped when the client asked, serialised
    // objects as strings.
    const gzipped = reply.getHeader('content-encoding') === 'gzip';
    const text = Buffer.isBuffer(payload)
      ? (gzipped ? gunzipSync(payload) : payload).toString('utf8')
      : payload;
    // Other renderings of a response (the report's HTML and PDF) are not the contract's JSON.
    const type = String(reply.getHeader('content-type') ?? 'application/json');
    if (!schema || typeof text !== 'string' || !type.includes('json')) return payload;
    const result = schema.safeParse(JSON.parse(text));
    if (!result.success) {
      throw new Error(
        `response of ${request.method} ${request.url} breaks the contract: ${result.error.message}`,
      );
    }
    return payload;
  });
}
