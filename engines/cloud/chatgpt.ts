/** ChatGPT through OpenAI's Responses API with its web_search tool. */
import type { AnswerEngine, AskOptions, TextModel } from '../types.ts';
import { finishAnswer, SourceList } from './answer.ts';
import { textWithoutCitationLinks } from './citation-links.ts';
import type { AdapterSettings } from './config.ts';
import type { VendorErrorRule } from './errors.ts';
import { obj, str } from './json.ts';
import { postResponses, readResponses, urlCitations, webSearchQueries } from './responses.ts';

const ID = 'chatgpt';

/** A 429 that no wait can fix: the account has no credit left. */
export const openAiErrorRule: VendorErrorRule = (status, body) => {
  const error = obj(body?.error);
  const noQuota = str(error?.code) === 'insufficient_quota' || str(error?.type) === 'insufficient_quota';
  return status === 429 && noQuota ? { kind: 'fatal', code: 'insufficient_quota' } : undefined;
};

export function createChatgpt(settings: AdapterSettings): AnswerEngine & TextModel {
  return {
    id: ID,
    async ask(prompt: string, options: AskOptions = {}) {
      const body = { input: prompt, tools: [{ type: 'web_search' }] };
      const read = readResponses(
        ID,
        await postResponses(ID, settings, body, options.signal, openAiErrorRule),
      );
      const sources = new SourceList();
      for (const c of urlCitations(read.annotations)) sources.add(c.url, c.title);
      return finishAnswer(
        ID,
        textWithoutCitationLinks(read),
        sources.list(),
        read.model,
        webSearchQueries(read.body),
      );
    },
    async complete(system: string, user: string, options: AskOptions = {}) {
      const body = { instructions: system, input: user };
      const read = readResponses(
        ID,
        await postResponses(ID, settings, body, options.signal, openAiErrorRule),
      );
      return finishAnswer(ID, read.text, [], read.model).text;
    },
  };
}
