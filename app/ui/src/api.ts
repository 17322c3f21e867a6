/**
 * Calls to the service from the page: the public API under /v1 and the owner endpoints under /local/v1. On
 * `start` both carry `Authorization: Bearer <owner token>`; a person signed in to the cloud service sends no
 * token, only the session cookie (same origin), and never calls /local/v1. /v1 calls name the account in
 * `X-Answerwatch-Account`. Errors are the service's problem+json, surfaced with their `detail`.
 */
import type { Page } from './types.ts';

export type Query =
  URLSearchParams | Record<string, string | number | boolean | readonly string[] | null | undefined>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly problem: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

interface Credentials {
  /** The owner token of `start`, or null for a signed-in person (the session cookie). */
  token: string | null;
  accountId: string | null;
}

const credentials: Credentials = { token: null, accountId: null };
let onUnauthorized: (() => void) | null = null;

export function configureApi(
  token: string | null,
  accountId: string | null,
  unauthorized?: () => void,
): void {
  credentials.token = token;
  credentials.accountId = accountId;
  if (unauthorized) onUnauthorized = unauthorized;
}

/** Signed in as a person (the session cookie), not as `start`'s owner. */
export const signedInAsPerson = (): boolean => credentials.token === null;

const OWNER_REFUSED =
  'The owner token was refused: it is new every time the service starts. Open the Web UI link that `npm start` (or `npx answerwatch start`) printed in its terminal.';
export const SESSION_ENDED =
  'Your session has ended (you signed out, or were signed out elsewhere): sign in again.';

export function currentAccount(): string | null {
  return credentials.accountId;
}

/** A path segment from an id: encoded, so an id can never add a segment or a query. */
export const seg = (id: string) => encodeURIComponent(id);

function queryString(query?: Query): string {
  if (!query) return '';
  let params: URLSearchParams;
  if (query instanceof URLSearchParams) params = query;
  else {
    params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === null || v === undefined || v === '') continue;
      if (Array.isArray(v)) for (const item of v as readonly string[]) params.append(k, item);
      else params.set(k, String(v));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The body as a file (a PDF, say) rather than JSON. */
  file?: boolean;
}

async function problemOf(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // Not JSON: the status alone says what happened.
  }
  const code = typeof body.code === 'string' ? body.code : `http_${res.status}`;
  const detail =
    typeof body.detail === 'string'
      ? body.detail
      : typeof body.title === 'string'
        ? body.title
        : `The service answered ${res.status} ${res.statusText}`.trim();
  return new ApiError(res.status, code, detail, body);
}

async function call<T>(
  prefix: '/v1' | '/local/v1',
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
  if (prefix === '/local/v1' && !credentials.token)
    throw new ApiError(
      404,
      'not_found',
      'Only the owner of this computer does this, from `npx answerwatch start`.',
    );
  if (prefix === '/v1' && credentials.accountId) headers['x-answerwatch-account'] = credentials.accountId;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${prefix}${path}${queryString(opts.query)}`, {
      method,
      headers,
      // Revalidate every time: the ETag still saves the body, and a finished run shows at once.
      cache: 'no-cache',
      // The session cookie goes only with a person's calls; the owner's token needs no cookie.
      credentials: credentials.token ? 'omit' : 'same-origin',
      ...(opts.body !== undefined && { body: JSON.stringify(opts.body) }),
      ...(opts.signal && { signal: opts.signal }),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(
      0,
      'network',
      credentials.token
        ? 'Could not reach the service. Is `npm start` (or `npx answerwatch start`) still running?'
        : 'Could not reach the service: check the connection and try again.',
    );
  }
  if (res.status === 401) {
    onUnauthorized?.();
    const problem = await problemOf(res);
    throw new ApiError(401, problem.code, credentials.token ? OWNER_REFUSED : SESSION_ENDED, problem.problem);
  }
  if (!res.ok) throw await problemOf(res);
  if (res.status === 204) return undefined as T;
  if (opts.file) return (await res.blob()) as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function client(prefix: '/v1' | '/local/v1') {
  return {
    get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
      call<T>(prefix, 'GET', path, { ...(query && { query }), ...(signal && { signal }) }),
    post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>(prefix, 'POST', path, { body, ...(headers && { headers }) }),
    patch: <T>(path: string, body: unknown) => call<T>(prefix, 'PATCH', path, { body }),
    put: <T>(path: string, body: unknown) => call<T>(prefix, 'PUT', path, { body }),
    del: <T>(path: string) => call<T>(prefix, 'DELETE', path),
    /** A file the service renders (a PDF): fetched with the same credentials as every call. */
    file: (path: string, query: Query, accept: string) =>
      call<Blob>(prefix, 'GET', path, { query, headers: { accept }, file: true }),
  };
}

/** The public API (`/v1`), as the chosen account. */
export const api = client('/v1');
/** The owner endpoints of `answerwatch start` (`/local/v1`). */
export const local = client('/local/v1');

/**
 * Every item of a paged list, following nextCursor with the largest page the API allows; stops at `max`
 * items and calls `progress` after each page.
 */
export async function allPages<T>(
  path: string,
  query: Query = {},
  opts: { max?: number; progress?: (count: number) => void; signal?: AbortSignal } = {},
): Promise<{ items: T[]; complete: boolean }> {
  const max = opts.max ?? 100_000;
  const items: T[] = [];
  let cursor: string | null | undefined;
  for (;;) {
    const params = new URLSearchParams(queryString(query).slice(1));
    params.set('limit', '200');
    if (cursor) params.set('cursor', cursor);
    const page = await api.get<Page<T>>(path, params, opts.signal);
    items.push(...page.data);
    opts.progress?.(items.length);
    cursor = page.nextCursor;
    if (!cursor) return { items, complete: true };
    if (items.length >= max) return { items, complete: false };
  }
}
