/**
 * Gemini through generateContent with the google_search tool. Sources are the grounding chunks as given:
 * the uri is a vertexaisearch redirect and the title usually the site's domain; unwrapping the redirect would
 * cost a request per source, and the domain title is what the user sees.
 */
import { EngineError, type AnswerEngine, type AskOptions, type TextModel } from '../types.ts';
import { finishAnswer, SourceList } from './answer.ts';
import type { AdapterSettings } from './config.ts';
import { invalidResponse, type VendorErrorRule } from './errors.ts';
import { callJson } from './http.ts';
import { arr, objects, obj, str, type JsonObject } from './json.ts';

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

export function createGemini(settings: AdapterSettings): AnswerEngine & TextModel {
  return {
    id: ID,
    async ask(prompt: string, options: AskOptions = {}) {
      const res = await post(
        settings,
        { contents: userTurn(prompt), tools: [{ google_search: {} }] },
        options.signal,
      );
      const first = candidate(res);
      const sources = new SourceList();
      // No groundingMetadata means Gemini answered without searching: no sources, not an error.
      for (const chunk of objects(obj(first.groundingMetadata)?.groundingChunks)) {
        const web = obj(chunk.web);
        sources.add(web?.uri, web?.title);
      }
      return finishAnswer(ID, answerText(first), sources.list(), str(res.modelVersion) ?? null);
    },
    async complete(system: string, user: string, options: AskOptions = {}) {
      const body = { systemInstruction: { parts: [{ text: system }] }, contents: userTurn(user) };
      const res = await post(settings, body, options.signal);
      return finishAnswer(ID, answerText(candidate(res)), [], null).text;
    },
  };
}
