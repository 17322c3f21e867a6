/**
 * Engine keys, endpoints, models and limits, read once from the environment. Names follow the vendors' own
 * SDKs (DESIGN section 6) so a key exported for the SDK works here unchanged. Model names live here and only
 * here: vendors rename and retire models faster than we release.
 */

import { GROUNDING_REDIRECT_ORIGIN, type RedirectSettings } from './redirects.ts';

/** What an HTTP adapter needs to call its vendor. */
export interface AdapterSettings {
  apiKey: string;
  /** Without a trailing slash. */
  baseUrl: string;
  model: string;
}

export interface VendorConfig {
  /** null when the variable is unset or empty: the engine is not offered. */
  apiKey: string | null;
  baseUrl: string;
  model: string;
}

export interface CloudConfig {
  openai: VendorConfig;
  anthropic: VendorConfig;
  gemini: VendorConfig;
  perplexity: VendorConfig;
  xai: VendorConfig;
  serpapi: { apiKey: string | null; baseUrl: string };
  ollama: { host: string; model: string };
  /** How Gemini's grounding redirect links are read (redirects.ts). */
  geminiRedirects: RedirectSettings;
  /** In-flight requests per engine, shared by everything in the process. */
  concurrency: number;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts per ask, the first included. */
  attempts: number;
}

export type Env = Record<string, string | undefined>;

/** The environment variable that holds each cloud engine's key, named as the vendor's SDK names it. */
export const KEY_VARIABLES: Readonly<Record<string, string>> = {
  chatgpt: 'OPENAI_API_KEY',
  claude: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
  perplexity: 'PERPLEXITY_API_KEY',
  grok: 'XAI_API_KEY',
  'google-ai-mode': 'SERPAPI_API_KEY',
};

export const DEFAULT_MODELS = {
  openai: 'gpt-5',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-flash',
  perplexity: 'sonar',
  xai: 'grok-4-fast',
  ollama: 'llama3.2',
} as const;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function parseBaseUrl(name: string, raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function baseUrl(env: Env, name: string, fallback: string): string {
  return parseBaseUrl(name, text(env, name) ?? fallback);
}

/** Ollama's own CLI accepts a bare `host:port` in OLLAMA_HOST, so we do too. */
function ollamaHost(env: Env): string {
  const raw = text(env, 'OLLAMA_HOST') ?? 'http://127.0.0.1:11434';
  return parseBaseUrl('OLLAMA_HOST', /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  }
  return Number(raw);
}

/** A two-valued setting: true for `on`, false for `off`, `fallback` when unset. */
function switchOf(env: Env, name: string, [on, off]: [string, string], fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (raw !== on && raw !== off) throw new Error(`${name} must be "${on}" or "${off}", got "${raw}"`);
  return raw === on;
}

function geminiRedirects(env: Env): RedirectSettings {
  return {
    enabled: switchOf(env, 'ANSWERWATCH_GEMINI_REDIRECTS', ['resolve', 'off'], true),
    timeoutMs: positiveInt(env, 'ANSWERWATCH_GEMINI_REDIRECT_TIMEOUT_MS', 3_000),
    baseUrl: baseUrl(env, 'ANSWERWATCH_GEMINI_REDIRECT_BASE_URL', GROUNDING_REDIRECT_ORIGIN),
    allowPrivate: switchOf(env, 'ANSWERWATCH_GEMINI_REDIRECT_ALLOW_PRIVATE', ['1', '0'], false),
  };
}

function vendor(env: Env, prefix: string, defaultBase: string, defaultModel: string): VendorConfig {
  return {
    apiKey: text(env, `${prefix}_API_KEY`),
    baseUrl: baseUrl(env, `${prefix}_BASE_URL`, defaultBase),
    model: text(env, `${prefix}_MODEL`) ?? defaultModel,
  };
}

/** Throws an Error naming the variable when one is malformed, so a bad setting stops the start. */
export function loadCloudConfig(env: Env = process.env): CloudConfig {
  return {
    openai: vendor(env, 'OPENAI', 'https://api.openai.com/v1', DEFAULT_MODELS.openai),
    anthropic: vendor(env, 'ANTHROPIC', 'https://api.anthropic.com', DEFAULT_MODELS.anthropic),
    gemini: vendor(env, 'GEMINI', 'https://generativelanguage.googleapis.com', DEFAULT_MODELS.gemini),
    perplexity: vendor(env, 'PERPLEXITY', 'https://api.perplexity.ai', DEFAULT_MODELS.perplexity),
    xai: vendor(env, 'XAI', 'https://api.x.ai/v1', DEFAULT_MODELS.xai),
    serpapi: {
      apiKey: text(env, 'SERPAPI_API_KEY'),
      baseUrl: baseUrl(env, 'SERPAPI_BASE_URL', 'https://serpapi.com'),
    },
    ollama: { host: ollamaHost(env), model: text(env, 'OLLAMA_MODEL') ?? DEFAULT_MODELS.ollama },
    geminiRedirects: geminiRedirects(env),
    concurrency: positiveInt(env, 'ANSWERWATCH_ENGINE_CONCURRENCY', 4),
    timeoutMs: positiveInt(env, 'ANSWERWATCH_ENGINE_TIMEOUT_MS', 120_000),
    attempts: positiveInt(env, 'ANSWERWATCH_ENGINE_ATTEMPTS', 4),
  };
}
