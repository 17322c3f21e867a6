/**
 * Perplexity's Sonar through its chat completions API. The text cites with `[n]` markers, n counting from 1
 * into the sources; the sources are `search_results` (with titles) and/or `citations` (URLs only), either of
 * which may be absent. The sources keep that order, and the markers leave the text.
 */
import type { AnswerEngine, AskOptions, TextModel } from '../types.ts';
import { finishAnswer, SourceList, stripMarkers } from './answer.ts';
import type { AdapterSettings } from './config.ts';
import { invalidResponse } from './errors.ts';
import { callJson } from './http.ts';
import { arr, obj, objects, str, type JsonObject } from './json.ts';

const ID = 'perplexity';
/** `[3]` (counting from 1), but not a Markdown link label `[3](...)`. */
const MARKER = String.raw`\[[1-9]\d{0,2}\](?!\()`;
/** The reasoning models (sonar-reasoning*) put their thinking first, inside <think>. */
const THINKING = /^\s*<think>[\s\S]*?<\/think>/;

function post(settings: AdapterSettings, messages: JsonObject[], signal: AbortSignal | undefined) {
  return callJson({
    engineId: ID,
    method: 'POST',
    url: `${settings.baseUrl}/chat/completions`,
    headers: { authorization: `Bearer ${settings.apiKey}` },
    body: { model: settings.model, messages },
    signal,
    secrets: [settings.apiKey],
  });
}

function content(res: JsonObject): string {
  const text = str(obj(obj(arr(res.choices)[0])?.message)?.content);
  if (text === undefined) throw invalidResponse(ID, 'no choices[0].message.content');
  return text.replace(THINKING, '');
}

/** Source n from search_results[n-1], else citations[n-1]: both lists count the same sources. */
function sourcesOf(res: JsonObject): SourceList {
  const results = objects(res.search_results);
  const citations = arr(res.citations);
  const sources = new SourceList();
  for (let i = 0; i < Math.max(results.length, citations.length); i++) {
    const result = results[i];
    sources.add(result?.url ?? citations[i], result?.title);
  }
  return sources;
}

export function createPerplexity(settings: AdapterSettings): AnswerEngine & TextModel {
  return {
    id: ID,
    async ask(prompt: string, options: AskOptions = {}) {
      const res = await post(settings, [{ role: 'user', content: prompt }], options.signal);
      const text = stripMarkers(content(res), MARKER);
      return finishAnswer(ID, text, sourcesOf(res).list(), str(res.model) ?? null);
    },
    async complete(system: string, user: string, options: AskOptions = {}) {
      const messages = [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ];
      const res = await post(settings, messages, options.signal);
      return finishAnswer(ID, content(res), [], null).text;
    },
  };
}
