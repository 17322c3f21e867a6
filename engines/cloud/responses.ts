/**
 * The Responses API, which OpenAI (chatgpt) and xAI (grok) share: one request shape, one body shape.
 *
 * A 200 is not always an answer. Our choices for the other outcomes:
 * - `failed`: the vendor's `rate_limit_exceeded` and `server_error` (and `vector_store_timeout`) pass, so
 *   they are retryable; any other code (`invalid_prompt`, ...) would fail the same way again: fatal `failed`.
 * - `incomplete` for `max_output_tokens` with some text: kept. The engine did answer, only longer than its
 *   budget; a cut answer still names brands and sources, and asking again would hit the same budget.
 * - `incomplete` for `content_filter`: fatal `content_filter`. Half an answer the vendor withdrew is not
 *   what a user saw.
 * - `incomplete` for any other reason, or without text: fatal `incomplete`.
 * - `queued` / `in_progress` (we never ask for background mode): retryable `invalid_response`.
 */
import { EngineError } from '../types.ts';
import { invalidResponse, type VendorErrorRule } from './errors.ts';
import { callJson } from './http.ts';
import { arr, objects, obj, str, type JsonObject } from './json.ts';
import { SearchQueryList } from '../search-queries.ts';
import type { AdapterSettings } from './config.ts';

/** One output_text part: annotation offsets count characters of this part's text. */
export interface OutputText {
  text: string;
  annotations: JsonObject[];
}

export interface ResponsesText {
  text: string;
  /** The output_text parts the text joins (none when the answer is a refusal). */
  parts: OutputText[];
  /** Every annotation of every output_text, in order. */
  annotations: JsonObject[];
  model: string | null;
  /** The whole body, for what one vendor adds (xAI's top-level `citations`). */
  body: JsonObject;
}

export function postResponses(
  engineId: string,
  settings: AdapterSettings,
  body: JsonObject,
  signal: AbortSignal | undefined,
  errorRule?: VendorErrorRule,
): Promise<JsonObject> {
  return callJson({
    engineId,
    method: 'POST',
    url: `${settings.baseUrl}/responses`,
    headers: { authorization: `Bearer ${settings.apiKey}` },
    // store:false: we never read a response back, and brands' prompts need not sit on the vendor's side.
    body: { model: settings.model, store: false, ...body },
    signal,
    secrets: [settings.apiKey],
    errorRule,
  });
}

const PASSING_FAILURES: Record<string, string> = {
  rate_limit_exceeded: 'rate_limited',
  server_error: 'server_error',
  vector_store_timeout: 'server_error',
};

function failed(engineId: string, body: JsonObject): EngineError {
  const error = obj(body.error);
  const vendorCode = str(error?.code) ?? 'unknown';
  const passing = PASSING_FAILURES[vendorCode];
  const message = `${engineId}: the response failed (${vendorCode}): ${str(error?.message) ?? ''}`.trim();
  return new EngineError(engineId, passing ? 'retryable' : 'fatal', passing ?? 'failed', message, {
    status: 200,
  });
}

export function readResponses(engineId: string, body: JsonObject): ResponsesText {
  const status = str(body.status);
  if (status === 'failed') throw failed(engineId, body);
  if (status === 'queued' || status === 'in_progress') throw invalidResponse(engineId, `status ${status}`);

  const parts = objects(body.output)
    .filter((item) => item.type === 'message')
    .flatMap((item) => objects(item.content));
  const texts = parts
    .filter((p) => p.type === 'output_text')
    .map((p) => ({ text: str(p.text) ?? '', annotations: objects(p.annotations) }));
  // A refusal is what the user would have read, so it is the answer.
  const refusals = parts.filter((p) => p.type === 'refusal');
  const text =
    texts.length > 0 ? texts.map((p) => p.text).join('') : refusals.map((p) => str(p.refusal) ?? '').join('');
  const annotations = texts.flatMap((p) => p.annotations);

  if (status === 'incomplete') {
    const reason = str(obj(body.incomplete_details)?.reason) ?? 'unknown';
    if (reason === 'content_filter') {
      throw new EngineError(engineId, 'fatal', 'content_filter', `${engineId}: the answer was filtered`, {
        status: 200,
      });
    }
    if (reason !== 'max_output_tokens' || text.trim() === '') {
      throw new EngineError(
        engineId,
        'fatal',
        'incomplete',
        `${engineId}: the answer is incomplete (${reason})`,
        {
          status: 200,
        },
      );
    }
  }
  return { text, parts: texts, annotations, model: str(body.model) ?? null, body };
}

/**
 * The searches of the web_search_call items, in output order. OpenAI writes them in `action.queries` (with
 * `action.query`, the first of them, kept for older readers, or alone in older bodies); xAI writes the call's
 * `arguments` as a JSON string holding `query`. Opening a page or finding in one is not a search.
 */
export function webSearchQueries(body: JsonObject): string[] {
  const list = new SearchQueryList();
  for (const item of objects(body.output)) {
    if (item.type !== 'web_search_call') continue;
    const action = obj(item.action);
    if (action) {
      const queries = arr(action.queries);
      if (queries.length > 0) queries.forEach((q) => list.add(q));
      else list.add(action.query);
    } else {
      list.add(obj(parseArguments(item.arguments))?.query);
    }
  }
  return list.list();
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    // Arguments that are not JSON name no search; the answer itself still stands.
    return undefined;
  }
}

/** url_citation annotations as (url, title) pairs. */
export function urlCitations(annotations: JsonObject[]): { url: unknown; title: unknown }[] {
  return annotations.filter((a) => a.type === 'url_citation').map((a) => ({ url: a.url, title: a.title }));
}
