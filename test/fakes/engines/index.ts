/**
 * Fake answer engines on 127.0.0.1, one server per vendor, each speaking that vendor's wire format exactly
 * as far as Answerwatch uses it: the path, the key header, the body, the answer shape and the error shapes.
 *
 *   const fakes = await startFakeEngines({ latencyMs: 200 });
 *   const config = loadCloudConfig(fakes.env);
 */
import { anthropicFake } from './anthropic.ts';
import { defaultAnswer, defaultComplete, type AnswerFn, type CompleteFn } from './answer.ts';
import { geminiFake } from './gemini.ts';
import { ollamaFake } from './ollama.ts';
import { perplexityFake } from './perplexity.ts';
import { responsesFake } from './responses.ts';
import { serpApiFake } from './serpapi.ts';
import { startVendorServer, type VendorServer } from './server.ts';
import type { Behaviour, FakeVendor, ReceivedRequest, VendorFake } from './types.ts';

export interface FakeEngineOptions {
  /** The answer to a prompt with search; default: three brands and three URLs derived from the prompt. */
  answer?: AnswerFn;
  /** The answer of the plain text model (no search). */
  complete?: CompleteFn;
  /** Added before every reply (a benchmark uses 200). Default 0. */
  latencyMs?: number;
  /** The keys the fakes accept; default FAKE_KEYS. */
  keys?: Partial<Record<FakeVendor, string>>;
}

export interface FakeEngines {
  /** Base URLs as the adapters expect them (OpenAI's and xAI's end in /v1). */
  urls: Record<FakeVendor, string>;
  /**
   * The *_BASE_URL, *_API_KEY and OLLAMA_HOST variables that point at the fakes, and Gemini's redirect service at
   * its fake (on loopback, so allowed by the development-only switch).
   */
  env: Record<string, string>;
  keys: Record<FakeVendor, string>;
  /** What each fake received, in arrival order (live arrays). */
  requests: Record<FakeVendor, ReceivedRequest[]>;
  /** The most requests a fake was answering at once since the start or the last reset. */
  maxInFlight(vendor: FakeVendor): number;
  /** Resolves once the fake has received `count` requests since the start or the last reset. */
  waitForRequests(vendor: FakeVendor, count: number): Promise<void>;
  /** Queues a behaviour for the next request that passes the fake's path and key checks. */
  script(vendor: FakeVendor, behaviour: Behaviour, times?: number): void;
  /** Clears the logs, scripts and in-flight peaks. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_KEYS: Record<FakeVendor, string> = {
  openai: 'sk-fake-openai-0123456789',
  anthropic: 'sk-ant-fake-0123456789',
  gemini: 'AIzaFakeGemini0123456789',
  perplexity: 'pplx-fake-0123456789',
  xai: 'xai-fake-0123456789',
  serpapi: 'serpapi-fake-0123456789',
  ollama: '',
};

const VENDORS: Record<FakeVendor, () => VendorFake> = {
  openai: () => responsesFake('openai'),
  anthropic: anthropicFake,
  gemini: geminiFake,
  perplexity: perplexityFake,
  xai: () => responsesFake('xai'),
  serpapi: serpApiFake,
  ollama: ollamaFake,
};

export async function startFakeEngines(options: FakeEngineOptions = {}): Promise<FakeEngines> {
  const keys = { ...FAKE_KEYS, ...options.keys };
  const names = Object.keys(VENDORS) as FakeVendor[];
  const servers = {} as Record<FakeVendor, VendorServer>;
  for (const vendor of names) {
    const fake = VENDORS[vendor]();
    servers[vendor] = await startVendorServer(
      fake,
      {
        engineId: fake.engineId,
        key: keys[vendor],
        answer: options.answer ?? defaultAnswer,
        complete: options.complete ?? defaultComplete,
      },
      options.latencyMs ?? 0,
    );
  }
  const urls = Object.fromEntries(
    names.map((v) => [v, v === 'openai' || v === 'xai' ? `${servers[v].url}/v1` : servers[v].url]),
  ) as Record<FakeVendor, string>;
  return {
    urls,
    env: {
      OPENAI_API_KEY: keys.openai,
      OPENAI_BASE_URL: urls.openai,
      ANTHROPIC_API_KEY: keys.anthropic,
      ANTHROPIC_BASE_URL: urls.anthropic,
      GEMINI_API_KEY: keys.gemini,
      GEMINI_BASE_URL: urls.gemini,
      ANSWERWATCH_GEMINI_REDIRECT_BASE_URL: urls.gemini,
      ANSWERWATCH_GEMINI_REDIRECT_ALLOW_PRIVATE: '1',
      PERPLEXITY_API_KEY: keys.perplexity,
      PERPLEXITY_BASE_URL: urls.perplexity,
      XAI_API_KEY: keys.xai,
      XAI_BASE_URL: urls.xai,
      SERPAPI_API_KEY: keys.serpapi,
      SERPAPI_BASE_URL: urls.serpapi,
      OLLAMA_HOST: urls.ollama,
    },
    keys,
    requests: Object.fromEntries(names.map((v) => [v, servers[v].requests])) as Record<
      FakeVendor,
      ReceivedRequest[]
    >,
    maxInFlight: (vendor) => servers[vendor].maxInFlight(),
    waitForRequests: (vendor, count) => servers[vendor].waitForRequests(count),
    script(vendor, behaviour, times = 1) {
      for (let i = 0; i < times; i++) servers[vendor].script(behaviour);
    },
    reset() {
      for (const vendor of names) servers[vendor].reset();
    },
    close: async () => {
      await Promise.all(names.map((v) => servers[v].close()));
    },
  };
}

export type { Behaviour, FakeVendor, ReceivedRequest, Reply } from './types.ts';
export { defaultAnswer, defaultComplete, type AnswerFn, type CompleteFn, type FakeAnswer } from './answer.ts';
export { groundingRedirect } from './gemini.ts';
export { withUtm } from './responses.ts';
