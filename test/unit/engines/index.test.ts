import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCloudConfig } from '../../../engines/cloud/config.ts';
import { createCloudEngines, createTextModel, LimiterRegistry } from '../../../engines/cloud/index.ts';
import { startFakeEngines, type FakeEngines, type FakeVendor } from '../../fakes/engines/index.ts';
import { failure, recordingSleep } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

const MODELS = {
  OPENAI_MODEL: 'gpt-configured',
  ANTHROPIC_MODEL: 'claude-configured',
  GEMINI_MODEL: 'gemini-configured',
  PERPLEXITY_MODEL: 'sonar-configured',
  XAI_MODEL: 'grok-configured',
  OLLAMA_MODEL: 'ollama-configured',
};

/** The model a request named: in the body, or in Gemini's path. */
function requestedModel(vendor: FakeVendor): string | undefined {
  const request = fakes.requests[vendor][0]!;
  if (vendor === 'gemini') return /models\/([^:]+):/.exec(request.path)?.[1];
  return (request.body as { model?: string }).model;
}

describe('createCloudEngines', () => {
  it('offers every engine with a key, plus ollama, each asking with the configured model', async () => {
    const engines = createCloudEngines(loadCloudConfig({ ...fakes.env, ...MODELS }), {
      limiters: new LimiterRegistry(),
    });
    expect([...engines.keys()].sort()).toEqual(
      ['chatgpt', 'claude', 'gemini', 'google-ai-mode', 'grok', 'ollama', 'perplexity'].sort(),
    );
    for (const [id, engine] of engines) {
      expect(engine.id).toBe(id);
      expect((await engine.ask('best crm')).text.length).toBeGreaterThan(0);
    }
    expect(
      (['openai', 'anthropic', 'gemini', 'perplexity', 'xai', 'ollama'] as const).map((v) =>
        requestedModel(v),
      ),
    ).toEqual(Object.values(MODELS));
  });

  it('leaves out engines without a key; ollama needs none', () => {
    const engines = createCloudEngines(loadCloudConfig({ OPENAI_API_KEY: 'sk-1' }), {
      limiters: new LimiterRegistry(),
    });
    expect([...engines.keys()]).toEqual(['chatgpt', 'ollama']);
  });

  it('never puts the SerpApi key into a network error, its cause or its inspection', async () => {
    const gone = await startFakeEngines();
    const baseUrl = gone.urls.serpapi;
    await gone.close();
    const config = loadCloudConfig({
      SERPAPI_API_KEY: 'serp-secret-key-42',
      SERPAPI_BASE_URL: baseUrl,
      ANSWERWATCH_ENGINE_ATTEMPTS: '2',
    });
    const { sleep, waits } = recordingSleep();
    const engine = createCloudEngines(config, { limiters: new LimiterRegistry(), sleep }).get(
      'google-ai-mode',
    )!;
    const error = await failure(engine.ask('q'));
    expect(error).toMatchObject({ kind: 'retryable', code: 'network' });
    expect(waits).toHaveLength(1);
    expect(inspect(error, { depth: 10 })).not.toContain('serp-secret-key-42');
    expect(JSON.stringify(error)).not.toContain('serp-secret-key-42');
  });
});

describe('createTextModel', () => {
  it.each([
    ['chatgpt', 'openai'],
    ['claude', 'anthropic'],
    ['gemini', 'gemini'],
    ['perplexity', 'perplexity'],
    ['grok', 'xai'],
    ['ollama', 'ollama'],
  ] as const)('gives %s as a text model, with the configured or the given model', async (id, vendor) => {
    const config = loadCloudConfig({ ...fakes.env, ...MODELS });
    const options = { limiters: new LimiterRegistry() };
    const judge = createTextModel(config, id, undefined, options)!;
    expect(judge.id).toBe(id);
    expect(await judge.complete('Rate it.', 'Acme is fine.')).toBe(
      `${id} judged "Acme is fine." under "Rate it."`,
    );
    expect(requestedModel(vendor)).toBe(config[vendor].model);
    fakes.reset();
    await createTextModel(config, id, 'judge-model', options)!.complete('s', 'u');
    expect(requestedModel(vendor)).toBe('judge-model');
  });

  it('has none for google-ai-mode, an engine without a key, or an unknown id', () => {
    const config = loadCloudConfig({ SERPAPI_API_KEY: 's-1' });
    expect(createTextModel(config, 'google-ai-mode')).toBeUndefined();
    expect(createTextModel(config, 'chatgpt')).toBeUndefined();
    expect(createTextModel(config, 'chatgpt-local-fetch')).toBeUndefined();
  });
});
