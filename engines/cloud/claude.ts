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
import { SearchQueryList } from '../search-queries.ts';

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

/** Blocks of a server tool's work: text on either side of them is two paragraphs, not one. */
const TOOL_BLOCK = /(?:^|_)tool_(?:use|result)(?:_|$)/;

/**
 * A turn's text, sources and search errors, read block by block across its responses (a paused turn goes on in
 * the next one). Text blocks split only where citations start or end join as they are; a tool block between two
 * text blocks ("…(September 26, 2024)." searching "Based on the search results…") is a paragraph break.
 */
class TurnReader {
  text = '';
  readonly sources = new SourceList();
  readonly searchErrors: string[] = [];
  readonly searches = new SearchQueryList();
  private toolSinceText = false;

  read(content: JsonObject[]): void {
    for (const block of content) {
      const type = str(block.type) ?? '';
      if (type === 'text') this.addText(str(block.text) ?? '', objects(block.citations));
      else if (TOOL_BLOCK.test(type)) this.toolSinceText = true;
      if (type === 'web_search_tool_result') this.addResults(block.content);
      if (type === 'server_tool_use' && block.name === 'web_search')
        this.searches.add(obj(block.input)?.query);
    }
  }

  private addText(text: string, citations: JsonObject[]): void {
    if (this.toolSinceText && this.text.trim() !== '' && text.trim() !== '') {
      this.text = `${this.text.trimEnd()}\n\n${text.trimStart()}`;
    } else {
      this.text += text;
    }
    if (text.trim() !== '') this.toolSinceText = false;
    for (const c of citations) {
      if (c.type === 'web_search_result_location') this.sources.add(c.url, c.title);
    }
  }

  private addResults(content: unknown): void {
    const error = obj(content);
    if (error?.type === 'web_search_tool_result_error') {
      this.searchErrors.push(str(error.error_code) ?? 'unknown');
    }
    for (const result of objects(content)) this.sources.add(result.url, result.title);
  }
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
      const turn = new TurnReader();
      let model: string | null = null;
      for (let continuation = 0; ; continuation++) {
        const messages = said.length === 0 ? [question] : [question, { role: 'assistant', content: said }];
        const res = await post(settings, { tools: [WEB_SEARCH], messages }, options.signal);
        const content = objects(res.content);
        turn.read(content);
        said.push(...content);
        model = str(res.model) ?? model;
        const passing = turn.searchErrors.find((code) => PASSING_SEARCH_ERRORS.has(code));
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
      if (turn.searchErrors.length > 0 && turn.text.trim() === '') {
        throw fail('fatal', 'search_failed', `the web search failed (${turn.searchErrors.join(', ')})`);
      }
      return finishAnswer(ID, turn.text, turn.sources.list(), model, turn.searches.list());
    },
    async complete(system: string, user: string, options: AskOptions = {}) {
      const res = await post(
        settings,
        { system, messages: [{ role: 'user', content: user }] },
        options.signal,
      );
      checkStop(res.stop_reason);
      const turn = new TurnReader();
      turn.read(objects(res.content));
      return finishAnswer(ID, turn.text, [], str(res.model) ?? null).text;
    },
  };
}
