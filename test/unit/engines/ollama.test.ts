import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOllama } from '../../../engines/cloud/ollama.ts';
import { defaultAnswer, startFakeEngines, type FakeEngines } from '../../fakes/engines/index.ts';
import { failure, TEST_MODEL } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

const ollama = () => createOllama({ host: fakes.urls.ollama, model: TEST_MODEL });

describe('ollama (/api/chat)', () => {
  it('asks without streaming and answers without sources', async () => {
    expect(await ollama().ask('best crm')).toEqual({
      text: defaultAnswer('ollama', 'best crm').text,
      sources: [],
      model: TEST_MODEL,
      searchQueries: [],
    });
    const [request] = fakes.requests.ollama;
    expect(request).toMatchObject({ method: 'POST', path: '/api/chat' });
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).toEqual({
      model: TEST_MODEL,
      messages: [{ role: 'user', content: 'best crm' }],
      stream: false,
    });
  });

  it('is fatal not_found for a model Ollama does not have', async () => {
    fakes.script('ollama', {
      kind: 'raw',
      reply: { status: 404, body: { error: "model 'nope' not found" } },
    });
    const error = await failure(ollama().ask('q'));
    expect(error).toMatchObject({ kind: 'fatal', code: 'not_found', status: 404 });
    expect(error.message).toContain("model 'nope' not found");
  });

  it('is retryable network when nothing listens on the host', async () => {
    const closed = await startFakeEngines();
    const host = closed.urls.ollama;
    await closed.close();
    const error = await failure(createOllama({ host, model: TEST_MODEL }).ask('q'));
    expect(error).toMatchObject({ kind: 'retryable', code: 'network', status: null });
  });

  it('completes with a system and a user message', async () => {
    expect(await ollama().complete('Be brief.', 'Hello')).toBe('ollama judged "Hello" under "Be brief."');
    expect(fakes.requests.ollama[0]!.body).toEqual({
      model: TEST_MODEL,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello' },
      ],
      stream: false,
    });
  });
});
