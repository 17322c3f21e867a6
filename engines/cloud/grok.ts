/**
 * Grok through xAI's Responses API (the same shapes as OpenAI's) with its web_search tool. Its url_citation
 * annotations often carry the URL alone (no title, no span); citation links to them leave the text as ChatGPT's do.
 */
import type { AnswerEngine, AskOptions, TextModel } from '../types.ts';
import { finishAnswer, SourceList } from './answer.ts';
import { textWithoutCitationLinks } from './citation-links.ts';
import type { AdapterSettings } from './config.ts';
import type { VendorErrorRule } from './errors.ts';
import { arr, obj, str } from './json.ts';
import { postResponses, readResponses, urlCitations, webSearchQueries } from './responses.ts';

const ID = 'grok';

/** xAI answers a wrong key with a 400, not a 401. */
const xaiErrorRule: VendorErrorRule = (status, body) => {
  const message = str(body?.error) ?? str(obj(body?.error)?.message) ?? '';
  return status === 400 && /api key/i.test(message) ? { kind: 'fatal', code: 'auth' } : undefined;
};

/** xAI titles a citation with its number ("1"), which names nothing. */
function citationTitle(title: unknown): unknown {
  return typeof title === 'string' && /^\s*\d+\s*$/.test(title) ? null : title;
}

export function createGrok(settings: AdapterSettings): AnswerEngine & TextModel {
  return {
    id: ID,
    async ask(prompt: string, options: AskOptions = {}) {
      const body = { input: prompt, tools: [{ type: 'web_search' }] };
      const read = readResponses(ID, await postResponses(ID, settings, body, options.signal, xaiErrorRule));
      const sources = new SourceList();
      for (const c of urlCitations(read.annotations)) sources.add(c.url, citationTitle(c.title));
      for (const url of arr(read.body.citations)) sources.add(url);
      // Grok writes each citation into the text as `[[n]](url)`, which goes with the others' citation links.
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
      const read = readResponses(ID, await postResponses(ID, settings, body, options.signal, xaiErrorRule));
      return finishAnswer(ID, read.text, [], read.model).text;
    },
  };
}
