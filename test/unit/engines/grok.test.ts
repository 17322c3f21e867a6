import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGrok } from '../../../engines/cloud/grok.ts';
import { defaultAnswer, startFakeEngines, type FakeEngines } from '../../fakes/engines/index.ts';
import { failure, settings, TEST_MODEL } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

const grok = () => createGrok(settings(fakes, 'xai'));

const completed = (text: string, annotations: unknown[], citations?: unknown) => ({
  kind: 'raw' as const,
  reply: {
    status: 200,
    body: {
      status: 'completed',
      model: 'grok-x',
      output: [{ type: 'message', content: [{ type: 'output_text', text, annotations }] }],
      ...(citations === undefined ? {} : { citations }),
    },
  },
});

describe('grok (xAI Responses)', () => {
  it('asks with the web_search tool, removes the [[n]](url) links and merges annotations with citations', async () => {
    const answer = await grok().ask('best crm for startups');

    const expected = defaultAnswer('grok', 'best crm for startups');
    // xAI's annotations carry the URL alone.
    expect(answer).toEqual({
      text: expected.text,
      sources: expected.sources.map((s) => ({ url: s.url, title: null })),
      model: TEST_MODEL,
      searchQueries: ['best crm for startups'],
    });
    const [request] = fakes.requests.xai;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/responses' });
    expect(request!.headers.authorization).toBe(`Bearer ${fakes.keys.xai}`);
    expect(request!.body).toEqual({
      model: TEST_MODEL,
      store: false,
      input: 'best crm for startups',
      tools: [{ type: 'web_search' }],
    });
  });

  it('keeps annotation order first, adds citations-only URLs after, once each', async () => {
    fakes.script(
      'xai',
      completed(
        'Acme [[1]](https://a.example/x_(y)) leads[[2]](https://b.example/). Globex [[1]](https://a.example/x_(y)) too.',
        [
          { type: 'url_citation', url: 'https://a.example/x_(y)', title: '1' },
          { type: 'url_citation', url: 'https://b.example/', title: 'B page' },
        ],
        ['https://b.example/', 'https://c.example/', 42],
      ),
    );
    expect(await grok().ask('q')).toEqual({
      text: 'Acme leads. Globex too.',
      sources: [
        { url: 'https://a.example/x_(y)', title: null },
        { url: 'https://b.example/', title: 'B page' },
        { url: 'https://c.example/', title: null },
      ],
      model: 'grok-x',
      searchQueries: [],
    });
  });

  it('keeps the sentence an annotation spans, removing only its [[n]](url) link', async () => {
    fakes.script('xai', { kind: 'sentence-spans' });
    const answer = await grok().ask('best crm for startups');
    const expected = defaultAnswer('grok', 'best crm for startups');
    expect(answer.text).toBe(expected.text);
    expect(answer.sources).toEqual(expected.sources.map((s) => ({ url: s.url, title: null })));
  });

  it('reads sources from citations alone when there are no annotations', async () => {
    fakes.script('xai', completed('Acme leads.', [], ['https://a.example/']));
    expect((await grok().ask('q')).sources).toEqual([{ url: 'https://a.example/', title: null }]);
  });

  it('shares the Responses status handling: failed and incomplete', async () => {
    fakes.script('xai', { kind: 'failed', code: 'server_error' });
    expect(await failure(grok().ask('q'))).toMatchObject({
      engineId: 'grok',
      kind: 'retryable',
      code: 'server_error',
    });
    fakes.script('xai', {
      kind: 'incomplete',
      reason: 'max_output_tokens',
      partialText: 'Acme [[1]](https://a.example/) is',
    });
    expect((await grok().ask('q')).text).toBe('Acme is');
  });

  it('treats the 400 xAI gives for a wrong key as fatal auth', async () => {
    fakes.script('xai', {
      kind: 'raw',
      reply: {
        status: 400,
        body: { code: 'Client specified an invalid argument', error: 'Incorrect API key provided: xa***90.' },
      },
    });
    expect(await failure(grok().ask('q'))).toMatchObject({ kind: 'fatal', code: 'auth', status: 400 });
  });

  it('completes with instructions and input, without tools', async () => {
    expect(await grok().complete('Be brief.', 'Hello')).toBe('grok judged "Hello" under "Be brief."');
    expect(fakes.requests.xai[0]!.body).toEqual({
      model: TEST_MODEL,
      store: false,
      instructions: 'Be brief.',
      input: 'Hello',
    });
  });
});
