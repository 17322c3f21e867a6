/** One JSON request to a vendor, every failure turned into an EngineError that carries no key. */
import { request } from 'undici';
import { EngineError } from '../types.ts';
import {
  canceled,
  httpError,
  invalidResponse,
  parseJsonObject,
  redact,
  type VendorErrorRule,
} from './errors.ts';
import type { JsonObject } from './json.ts';

export interface JsonCall {
  engineId: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Values that must never appear in an error: the keys in headers or in the URL. */
  secrets: readonly string[];
  errorRule?: VendorErrorRule;
}

/** Answers are a few KB; anything this large is not an answer and must not fill memory. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Why a request stopped: the resilience layer aborts with its own EngineError (timeout or canceled). */
function abortError(engineId: string, signal: AbortSignal): EngineError {
  return signal.reason instanceof EngineError ? signal.reason : canceled(engineId);
}

function transportError(call: JsonCall, err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  if (call.signal?.aborted) return abortError(call.engineId, call.signal);
  const { code, message } = err as { code?: unknown; message?: unknown };
  const codeText = typeof code === 'string' ? code : 'unknown';
  // The cause is rebuilt from words only: undici's own error objects may hold the request, URL and all.
  const cause = new Error(redact(`${codeText}: ${String(message)}`, call.secrets));
  const timeout = TIMEOUT_CODES.has(codeText);
  return new EngineError(
    call.engineId,
    'retryable',
    timeout ? 'timeout' : 'network',
    `${call.engineId}: ${timeout ? 'timed out' : 'network error'} (${codeText})`,
    { cause },
  );
}

async function readBody(
  engineId: string,
  body: AsyncIterable<Buffer> & { destroy(): void },
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      throw invalidResponse(engineId, `body larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function callJson(call: JsonCall): Promise<JsonObject> {
  let status: number;
  let headers: Record<string, string | string[] | undefined>;
  let text: string;
  try {
    const res = await request(call.url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: call.signal,
    });
    status = res.statusCode;
    headers = res.headers;
    text = await readBody(call.engineId, res.body);
  } catch (err) {
    throw transportError(call, err);
  }
  if (status < 200 || status > 299) {
    throw httpError(call.engineId, status, headers, text, call.secrets, call.errorRule);
  }
  const parsed = parseJsonObject(text);
  if (!parsed) throw invalidResponse(call.engineId, 'the body is not a JSON object');
  return parsed;
}
