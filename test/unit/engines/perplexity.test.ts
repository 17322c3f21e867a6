import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPerplexity } from '../../../engines/cloud/perplexity.ts';
import { defaultAnswer, startFakeEngines, type FakeEngines } from '../../fakes/engines/index.ts';
import { failure, settings, TEST_MODEL } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

const perplexity = () => createPerplexity(settings(fakes, 'perplexity'));
const PROMPT = 'best crm for startups';
const expected = () => defaultAnswer('perplexity', PROMPT);

const content = (text: string, extra: Record<string, unknown>) => ({
  kind: 'raw' as const,
  reply: {
    status: 200,
    body: { model: 'sonar', choices: [{ message: { role: 'assistant', content: text } }], ...extra },
  },
});

describe('perplexity (chat completions)', () => {
  it('asks the configured model, removes the [n] markers and takes search_results as the sources', async () => {
    const answer = await perplexity().ask(PROMPT);

    expect(answer).toEqual({
      text: expected().text,
      sources: expected().sources,
      model: TEST_MODEL,
      // Sonar's API names no searches.
      searchQueries: [],
    });
    const [request] = fakes.requests.perplexity;
    expect(request).toMatchObject({ method: 'POST', path: '/chat/completions' });
    expect(request!.headers.authorization).toBe(`Bearer ${fakes.keys.perplexity}`);
    expect(request!.body).toEqual({ model: TEST_MODEL, messages: [{ role: 'user', content: PROMPT }] });
  });

  it('takes the citations URLs when there are no search_results', async () => {
    fakes.script('perplexity', { kind: 'citations-only' });
    const answer = await perplexity().ask(PROMPT);
    expect(answer.text).toBe(expected().text);
    expect(answer.sources).toEqual(expected().sources.map((s) => ({ url: s.url, title: null })));
  });

  it('answers without sources when both lists are absent', async () => {
    fakes.script('perplexity', { kind: 'no-sources' });
    expect(await perplexity().ask(PROMPT)).toEqual({
      text: expected().text,
      sources: [],
      model: TEST_MODEL,
      searchQueries: [],
    });
  });

  it('keeps source n at place n, filling titles from search_results and URLs past its end from citations', async () => {
    fakes.script(
      'perplexity',
      content('Acme[1][3] leads [2]. See arr[0] and [2](https://x.example/).', {
        search_results: [
          { title: 'One', url: 'https://one.example/', date: '2025-01-01' },
          { title: 'Two', url: 'https://two.example/' },
        ],
        citations: ['https://one.example/', 'https://two.example/', 'https://three.example/'],
      }),
    );
    expect(await perplexity().ask(PROMPT)).toEqual({
      text: 'Acme leads. See arr[0] and [2](https://x.example/).',
      sources: [
        { url: 'https://one.example/', title: 'One' },
        { url: 'https://two.example/', title: 'Two' },
        { url: 'https://three.example/', title: null },
      ],
      model: 'sonar',
      searchQueries: [],
    });
  });

  it('drops the <think> section of the reasoning models', async () => {
    fakes.script(
      'perplexity',
      content('<think>Acme or Hooli?</think>\n\nAcme leads [1].', { citations: ['https://a.example/'] }),
    );
    expect((await perplexity().ask(PROMPT)).text).toBe('Acme leads.');
  });

  it('is fatal auth on the HTML 401 page Perplexity sends for a wrong key', async () => {
    fakes.script('perplexity', { kind: 'unauthorized' });
    const error = await failure(perplexity().ask(PROMPT));
    expect(error).toMatchObject({ kind: 'fatal', code: 'auth', status: 401 });
    expect(error.message).not.toContain('<html>');
  });

  it('completes with a system and a user message', async () => {
    expect(await perplexity().complete('Be brief.', 'Hello')).toBe(
      'perplexity judged "Hello" under "Be brief."',
    );
    expect(fakes.requests.perplexity[0]!.body).toEqual({
      model: TEST_MODEL,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello' },
      ],
    });
  });
});
