import type { ErrorCode } from '../contract/errors.ts';

/** HTTP status of each stable code; the domain speaks in codes, the HTTP layer turns them into problems. */
export const STATUS_OF: Record<ErrorCode, number> = {
  invalid_parameter: 400,
  range_too_wide: 400,
  unsupported_filter_combination: 400,
  invalid_key: 401,
  key_expired: 401,
  key_revoked: 401,
  plan_required: 403,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  insufficient_allowance: 409,
  plan_limit: 409,
  run_in_progress: 409,
  no_prompts: 409,
  host_required: 409,
  byok_not_supported: 409,
  rate_limited: 429,
  daily_run_limit: 429,
  internal: 500,
};

/** A refusal the caller can act on: a stable code, a detail that says what to change, and extension members. */
export class AppError extends Error {
  readonly status: number;
  /** Seconds the caller should wait before trying again (sent as Retry-After). */
  retryAfter: number | null = null;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: Record<string, unknown> = {},
    status?: number,
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = status ?? STATUS_OF[code];
  }
}

export const notFound = (what = 'resource') =>
  new AppError('not_found', `No such ${what}, or this key cannot read it.`);
export const invalid = (detail: string) => new AppError('invalid_parameter', detail);

/** A refusal that goes away with time: the HTTP layer sends Retry-After. */
export function retryLater(code: ErrorCode, detail: string, seconds: number): AppError {
  const err = new AppError(code, detail);
  err.retryAfter = seconds;
  return err;
}

/** Seconds a caller waits before trying again while the database cannot be reached. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * The database cannot be reached (StoreUnavailableError): nothing is wrong with the request and nothing half-done
 * was kept, so the same request succeeds once the database is back; the caller is told when to try again.
 */
export function storeUnavailable(): AppError {
  const err = new AppError(
    'internal',
    `The database is unavailable for the moment. Retry in ${UNAVAILABLE_RETRY_SECONDS} s.`,
    {},
    503,
  );
  err.retryAfter = UNAVAILABLE_RETRY_SECONDS;
  return err;
}
