/** Shared set-up for the engine adapter tests: fake servers, adapters pointed at them, recorded waits. */
import { expect } from 'vitest';
import { createChatgpt } from '../../../engines/cloud/chatgpt.ts';
import { createClaude } from '../../../engines/cloud/claude.ts';
import { createGemini } from '../../../engines/cloud/gemini.ts';
import { createGoogleAiMode } from '../../../engines/cloud/google-ai-mode.ts';
import { createGrok } from '../../../engines/cloud/grok.ts';
import { createOllama } from '../../../engines/cloud/ollama.ts';
import { createPerplexity } from '../../../engines/cloud/perplexity.ts';
import { createRedirectReader, type RedirectReader } from '../../../engines/cloud/redirects.ts';
import type { Sleep } from '../../../engines/cloud/resilient.ts';
import { EngineError, type AnswerEngine, type TextModel } from '../../../engines/types.ts';
import type { FakeEngines, FakeVendor } from '../../fakes/engines/index.ts';

export const TEST_MODEL = 'model-under-test';

type Adapter = AnswerEngine & Partial<TextModel>;

/** Each engine's bare adapter (no retries) pointed at its fake, with TEST_MODEL. */
export const ADAPTERS: Record<string, { vendor: FakeVendor; create: (fakes: FakeEngines) => Adapter }> = {
  chatgpt: { vendor: 'openai', create: (f) => createChatgpt(settings(f, 'openai')) },
  claude: { vendor: 'anthropic', create: (f) => createClaude(settings(f, 'anthropic')) },
  gemini: { vendor: 'gemini', create: (f) => createGemini(settings(f, 'gemini'), fakeRedirects(f)) },
  perplexity: { vendor: 'perplexity', create: (f) => createPerplexity(settings(f, 'perplexity')) },
  grok: { vendor: 'xai', create: (f) => createGrok(settings(f, 'xai')) },
  'google-ai-mode': {
    vendor: 'serpapi',
    create: (f) => createGoogleAiMode({ apiKey: f.keys.serpapi, baseUrl: f.urls.serpapi }),
  },
  ollama: { vendor: 'ollama', create: (f) => createOllama({ host: f.urls.ollama, model: TEST_MODEL }) },
};

/** Gemini's redirect links read from the Gemini fake's redirect service (on loopback: allowed for tests). */
export function fakeRedirects(fakes: FakeEngines, timeoutMs = 2_000): RedirectReader {
  return createRedirectReader({ enabled: true, timeoutMs, baseUrl: fakes.urls.gemini, allowPrivate: true });
}

export function settings(fakes: FakeEngines, vendor: FakeVendor) {
  return { apiKey: fakes.keys[vendor], baseUrl: fakes.urls[vendor], model: TEST_MODEL };
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

/** The EngineError a call rejects with (fails the test when it resolves or throws something else). */
export async function failure(call: Promise<unknown>): Promise<EngineError> {
  const outcome = await call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(EngineError);
  return outcome.error as EngineError;
}
