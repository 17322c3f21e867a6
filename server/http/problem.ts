import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemType, type ErrorCode } from '../contract/errors.ts';

export interface ProblemInput {
  status: number;
  code: ErrorCode;
  detail: string;
  extras?: Record<string, unknown>;
}

export const PROBLEM_TYPE = 'application/problem+json';

/** The RFC 9457 body of the contract's section 7; `instance` is left out where no request path is known. */
export function problemBody(baseUrl: string, p: ProblemInput, requestId: string, instance?: string) {
  return {
    type: problemType(baseUrl, p.code),
    title: STATUS_CODES[p.status] ?? 'Error',
    status: p.status,
    detail: p.detail,
    ...(instance === undefined ? {} : { instance }),
    code: p.code,
    requestId,
    ...p.extras,
  };
}

export function sendProblem(baseUrl: string, request: FastifyRequest, reply: FastifyReply, p: ProblemInput) {
  const body = problemBody(baseUrl, p, request.id, request.url.split('?')[0]);
  // Serialised by hand: a problem must go out even when a route's response schema would not fit it. The request id
  // is set here too, because refusals made before the hooks run (an undecodable URL) must carry it as well.
  return reply
    .code(p.status)
    .header('x-request-id', request.id)
    .type(PROBLEM_TYPE)
    .serializer((b: unknown) => JSON.stringify(b))
    .send(body);
}
