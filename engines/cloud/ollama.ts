/** A local model through Ollama's /api/chat. It does not search, so its answers have no sources. */
import type { AnswerEngine, AskOptions, TextModel } from '../types.ts';
import { finishAnswer } from './answer.ts';
import { invalidResponse } from './errors.ts';
import { callJson } from './http.ts';
import { obj, str, type JsonObject } from './json.ts';

const ID = 'ollama';

export interface OllamaSettings {
  host: string;
  model: string;
}

async function chat(settings: OllamaSettings, messages: JsonObject[], signal: AbortSignal | undefined) {
  const res = await callJson({
    engineId: ID,
    method: 'POST',
    url: `${settings.host}/api/chat`,
    // stream:false: one JSON body instead of a line per token.
    body: { model: settings.model, messages, stream: false },
    signal,
    secrets: [],
  });
  const text = str(obj(res.message)?.content);
  if (text === undefined) throw invalidResponse(ID, 'no message.content');
  return finishAnswer(ID, text, [], str(res.model) ?? null);
}

export function createOllama(settings: OllamaSettings): AnswerEngine & TextModel {
  return {
    id: ID,
    ask: (prompt: string, options: AskOptions = {}) =>
      chat(settings, [{ role: 'user', content: prompt }], options.signal),
    async complete(system: string, user: string, options: AskOptions = {}) {
      const messages = [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ];
      return (await chat(settings, messages, options.signal)).text;
    },
  };
}
