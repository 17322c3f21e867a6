import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, loadCloudConfig } from '../../../engines/cloud/config.ts';

describe('loadCloudConfig', () => {
  it('has the vendor defaults and no keys in an empty environment', () => {
    const config = loadCloudConfig({});
    expect(config.openai).toEqual({
      apiKey: null,
      baseUrl: 'https://api.openai.com/v1',
      model: DEFAULT_MODELS.openai,
    });
    expect(config.anthropic.baseUrl).toBe('https://api.anthropic.com');
    expect(config.gemini.baseUrl).toBe('https://generativelanguage.googleapis.com');
    expect(config.perplexity).toMatchObject({ baseUrl: 'https://api.perplexity.ai', model: 'sonar' });
    expect(config.xai.baseUrl).toBe('https://api.x.ai/v1');
    expect(config.serpapi).toEqual({ apiKey: null, baseUrl: 'https://serpapi.com' });
    expect(config.ollama).toEqual({ host: 'http://127.0.0.1:11434', model: DEFAULT_MODELS.ollama });
    expect(config).toMatchObject({ concurrency: 4, timeoutMs: 120_000, attempts: 4 });
    expect(config.geminiRedirects).toEqual({
      enabled: true,
      timeoutMs: 3_000,
      baseUrl: 'https://vertexaisearch.cloud.google.com',
      allowPrivate: false,
    });
  });

  it('reads how Gemini’s redirect links are read, and refuses a malformed switch', () => {
    const config = loadCloudConfig({
      ANSWERWATCH_GEMINI_REDIRECTS: 'off',
      ANSWERWATCH_GEMINI_REDIRECT_TIMEOUT_MS: '800',
      ANSWERWATCH_GEMINI_REDIRECT_BASE_URL: 'http://127.0.0.1:9002/',
      ANSWERWATCH_GEMINI_REDIRECT_ALLOW_PRIVATE: '1',
    });
    expect(config.geminiRedirects).toEqual({
      enabled: false,
      timeoutMs: 800,
      baseUrl: 'http://127.0.0.1:9002',
      allowPrivate: true,
    });
    expect(() => loadCloudConfig({ ANSWERWATCH_GEMINI_REDIRECTS: 'yes' })).toThrow(
      'ANSWERWATCH_GEMINI_REDIRECTS must be "resolve" or "off", got "yes"',
    );
    expect(() => loadCloudConfig({ ANSWERWATCH_GEMINI_REDIRECT_ALLOW_PRIVATE: 'true' })).toThrow(
      /ANSWERWATCH_GEMINI_REDIRECT_ALLOW_PRIVATE must be "1" or "0"/,
    );
  });

  it('reads keys, base URLs (trailing slash dropped) and models by the SDK names', () => {
    const config = loadCloudConfig({
      OPENAI_API_KEY: 'sk-1',
      OPENAI_BASE_URL: 'http://127.0.0.1:9000/v1/',
      OPENAI_MODEL: 'gpt-test',
      ANTHROPIC_API_KEY: 'a-1',
      ANTHROPIC_MODEL: 'claude-test',
      GEMINI_API_KEY: 'g-1',
      GEMINI_MODEL: 'gemini-test',
      PERPLEXITY_API_KEY: 'p-1',
      PERPLEXITY_MODEL: 'sonar-pro',
      XAI_API_KEY: 'x-1',
      XAI_MODEL: 'grok-test',
      SERPAPI_API_KEY: 's-1',
      SERPAPI_BASE_URL: 'http://127.0.0.1:9001',
      OLLAMA_HOST: 'http://10.0.0.5:11434',
      OLLAMA_MODEL: 'qwen3',
      ANSWERWATCH_ENGINE_CONCURRENCY: '2',
      ANSWERWATCH_ENGINE_TIMEOUT_MS: '5000',
      ANSWERWATCH_ENGINE_ATTEMPTS: '1',
    });
    expect(config.openai).toEqual({ apiKey: 'sk-1', baseUrl: 'http://127.0.0.1:9000/v1', model: 'gpt-test' });
    expect(
      [config.anthropic, config.gemini, config.perplexity, config.xai].map((v) => [v.apiKey, v.model]),
    ).toEqual([
      ['a-1', 'claude-test'],
      ['g-1', 'gemini-test'],
      ['p-1', 'sonar-pro'],
      ['x-1', 'grok-test'],
    ]);
    expect(config.serpapi).toEqual({ apiKey: 's-1', baseUrl: 'http://127.0.0.1:9001' });
    expect(config.ollama).toEqual({ host: 'http://10.0.0.5:11434', model: 'qwen3' });
    expect(config).toMatchObject({ concurrency: 2, timeoutMs: 5000, attempts: 1 });
  });

  it('takes an empty or blank key as no key', () => {
    const config = loadCloudConfig({ OPENAI_API_KEY: '', GEMINI_API_KEY: '   ' });
    expect([config.openai.apiKey, config.gemini.apiKey]).toEqual([null, null]);
  });

  it('accepts a bare host:port in OLLAMA_HOST, as Ollama does', () => {
    expect(loadCloudConfig({ OLLAMA_HOST: '127.0.0.1:11500' }).ollama.host).toBe('http://127.0.0.1:11500');
  });

  it.each([
    ['ANSWERWATCH_ENGINE_CONCURRENCY', '0'],
    ['ANSWERWATCH_ENGINE_CONCURRENCY', 'four'],
    ['ANSWERWATCH_ENGINE_TIMEOUT_MS', '-5'],
    ['ANSWERWATCH_ENGINE_TIMEOUT_MS', '1.5'],
    ['ANSWERWATCH_ENGINE_ATTEMPTS', '99999999999999999999'],
  ])('rejects %s=%s with an error naming the variable', (name, value) => {
    expect(() => loadCloudConfig({ [name]: value })).toThrow(
      new RegExp(`^${name} must be a positive whole number`),
    );
  });

  it.each(['OPENAI_BASE_URL', 'SERPAPI_BASE_URL', 'OLLAMA_HOST'])(
    'rejects a %s that is not http(s)',
    (name) => {
      expect(() => loadCloudConfig({ [name]: 'ftp://example.com' })).toThrow(
        new RegExp(`^${name} must be an http`),
      );
      expect(() => loadCloudConfig({ [name]: 'http://' })).toThrow(name);
    },
  );
});
