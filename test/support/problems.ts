import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { Problem } from '../../server/contract/errors.ts';
import { buildOpenApiDocument } from '../../server/contract/openapi.ts';
import { ERROR_CODE_DOCS } from '../../server/contract/openapi-text.ts';
import type { HttpVerb } from '../../server/contract/openapi-types.ts';
import type { Operation } from '../../server/contract/operations.ts';
import { BASE } from './api-harness.ts';

const document = buildOpenApiDocument(BASE);

/** The statuses the generated OpenAPI document lists for an operation: what integrators are told to expect. */
export function documentedStatuses(op: Operation): number[] {
  const described = document.paths[op.path]?.[op.method.toLowerCase() as HttpVerb];
  if (!described) throw new Error(`${op.method} ${op.path} is not in the document`);
  return Object.keys(described.responses).map(Number);
}

/**
 * A refusal in the contract's shape (section 7): problem+json, a code from the list sent with a status the
 * document gives that code, and the request id in both the body and `X-Request-Id`, with `RateLimit` beside it.
 */
export function expectProblem(r: LightMyRequestResponse, what: string) {
  expect(r.headers['content-type'], what).toBe('application/problem+json');
  const body = Problem.parse(r.json());
  expect(body.status, what).toBe(r.statusCode);
  expect(ERROR_CODE_DOCS[body.code].statuses, `${what}: ${body.code} with ${r.statusCode}`).toContain(
    r.statusCode,
  );
  expect(body.requestId, what).toMatch(/^req_[A-Za-z0-9]{20}$/);
  expect(r.headers['x-request-id'], what).toBe(body.requestId);
  expect(r.headers.ratelimit, what).toMatch(/^limit=\d+, remaining=\d+, reset=\d+$/);
  return body;
}
