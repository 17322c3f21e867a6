import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemType, type ErrorCode } from '../contract/errors.ts';

export interface ProblemInput {
  status: number;
  code: ErrorCode;
  detail: string;
  extras?: Record<string, unknown>;
}

export function sendProblem(baseUrl: string, request: FastifyRequest, reply: FastifyReply, p: ProblemInput) {
  const body = {
    type: problemType(baseUrl, p.code),
    title: STATUS_CODES[p.status] ?? 'Error',
    status: p.status,
    detail: p.detail,
    instance: request.url.split('?')[0],
    code: p.code,
    requestId: request.id,
    ...p.extras,
  };
  // Serialised by hand: a problem must go out even when a route's response schema would not fit it.
  return reply
    .code(p.status)
    .type('application/problem+json')
    .serializer((b: unknown) => JSON.stringify(b))
    .send(body);
}
