import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEngines, type FakeEngines } from '../../fakes/engines/index.ts';
import { ADAPTERS, failure } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

describe.each(Object.entries(ADAPTERS))('%s errors', (engineId, { vendor, create }) => {
  it('is fatal auth on the vendor answer to a wrong key', async () => {
    fakes.script(vendor, { kind: 'unauthorized' });
    const error = await failure(create(fakes).ask('q'));
    expect(error).toMatchObject({ engineId, kind: 'fatal', code: 'auth' });
    expect(error.status).toBe(vendor === 'gemini' ? 400 : 401);
  });

  it('is retryable rate_limited on a 429, with retry-after in seconds as the wait', async () => {
    fakes.script(vendor, { kind: 'rate-limit', retryAfter: '7' });
    expect(await failure(create(fakes).ask('q'))).toMatchObject({
      kind: 'retryable',
      code: 'rate_limited',
      status: 429,
      retryAfterMs: 7000,
    });
  });

  it('is retryable server_error on a 5xx', async () => {
    fakes.script(vendor, { kind: 'server-error', status: 503 });
    expect(await failure(create(fakes).ask('q'))).toMatchObject({
      kind: 'retryable',
      code: 'server_error',
      status: 503,
      retryAfterMs: null,
    });
  });

  it('is retryable invalid_response on a malformed 200', async () => {
    fakes.script(vendor, { kind: 'malformed' });
    expect(await failure(create(fakes).ask('q'))).toMatchObject({
      kind: 'retryable',
      code: 'invalid_response',
    });
  });

  it('is fatal for other 4xx (here 400) with the vendor message', async () => {
    fakes.script(vendor, {
      kind: 'raw',
      reply: { status: 400, body: { error: { message: 'Bad field: tools.' } } },
    });
    const error = await failure(create(fakes).ask('q'));
    expect(error).toMatchObject({ kind: 'fatal', code: 'bad_request', status: 400 });
    expect(error.message).toContain('Bad field: tools.');
  });

  it('retries 408 and 409', async () => {
    fakes.script(vendor, { kind: 'raw', reply: { status: 408, body: {} } });
    expect(await failure(create(fakes).ask('q'))).toMatchObject({
      kind: 'retryable',
      code: 'timeout',
      status: 408,
    });
    fakes.script(vendor, { kind: 'raw', reply: { status: 409, body: {} } });
    expect(await failure(create(fakes).ask('q'))).toMatchObject({
      kind: 'retryable',
      code: 'conflict',
      status: 409,
    });
  });

  it('rejects with canceled when the signal aborts while the vendor is thinking', async () => {
    fakes.script(vendor, { kind: 'hang' });
    const controller = new AbortController();
    const asked = create(fakes).ask('q', { signal: controller.signal });
    await fakes.waitForRequests(vendor, 1);
    controller.abort();
    expect(await failure(asked)).toMatchObject({ kind: 'fatal', code: 'canceled' });
  });

  it('is fatal not_found when the base URL is wrong: the fake serves only the real path', async () => {
    const moved = { ...fakes, urls: { ...fakes.urls, [vendor]: `${fakes.urls[vendor]}/nope` } };
    expect(await failure(create(moved).ask('q'))).toMatchObject({
      kind: 'fatal',
      code: 'not_found',
      status: 404,
    });
    expect(fakes.requests[vendor][0]!.path).toContain('/nope');
  });
});

describe.each(Object.entries(ADAPTERS).filter(([id]) => id !== 'ollama'))(
  '%s with a wrong key',
  (_id, entry) => {
    it('is fatal auth, and the message does not hold the key', async () => {
      const real = fakes.keys[entry.vendor];
      const wrong = { ...fakes, keys: { ...fakes.keys, [entry.vendor]: 'wrong-key-123456' } };
      const error = await failure(entry.create(wrong).ask('q'));
      expect(error).toMatchObject({ kind: 'fatal', code: 'auth' });
      expect(error.message).not.toContain('wrong-key-123456');
      expect(error.message).not.toContain(real);
    });
  },
);
