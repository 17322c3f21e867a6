import { STATUS_CODES } from 'node:http';
import { ERROR_CODES, problemType, type ErrorCode } from './errors.ts';
import type { HeaderObject, Ref, ResponseObject } from './openapi-types.ts';
import { ERROR_CODE_DOCS } from './openapi-text.ts';

/** Response headers and the shared problem+json error responses of the document. */

export const HEADERS = {
  'X-Request-Id': {
    description: 'Unique id of this request; the same value as `requestId` in a problem body.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'Budget left in the current window: `limit=<n>, remaining=<n>, reset=<seconds>`.',
    schema: { type: 'string', pattern: '^limit=\\d+, remaining=\\d+, reset=\\d+$' },
  },
  'Retry-After': {
    description: 'Whole seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
  ETag: {
    description: 'Hash of the body. Send it back in `If-None-Match` to get 304 when nothing changed.',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description: 'Always `private, max-age=60`.',
    schema: { type: 'string', const: 'private, max-age=60' },
  },
  Location: {
    description: 'Where to poll the run request.',
    schema: { type: 'string', format: 'uri-reference' },
  },
  'WWW-Authenticate': {
    description: 'Bearer challenge: `Bearer realm="answerwatch", error="invalid_token"`.',
    schema: { type: 'string' },
  },
} satisfies Record<string, HeaderObject>;

type HeaderName = keyof typeof HEADERS;

/** Every response carries these two, success or error, but for a 503 (see WITHOUT_RATE_LIMIT). */
const ALWAYS: HeaderName[] = ['X-Request-Id', 'RateLimit'];

export function responseHeaders(
  extra: readonly string[] = [],
  opts: { rateLimit?: boolean } = {},
): Record<string, Ref> {
  const names = [...ALWAYS.filter((h) => opts.rateLimit !== false || h !== 'RateLimit'), ...extra];
  for (const name of names)
    if (!Object.hasOwn(HEADERS, name)) throw new Error(`response header ${name} is not documented`);
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/** Component name of each shared error response, the code its example shows, and when it is sent. */
const ERROR_RESPONSES: Record<number, { name: string; example: ErrorCode; when?: string }> = {
  400: {
    name: 'BadRequest',
    example: 'invalid_parameter',
    when: 'A parameter or body field is missing or malformed (`detail` names it), the query has a parameter the operation does not take or a single-valued one twice, or the body is not JSON sent as `application/json`.',
  },
  401: { name: 'Unauthorized', example: 'invalid_key' },
  403: { name: 'Forbidden', example: 'insufficient_scope' },
  404: {
    name: 'NotFound',
    example: 'not_found',
    when: 'No such resource, or one this key cannot read. A path id that breaks its rule, or a path that is not valid percent-encoded UTF-8, names no resource and is answered the same way.',
  },
  409: { name: 'Conflict', example: 'plan_limit' },
  413: { name: 'PayloadTooLarge', example: 'invalid_parameter', when: 'The body is larger than 1 MiB.' },
  429: { name: 'TooManyRequests', example: 'rate_limited' },
  500: { name: 'InternalError', example: 'internal' },
  503: {
    name: 'ServiceUnavailable',
    example: 'internal',
    when: 'The database cannot be reached for the moment (a service on PostgreSQL): nothing was done, and the same request succeeds once it is back. `Retry-After` says when to try again.',
  },
};

const EXTRA_ERROR_HEADERS: Record<number, HeaderName[]> = {
  401: ['WWW-Authenticate'],
  429: ['Retry-After'],
  503: ['Retry-After'],
};

/** The request counts live in the database too: while it cannot be reached, the budget left is not known. */
const WITHOUT_RATE_LIMIT = new Set([503]);

/**
 * Statuses every operation may answer whatever it does: a malformed or unknown parameter, authentication, plan
 * and scope, the rate limit, faults, the database out of reach.
 */
export const COMMON_ERROR_STATUSES = [400, 401, 403, 429, 500, 503] as const;

export function errorResponseRef(status: number): Ref {
  const response = ERROR_RESPONSES[status];
  if (!response) throw new Error(`no shared error response for status ${status}`);
  return { $ref: `#/components/responses/${response.name}` };
}

export function errorResponses(baseUrl: string): Record<string, ResponseObject> {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([key, { name, example, when }]) => {
      const status = Number(key);
      const codes = ERROR_CODES.filter((code) => ERROR_CODE_DOCS[code].statuses.includes(status));
      if (!codes.includes(example)) throw new Error(`${example} is not documented with status ${status}`);
      const title = STATUS_CODES[status] ?? String(status);
      const response: ResponseObject = {
        description: `${title}. ${when ? `${when} ` : ''}Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
        headers: responseHeaders(EXTRA_ERROR_HEADERS[status], { rateLimit: !WITHOUT_RATE_LIMIT.has(status) }),
        content: {
          'application/problem+json': {
            schema: { $ref: '#/components/schemas/Problem' },
            example: {
              type: problemType(baseUrl, example),
              title,
              status,
              code: example,
              requestId: 'b1946ac92492d234',
            },
          },
        },
      };
      return [name, response];
    }),
  );
}
