/**
 * How an HTTP failure becomes an EngineError (DESIGN section 7): retry what may pass (408, 409, 429, 5xx,
 * Anthropic's 529), give up on what cannot (auth, quota, a malformed request). Vendors that say more than
 * their status code (OpenAI's insufficient_quota 429, Gemini's 400 for a bad key) add a rule of their own.
 */
import { EngineError, type EngineErrorKind } from '../types.ts';
import { obj, str, type JsonObject } from './json.ts';

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface ErrorClass {
  kind: EngineErrorKind;
  code: string;
  /** When the vendor says how long to wait somewhere other than the headers. */
  retryAfterMs?: number | null;
}

/** A vendor's own reading of an error answer; undefined falls back to the status rules. */
export type VendorErrorRule = (status: number, body: JsonObject | undefined) => ErrorClass | undefined;

const MESSAGE_LIMIT = 300;

function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `retry-after-ms` (OpenAI, Anthropic) wins over `retry-after`, which is seconds or an HTTP date. */
export function parseRetryAfter(headers: ResponseHeaders, now = Date.now()): number | null {
  const ms = header(headers, 'retry-after-ms')?.trim();
  if (ms && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const value = header(headers, 'retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function classifyStatus(status: number): ErrorClass {
  if (status === 401 || status === 403) return { kind: 'fatal', code: 'auth' };
  if (status === 402) return { kind: 'fatal', code: 'insufficient_quota' };
  if (status === 408) return { kind: 'retryable', code: 'timeout' };
  if (status === 409) return { kind: 'retryable', code: 'conflict' };
  if (status === 429) return { kind: 'retryable', code: 'rate_limited' };
  if (status === 529) return { kind: 'retryable', code: 'overloaded' };
  if (status >= 500) return { kind: 'retryable', code: 'server_error' };
  if (status === 404) return { kind: 'fatal', code: 'not_found' };
  if (status >= 400) return { kind: 'fatal', code: 'bad_request' };
  // Redirects are not followed: a base URL that redirects is a configuration error.
  return { kind: 'fatal', code: 'invalid_response' };
}

/** The vendor's own words: `error.message` (OpenAI, Anthropic, Gemini), `error` (xAI, SerpApi, Ollama). */
function vendorMessage(body: JsonObject | undefined, text: string): string {
  const message =
    str(obj(body?.error)?.message) ?? str(body?.error) ?? str(body?.message) ?? (body ? '' : text.trim());
  // An HTML error page says nothing a log reader needs.
  const plain = message.startsWith('<') ? '' : message.replace(/\s+/g, ' ');
  return plain.length > MESSAGE_LIMIT ? `${plain.slice(0, MESSAGE_LIMIT)}...` : plain;
}

/** Keys can come back in an error (SerpApi takes its key in the query string): never let one out. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text.replace(/\b(api_key|key)=[^&\s"']+/gi, '$1=[redacted]');
  for (const secret of secrets) if (secret.length >= 4) out = out.replaceAll(secret, '[redacted]');
  return out;
}

export function parseJsonObject(text: string): JsonObject | undefined {
  try {
    return obj(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export function httpError(
  engineId: string,
  status: number,
  headers: ResponseHeaders,
  text: string,
  secrets: readonly string[],
  rule?: VendorErrorRule,
): EngineError {
  const body = parseJsonObject(text);
  const found = rule?.(status, body) ?? classifyStatus(status);
  const said = vendorMessage(body, text);
  const message = redact(`${engineId}: HTTP ${status} (${found.code})${said ? `: ${said}` : ''}`, secrets);
  return new EngineError(engineId, found.kind, found.code, message, {
    status,
    retryAfterMs: parseRetryAfter(headers) ?? found.retryAfterMs ?? null,
  });
}

/** A 200 whose body we cannot read: usually a proxy or a half-written answer, so worth one more try. */
export function invalidResponse(engineId: string, why: string): EngineError {
  return new EngineError(engineId, 'retryable', 'invalid_response', `${engineId}: invalid response: ${why}`);
}

export function canceled(engineId: string): EngineError {
  return new EngineError(engineId, 'fatal', 'canceled', `${engineId}: canceled`);
}
