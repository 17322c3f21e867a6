/**
 * Claude through Anthropic's Messages API with the server-side web_search tool.
 *
 * A failed search comes back inside a 200, as a web_search_tool_result whose content is an error object.
 * `too_many_requests` and `unavailable` pass, so the ask is retried; for any other code (`max_uses_exceeded`,
 * `query_too_long`, `invalid_input`) Claude answers anyway, and that answer is kept.
 */
import { EngineError, type AnswerEngine, type AskOptions, type TextModel } from '../types.ts';
import { finishAnswer, SourceList } from './answer.ts';
import type { AdapterSettings } from './config.ts';
import { callJson } from './http.ts';
import { objects, obj, str, type JsonObject } from './json.ts';

const ID = 'claude';
const WEB_SEARCH = { type: 'web_search_20250305', name: 'web_search' };
/** Required by the API; long enough for any answer an answer engine gives. */
const MAX_TOKENS = 4096;
/** A turn paused more often than this is looping on searches; we stop paying for it. */
export const MAX_CONTINUATIONS = 3;
const PASSING_SEARCH_ERRORS = new Set(['too_many_requests', 'unavailable']);

function post(settings: AdapterSettings, body: JsonObject, signal: AbortSignal | undefined) {
  return callJson({
    engineId: ID,
    method: 'POST',
    url: `${settings.baseUrl}/v1/messages`,
    headers: { 'x-api-key': settings.apiKey, 'anthropic-version': '2023-06-01' },
    body: { model: settings.model, max_tokens: MAX_TOKENS, ...body },
    signal,
    secrets: [settings.apiKey],
  });
}

function fail(kind: 'retryable' | 'fatal', code: string, why: string): EngineError {
  return new EngineError(ID, kind, code, `${ID}: ${why}`, { status: 200 });
}

/** One response's text, sources and search errors, read in block order. */
function readBlocks(content: JsonObject[], sources: SourceList, searchErrors: string[]): string {
  let text = '';
  for (const block of content) {
    if (block.type === 'text') {
      text += str(block.text) ?? '';
      for (const c of objects(block.citations)) {
        if (c.type === 'web_search_result_location') sources.add(c.url, c.title);
      }
    } else if (block.type === 'web_search_tool_result') {
      const error = obj(block.content);
      if (error?.type === 'web_search_tool_result_error') {
        searchErrors.push(str(error.error_code) ?? 'unknown');
      }
      for (const result of objects(block.content)) sources.add(result.url, result.title);
    }
  }
  return text;
}

function checkStop(stopReason: unknown): void {
  if (stopReason === 'refusal') throw fail('fatal', 'content_filter', 'Claude declined to answer');
}

export function createClaude(settings: AdapterSettings): AnswerEngine & TextModel {
  return {
    id: ID,
    async ask(prompt: string, options: AskOptions = {}) {
      const question = { role: 'user', content: prompt };
      // pause_turn: the turn goes on where it stopped when we send it back with what Claude said so far.
      const said: JsonObject[] = [];
      const sources = new SourceList();
      const searchErrors: string[] = [];
      let text = '';
      let model: string | null = null;
      for (let continuation = 0; ; continuation++) {
        const messages = said.length === 0 ? [question] : [question, { role: 'assistant', content: said }];
        const res = await post(settings, { tools: [WEB_SEARCH], messages }, options.signal);
        const content = objects(res.content);
        text += readBlocks(content, sources, searchErrors);
        said.push(...content);
        model = str(res.model) ?? model;
        const passing = searchErrors.find((code) => PASSING_SEARCH_ERRORS.has(code));
        if (passing) throw fail('retryable', 'search_failed', `the web search failed (${passing})`);
        checkStop(res.stop_reason);
        if (res.stop_reason !== 'pause_turn') break;
        if (continuation === MAX_CONTINUATIONS) {
          throw fail(
            'fatal',
            'incomplete',
            `the turn was still paused after ${MAX_CONTINUATIONS} continuations`,
          );
        }
      }
      if (searchErrors.length > 0 && text.trim() === '') {
        throw fail('fatal', 'search_failed', `the web search failed (${searchErrors.join(', ')})`);
      }
      return finishAnswer(ID, text, sources.list(), model);
    },
    async complete(system: string, user: string, options: AskOptions = {}) {
      const res = await post(
        settings,
        { system, messages: [{ role: 'user', content: user }] },
        options.signal,
      );
      checkStop(res.stop_reason);
      const text = readBlocks(objects(res.content), new SourceList(), []);
      return finishAnswer(ID, text, [], str(res.model) ?? null).text;
    },
  };
}
