/**
 * The cloud engines this process can ask, from its configuration: only those with a key (Ollama needs none),
 * each behind the resilience layer with its engine's process-wide concurrency limit.
 */
import type { AnswerEngine, TextModel } from '../types.ts';
import { createChatgpt } from './chatgpt.ts';
import { createClaude } from './claude.ts';
import type { AdapterSettings, CloudConfig, VendorConfig } from './config.ts';
import { createGemini } from './gemini.ts';
import { createGoogleAiMode } from './google-ai-mode.ts';
import { createGrok } from './grok.ts';
import { createOllama } from './ollama.ts';
import { createPerplexity } from './perplexity.ts';
import { createRedirectReader } from './redirects.ts';
import {
  resilientEngine,
  resilientTextModel,
  type ResilienceOptions,
  type ResilienceTuning,
} from './resilient.ts';
import { processLimiters, type LimiterRegistry } from './semaphore.ts';

export interface CloudEngineOptions extends ResilienceTuning {
  /** Default: the process-wide registry, so every engine object of an id shares one limit. */
  limiters?: LimiterRegistry;
}

/** Engines served over HTTP, in the catalog's order (Ollama is a host engine with the same kind of adapter). */
const HTTP_ENGINE_IDS = ['chatgpt', 'gemini', 'perplexity', 'grok', 'claude', 'google-ai-mode', 'ollama'];

type Adapter = AnswerEngine & Partial<TextModel>;

function keyed<T>(vendor: VendorConfig, model: string | undefined, create: (s: AdapterSettings) => T) {
  return vendor.apiKey === null
    ? undefined
    : create({ apiKey: vendor.apiKey, baseUrl: vendor.baseUrl, model: model ?? vendor.model });
}

function adapter(config: CloudConfig, engineId: string, model?: string): Adapter | undefined {
  switch (engineId) {
    case 'chatgpt':
      return keyed(config.openai, model, createChatgpt);
    case 'claude':
      return keyed(config.anthropic, model, createClaude);
    case 'gemini':
      return keyed(config.gemini, model, (s) =>
        createGemini(
          s,
          createRedirectReader({ ...config.geminiRedirects, answersInFlight: config.concurrency }),
        ),
      );
    case 'perplexity':
      return keyed(config.perplexity, model, createPerplexity);
    case 'grok':
      return keyed(config.xai, model, createGrok);
    case 'google-ai-mode': {
      const { apiKey, baseUrl } = config.serpapi;
      return apiKey === null ? undefined : createGoogleAiMode({ apiKey, baseUrl });
    }
    case 'ollama':
      return createOllama({ host: config.ollama.host, model: model ?? config.ollama.model });
    default:
      return undefined;
  }
}

function resilience(config: CloudConfig, engineId: string, options: CloudEngineOptions): ResilienceOptions {
  const { limiters = processLimiters, ...tuning } = options;
  return {
    ...tuning,
    timeoutMs: config.timeoutMs,
    attempts: config.attempts,
    limiter: limiters.get(engineId, config.concurrency),
  };
}

export function createCloudEngines(
  config: CloudConfig,
  options: CloudEngineOptions = {},
): Map<string, AnswerEngine> {
  const engines = new Map<string, AnswerEngine>();
  for (const id of HTTP_ENGINE_IDS) {
    const found = adapter(config, id);
    if (found) engines.set(id, resilientEngine(found, resilience(config, id, options)));
  }
  return engines;
}

/**
 * A plain text model (no web search) of an engine, for the LLM judge; `model` overrides the configured one.
 * undefined when the engine has no key or no text model (google-ai-mode is a search results page).
 */
export function createTextModel(
  config: CloudConfig,
  engineId: string,
  model?: string,
  options: CloudEngineOptions = {},
): TextModel | undefined {
  const found = adapter(config, engineId, model);
  if (!found?.complete) return undefined;
  return resilientTextModel(found as TextModel, resilience(config, engineId, options));
}

/** The cloud engines this configuration can ask: those whose vendor key is set (Ollama is a host engine). */
export function keyedEngineIds(config: CloudConfig): string[] {
  const keys: Record<string, string | null> = {
    chatgpt: config.openai.apiKey,
    claude: config.anthropic.apiKey,
    gemini: config.gemini.apiKey,
    perplexity: config.perplexity.apiKey,
    grok: config.xai.apiKey,
    'google-ai-mode': config.serpapi.apiKey,
  };
  return Object.keys(keys).filter((id) => keys[id] !== null);
}

export { KEY_VARIABLES, loadCloudConfig, type CloudConfig } from './config.ts';
export { LimiterRegistry } from './semaphore.ts';
