import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCloudConfig } from '../../../engines/cloud/config.ts';
import {
  createCloudEngines,
  createTextModel,
  type CloudEngineOptions,
} from '../../../engines/cloud/index.ts';
import { resilientEngine, retryDelayMs, type Sleep } from '../../../engines/cloud/resilient.ts';
import { LimiterRegistry, Semaphore } from '../../../engines/cloud/semaphore.ts';
import { EngineError, type AnswerEngine } from '../../../engines/types.ts';
import { startFakeEngines, type FakeEngines } from '../../fakes/engines/index.ts';
import { failure, recordingSleep } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

interface Setup {
  env?: Record<string, string>;
  options?: CloudEngineOptions;
}

/** The resilient engines on the fakes: 3 attempts, backoff base 100 ms with fixed jitter, waits recorded. */
function setUp({ env = {}, options = {} }: Setup = {}) {
  const recorded = recordingSleep();
  const config = loadCloudConfig({
    ...fakes.env,
    ANSWERWATCH_ENGINE_ATTEMPTS: '3',
    ANSWERWATCH_ENGINE_TIMEOUT_MS: '30000',
    ...env,
  });
  const full: CloudEngineOptions = {
    limiters: new LimiterRegistry(),
    sleep: recorded.sleep,
    random: () => 0.5,
    backoffBaseMs: 100,
    ...options,
  };
  const engines = createCloudEngines(config, full);
  const engine = (id: string): AnswerEngine => engines.get(id)!;
  return { config, options: full, waits: recorded.waits, engine };
}

describe('retries', () => {
  it('retries a 429 after the retry-after seconds, then answers', async () => {
    const { engine, waits } = setUp();
    fakes.script('openai', { kind: 'rate-limit', retryAfter: '7' });
    expect((await engine('chatgpt').ask('q')).text).toContain('recommended');
    expect(waits).toEqual([7000]);
    expect(fakes.requests.openai).toHaveLength(2);
  });

  it('prefers retry-after-ms', async () => {
    const { engine, waits } = setUp();
    fakes.script('anthropic', { kind: 'rate-limit', retryAfter: '7', retryAfterMs: '1500' });
    await engine('claude').ask('q');
    expect(waits).toEqual([1500]);
  });

  it('reads retry-after as an HTTP date', async () => {
    const { engine, waits } = setUp();
    fakes.script('perplexity', {
      kind: 'rate-limit',
      retryAfter: new Date(Date.now() + 30_000).toUTCString(),
    });
    await engine('perplexity').ask('q');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(10_000);
    expect(waits[0]).toBeLessThanOrEqual(30_000);
  });

  it('caps a long retry-after at maxRetryAfterMs', async () => {
    const { engine, waits } = setUp({ options: { maxRetryAfterMs: 5000 } });
    fakes.script('xai', { kind: 'rate-limit', retryAfter: '3600' });
    await engine('grok').ask('q');
    expect(waits).toEqual([5000]);
  });

  it('backs off exponentially with jitter when the vendor gives no wait (Anthropic 529)', async () => {
    const { engine, waits } = setUp();
    fakes.script('anthropic', { kind: 'server-error', status: 529 }, 2);
    await engine('claude').ask('q');
    // Steps of 100 and 200 ms, each half fixed and half jitter (random 0.5).
    expect(waits).toEqual([75, 150]);
    expect(fakes.requests.anthropic).toHaveLength(3);
  });

  it('gives up after the configured attempts with the last error', async () => {
    const { engine, waits } = setUp();
    fakes.script('gemini', { kind: 'server-error', status: 503 }, 3);
    expect(await failure(engine('gemini').ask('q'))).toMatchObject({
      kind: 'retryable',
      code: 'server_error',
    });
    expect(fakes.requests.gemini).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it.each([
    ['chatgpt', 'openai', { kind: 'insufficient-quota' }, 'insufficient_quota'],
    ['gemini', 'gemini', { kind: 'daily-quota' }, 'daily_quota'],
    ['claude', 'anthropic', { kind: 'unauthorized' }, 'auth'],
  ] as const)('does not retry fatal errors (%s %s)', async (id, vendor, behaviour, code) => {
    const { engine, waits } = setUp();
    fakes.script(vendor, behaviour);
    expect(await failure(engine(id).ask('q'))).toMatchObject({ kind: 'fatal', code });
    expect(fakes.requests[vendor]).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries a failed search inside a 200 and a 200 with status failed', async () => {
    const { engine } = setUp();
    fakes.script('anthropic', { kind: 'search-error', errorCode: 'unavailable' });
    expect((await engine('claude').ask('q')).sources.length).toBeGreaterThan(0);
    fakes.script('openai', { kind: 'failed', code: 'server_error' });
    expect((await engine('chatgpt').ask('q')).sources.length).toBeGreaterThan(0);
    expect(fakes.requests.anthropic).toHaveLength(2);
    expect(fakes.requests.openai).toHaveLength(2);
  });

  it('wraps the text model the same way', async () => {
    const { config, options, waits } = setUp();
    fakes.script('ollama', { kind: 'server-error' });
    const judge = createTextModel(config, 'ollama', undefined, options)!;
    expect(await judge.complete('s', 'u')).toBe('ollama judged "u" under "s"');
    expect(waits).toEqual([75]);
  });

  it('computes full backoff steps up to the ceiling', () => {
    const error = new EngineError('x', 'retryable', 'server_error', 'x');
    const tuning = { backoffBaseMs: 1000, backoffMaxMs: 4000, random: () => 1 };
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(error, attempt, tuning))).toEqual([
      1000, 2000, 4000, 4000, 4000,
    ]);
    expect(retryDelayMs(error, 1, { random: () => 0 })).toBe(500);
  });
});

