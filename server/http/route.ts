import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Operation } from '../contract/operations.ts';
import { JsonText } from '../domain/json-text.ts';
import { sendJsonText } from './send-json-text.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type SuccessBody<O extends Operation> = {
  [K in keyof O['responses']]: K extends 200 | 201 | 202
    ? O['responses'][K] extends { schema: infer S }
      ? Out<S>
      : never
    : never;
}[keyof O['responses']];

export interface RouteInput<O extends Operation> {
  params: Out<O['params']>;
  query: Out<O['query']>;
  body: Out<O['body']>;
  headers: Out<O['headers']>;
}

export type RouteHandler<O extends Operation> = (
  input: RouteInput<O>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<SuccessBody<O> | JsonText<SuccessBody<O>> | FastifyReply>;

/** Operations without parameters still refuse unknown ones, the same as every other operation. */
const NONE = z.strictObject({});

/** `/projects/{projectId}` in the contract is `/projects/:projectId` to Fastify. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Fastify hands a request without a body to the validator as null; an optional body means it may be left out. */
function bodySchema(body: z.ZodType): z.ZodType {
  return body.safeParse(undefined).success ? z.preprocess((v) => v ?? undefined, body) : body;
}

/**
 * Mounts one contract operation: its zod schemas validate the request (and, when validation is on, the response),
 * its scope is enforced by the auth hook, and the handler receives the parsed input and returns the body.
 */
export function route<O extends Operation>(
  app: FastifyInstance,
  op: O,
  handler: RouteHandler<O>,
  config: { listsKeyProjects?: boolean } = {},
): void {
  const response: Record<number, z.ZodType> = {};
  for (const [status, r] of Object.entries(op.responses)) if (r.schema) response[Number(status)] = r.schema;
  app.route({
    method: op.method,
    url: fastifyPath(op.path),
    schema: {
      params: op.params ?? NONE,
      querystring: op.query ?? NONE,
      ...(op.body && { body: bodySchema(op.body) }),
      ...(op.headers && { headers: op.headers }),
    },
    config: { ...config, scope: op.scope, etag: 304 in op.responses, responses: response },
    handler: async (request, reply) => {
      const body = await handler(
        {
          params: request.params as Out<O['params']>,
          query: request.query as Out<O['query']>,
          body: request.body as Out<O['body']>,
          headers: request.headers as Out<O['headers']>,
        },
        request,
        reply,
      );
      // A handler that sent another rendering itself (the report's HTML or PDF) hands back the reply.
      if ((body as unknown) === reply || !(body instanceof JsonText)) return body;
      return sendJsonText(request, reply, body, request.routeOptions.config.etag === true);
    },
  });
}
