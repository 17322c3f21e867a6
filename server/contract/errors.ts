import { z } from 'zod';

/** The full enumeration of `code` (contract section 7). */
export const ERROR_CODES = [
  'byok_not_supported',
  'daily_run_limit',
  'host_required',
  'insufficient_allowance',
  'insufficient_scope',
  'internal',
  'invalid_key',
  'invalid_parameter',
  'key_expired',
  'key_revoked',
  'method_not_allowed',
  'no_prompts',
  'not_found',
  'plan_limit',
  'plan_required',
  'range_too_wide',
  'rate_limited',
  'run_in_progress',
  'unsupported_filter_combination',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorCodeSchema = z.enum(ERROR_CODES).meta({ id: 'ErrorCode' });

export const Problem = z
  .looseObject({
    type: z.url().describe('Link to the docs entry of this kind of error'),
    title: z.string().describe('Short name of the HTTP status'),
    status: z.number().int().describe('The HTTP status repeated'),
    detail: z.string().optional().describe('What went wrong and what to change'),
    instance: z.string().optional().describe('The request path'),
    code: ErrorCodeSchema,
    requestId: z.string().describe('Unique request id, also sent as header X-Request-Id'),
    estimatedUnits: z.number().int().optional().describe('With insufficient_allowance only'),
    remainingUnits: z.number().int().optional().describe('With insufficient_allowance only'),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details, sent as application/problem+json' });

/** Problem `type` URIs point into the reference the service serves itself; rate limits to their own section. */
export function problemType(baseUrl: string, code: ErrorCode): string {
  return code === 'rate_limited' ? `${baseUrl}/docs#rate-limits` : `${baseUrl}/docs#error-${code}`;
}