describe('timeouts', () => {
  it('times out a hanging vendor, retries, and fails with timeout', async () => {
    const { engine, waits } = setUp({
      env: { ANSWERWATCH_ENGINE_TIMEOUT_MS: '200', ANSWERWATCH_ENGINE_ATTEMPTS: '2' },
    });
    fakes.script('openai', { kind: 'hang' }, 2);
    const error = await failure(engine('chatgpt').ask('q'));
    expect(error).toMatchObject({ engineId: 'chatgpt', kind: 'retryable', code: 'timeout', status: null });
    expect(fakes.requests.openai).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('answers on the next attempt after a hang', async () => {
    const { engine } = setUp({ env: { ANSWERWATCH_ENGINE_TIMEOUT_MS: '2000' } });
    fakes.script('gemini', { kind: 'hang' });
    expect((await engine('gemini').ask('q')).sources.length).toBe(3);
    expect(fakes.requests.gemini.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});

describe('concurrency', () => {
  let slow: FakeEngines;
  beforeAll(async () => {
    slow = await startFakeEngines({ latencyMs: 30 });
  });
  afterAll(() => slow.close());

  const slowConfig = () => loadCloudConfig({ ...slow.env, ANSWERWATCH_ENGINE_CONCURRENCY: '3' });

  it('never has more than the limit in flight per engine; the rest queue and all answer', async () => {
    const engines = createCloudEngines(slowConfig(), { limiters: new LimiterRegistry() });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => engines.get('perplexity')!.ask(`prompt ${i}`)),
    );
    expect(answers.map((a) => a.text.length > 0)).toEqual(Array(20).fill(true));
    expect(slow.requests.perplexity).toHaveLength(20);
    expect(slow.maxInFlight('perplexity')).toBeLessThanOrEqual(3);
    expect(slow.maxInFlight('perplexity')).toBeGreaterThanOrEqual(1);
  });

  it('shares one limit between the answer engine and the text model of an engine', async () => {
    const limiters = new LimiterRegistry();
    const engine = createCloudEngines(slowConfig(), { limiters }).get('claude')!;
    const judge = createTextModel(slowConfig(), 'claude', 'judge-model', { limiters })!;
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => engine.ask(`prompt ${i}`)),
      ...Array.from({ length: 10 }, (_, i) => judge.complete('s', `answer ${i}`)),
    ]);
    expect(slow.requests.anthropic).toHaveLength(20);
    expect(slow.maxInFlight('anthropic')).toBeLessThanOrEqual(3);
  });
});

