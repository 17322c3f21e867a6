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
    if (!schema || typeof payload !== 'string') return payload;
    const result = schema.safeParse(JSON.parse(payload));
    if (!result.success) {
      throw new Error(
        `response of ${request.method} ${request.url} breaks the contract: ${result.error.message}`,
      );
    }
    return payload;
  });
}
