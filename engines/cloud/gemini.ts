/**
 * Gemini through generateContent with the google_search tool. Sources are the grounding chunks: the uri is a
 * vertexaisearch redirect link and the title usually the site's domain. Each redirect is read once per run to
 * store the page itself (redirects.ts); when it cannot be read, a domain title stands for the site's home page,
 * and anything else keeps the link as Gemini gave it.
 */
import { parse as parseDomain } from 'tldts';
import { EngineError, type AnswerEngine, type AskOptions, type TextModel } from '../types.ts';
import { finishAnswer, SourceList } from './answer.ts';
import type { AdapterSettings } from './config.ts';
import { invalidResponse, type VendorErrorRule } from './errors.ts';
import { callJson } from './http.ts';
import { arr, objects, obj, str, type JsonObject } from './json.ts';
import { searchQueryList } from '../search-queries.ts';
import { isGroundingRedirect, type RedirectReader, type ResolvedLinks } from './redirects.ts';

const ID = 'gemini';
const BLOCKED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

function details(body: JsonObject | undefined): JsonObject[] {
  return objects(obj(body?.error)?.details);
}

/** "35s" or "0.5s", as google.rpc.RetryInfo writes durations. */
function retryDelayMs(body: JsonObject | undefined): number | null {
  const delay = details(body)
    .map((d) => str(d.retryDelay))
    .find((d) => d !== undefined);
  const match = delay?.match(/^(\d+(?:\.\d+)?)s$/);
  return match ? Number(match[1]) * 1000 : null;
}

/**
 * Google answers a bad key with a 400 (API_KEY_INVALID), and a spent free-tier day with the same 429 as a
 * busy minute; only the QuotaFailure details tell them apart (quota ids like `...PerDayPerProject...`).
 */
const geminiErrorRule: VendorErrorRule = (status, body) => {
  const all = details(body);
  if (status === 400 && all.some((d) => d.reason === 'API_KEY_INVALID')) {
    return { kind: 'fatal', code: 'auth' };
  }
  if (status !== 429) return undefined;
  const perDay = all
    .flatMap((d) => objects(d.violations))
    .some((v) => /per ?day/i.test(`${str(v.quotaId) ?? ''} ${str(v.quotaMetric) ?? ''}`));
  if (perDay) return { kind: 'fatal', code: 'daily_quota' };
  return { kind: 'retryable', code: 'rate_limited', retryAfterMs: retryDelayMs(body) };
};

function post(settings: AdapterSettings, body: JsonObject, signal: AbortSignal | undefined) {
  const model = encodeURIComponent(settings.model.replace(/^models\//, ''));
  return callJson({
    engineId: ID,
    method: 'POST',
    url: `${settings.baseUrl}/v1beta/models/${model}:generateContent`,
    headers: { 'x-goog-api-key': settings.apiKey },
    body,
    signal,
    secrets: [settings.apiKey],
    errorRule: geminiErrorRule,
  });
}

/** The first candidate, once blocked prompts and answers are told apart from answers. */
function candidate(res: JsonObject): JsonObject {
  const blockReason = str(obj(res.promptFeedback)?.blockReason);
  const first = obj(arr(res.candidates)[0]);
  const finish = str(first?.finishReason) ?? '';
  if (blockReason || BLOCKED.has(finish)) {
    throw new EngineError(ID, 'fatal', 'content_filter', `${ID}: blocked (${blockReason ?? finish})`, {
      status: 200,
    });
  }
  if (!first) throw invalidResponse(ID, 'no candidates');
  return first;
}

/** Thought summaries (`thought: true`) are the model's notes, not its answer. */
function answerText(first: JsonObject): string {
  return objects(obj(first.content)?.parts)
    .filter((p) => p.thought !== true)
    .map((p) => str(p.text) ?? '')
    .join('');
}

const userTurn = (text: string) => [{ role: 'user', parts: [{ text }] }];

/** `https://<title>/` when the title is a host name under a public suffix ("weather.gov"), else null. */
function domainHome(title: unknown): string | null {
  const text = typeof title === 'string' ? title.trim().toLowerCase() : '';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(text)) return null;
  const parsed = parseDomain(text);
  return parsed.isIcann === true && parsed.domain !== null ? `https://${text}/` : null;
}

async function sourceUrl(
  uri: string,
  title: unknown,
  redirects: RedirectReader,
  links: ResolvedLinks | undefined,
): Promise<string> {
  if (!isGroundingRedirect(uri)) return uri;
  return (await redirects(uri, links)) ?? domainHome(title) ?? uri;
}

/** The web grounding chunks as sources, their redirect links read in parallel, in Gemini's order. */
async function groundingSources(first: JsonObject, redirects: RedirectReader, links?: ResolvedLinks) {
  // No groundingMetadata means Gemini answered without searching: no sources, not an error.
  const webs = objects(obj(first.groundingMetadata)?.groundingChunks).flatMap((chunk) => {
    const web = obj(chunk.web);
    const uri = str(web?.uri)?.trim();
    return uri ? [{ uri, title: web?.title }] : [];
  });
  const urls = await Promise.all(webs.map((w) => sourceUrl(w.uri, w.title, redirects, links)));
  const sources = new SourceList();
  webs.forEach((w, i) => sources.add(urls[i], w.title));
  return sources.list();
}

export function createGemini(settings: AdapterSettings, redirects: RedirectReader): AnswerEngine & TextModel {
  return {
    id: ID,
    async ask(prompt: string, options: AskOptions = {}) {
      const res = await post(
        settings,
        { contents: userTurn(prompt), tools: [{ google_search: {} }] },
        options.signal,
      );
      options.answered?.();
      const first = candidate(res);
      const sources = await groundingSources(first, redirects, options.resolvedLinks);
      const queries = searchQueryList(arr(obj(first.groundingMetadata)?.webSearchQueries));
      return finishAnswer(ID, answerText(first), sources, str(res.modelVersion) ?? null, queries);
    },
    async complete(system: string, user: string, options: AskOptions = {}) {
      const body = { systemInstruction: { parts: [{ text: system }] }, contents: userTurn(user) };
      const res = await post(settings, body, options.signal);
      return finishAnswer(ID, answerText(candidate(res)), [], null).text;
    },
  };
}