describe('the slot after the engine has answered', () => {
  it('is free for the next ask while the adapter still works on the answer (Gemini reading its redirect links)', async () => {
    let finish = () => {};
    const afterAnswer = new Promise<void>((resolve) => (finish = resolve));
    const started: string[] = [];
    const engine: AnswerEngine = {
      id: 'gemini',
      async ask(prompt, options = {}) {
        started.push(prompt);
        options.answered?.();
        if (prompt === 'first') await afterAnswer;
        return { text: prompt, sources: [], model: null, searchQueries: [] };
      },
    };
    const limited = resilientEngine(engine, { timeoutMs: 5000, attempts: 1, limiter: new Semaphore(1) });
    const first = limited.ask('first');
    // With one slot, the second ask starts only because the first gave its slot back on answering.
    const second = await limited.ask('second');
    expect(second.text).toBe('second');
    expect(started).toEqual(['first', 'second']);
    finish();
    expect((await first).text).toBe('first');
  });

  it('is held to the end by an adapter that never says it has answered', async () => {
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const started: string[] = [];
    const engine: AnswerEngine = {
      id: 'perplexity',
      async ask(prompt) {
        started.push(prompt);
        if (prompt === 'first') await held;
        return { text: prompt, sources: [], model: null, searchQueries: [] };
      },
    };
    const limited = resilientEngine(engine, { timeoutMs: 5000, attempts: 1, limiter: new Semaphore(1) });
    const first = limited.ask('first');
    const second = limited.ask('second');
    await delay(50);
    expect(started).toEqual(['first']);
    finish();
    await Promise.all([first, second]);
    expect(started).toEqual(['first', 'second']);
  });
});

describe('cancelation', () => {
  it('rejects a queued ask at once and an in-flight one when aborted; the slot is free again after', async () => {
    const { engine } = setUp({ env: { ANSWERWATCH_ENGINE_CONCURRENCY: '1' } });
    fakes.script('openai', { kind: 'hang' });
    const first = new AbortController();
    const second = new AbortController();
    const inFlight = engine('chatgpt').ask('one', { signal: first.signal });
    await fakes.waitForRequests('openai', 1);
    const queued = engine('chatgpt').ask('two', { signal: second.signal });

    second.abort();
    expect(await failure(queued)).toMatchObject({ kind: 'fatal', code: 'canceled' });
    expect(fakes.requests.openai).toHaveLength(1);

    first.abort();
    expect(await failure(inFlight)).toMatchObject({ kind: 'fatal', code: 'canceled' });
    expect((await engine('chatgpt').ask('three')).text.length).toBeGreaterThan(0);
    expect(fakes.requests.openai.map((r) => (r.body as { input: string }).input)).toEqual(['one', 'three']);
  });

  it('rejects while waiting to retry', async () => {
    let sleeping!: () => void;
    const asleep = new Promise<void>((resolve) => (sleeping = resolve));
    const sleep: Sleep = (ms, signal) => {
      sleeping();
      return delay(ms, undefined, { signal });
    };
    const { engine } = setUp({ options: { sleep, backoffBaseMs: 600_000 } });
    fakes.script('gemini', { kind: 'server-error' });
    const controller = new AbortController();
    const asked = engine('gemini').ask('q', { signal: controller.signal });
    await asleep;
    controller.abort();
    expect(await failure(asked)).toMatchObject({ code: 'canceled' });
    expect(fakes.requests.gemini).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { engine } = setUp();
    expect(await failure(engine('grok').ask('q', { signal: AbortSignal.abort() }))).toMatchObject({
      code: 'canceled',
    });
    expect(fakes.requests.xai).toHaveLength(0);
  });

  it('cancels a text model call in flight', async () => {
    const { config, options } = setUp();
    fakes.script('perplexity', { kind: 'hang' });
    const controller = new AbortController();
    const judged = createTextModel(config, 'perplexity', undefined, options)!.complete('s', 'u', {
      signal: controller.signal,
    });
    await fakes.waitForRequests('perplexity', 1);
    controller.abort();
    expect(await failure(judged)).toMatchObject({ engineId: 'perplexity', code: 'canceled' });
  });
});
