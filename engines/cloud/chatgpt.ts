/** ChatGPT through OpenAI's Responses API with its web_search tool. */
import type { AnswerEngine, AskOptions, TextModel } from '../types.ts';
import { finishAnswer, LINK_TARGET, SourceList } from './answer.ts';
import type { AdapterSettings } from './config.ts';
import type { VendorErrorRule } from './errors.ts';
import { obj, str } from './json.ts';
import { postResponses, readResponses, urlCitations } from './responses.ts';

const ID = 'chatgpt';

/** A 429 that no wait can fix: the account has no credit left. */
export const openAiErrorRule: VendorErrorRule = (status, body) => {
  const error = obj(body?.error);
  const noQuota = str(error?.code) === 'insufficient_quota' || str(error?.type) === 'insufficient_quota';
  return status === 429 && noQuota ? { kind: 'fatal', code: 'insufficient_quota' } : undefined;
};

/**
 * The web_search tool writes each citation into the text as well, as `([site](url))` after the claim. The
 * annotation already holds it as a source, so only those links to cited URLs go; a link the model wrote as
 * part of a sentence stays.
 */
function stripCitationLinks(text: string, cited: ReadonlySet<string>): string {
  const link = new RegExp(String.raw`[ \t]*\(\[[^\]\n]*\]\((${LINK_TARGET})\)\)`, 'g');
  return text.replace(link, (whole: string, url: string) => (cited.has(url) ? '' : whole));
}

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
      const citations = urlCitations(read.annotations);
      for (const c of citations) sources.add(c.url, c.title);
      const cited = new Set(citations.flatMap((c) => str(c.url) ?? []));
      return finishAnswer(ID, stripCitationLinks(read.text, cited), sources.list(), read.model);
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
