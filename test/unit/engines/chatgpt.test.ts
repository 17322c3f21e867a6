import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatgpt } from '../../../engines/cloud/chatgpt.ts';
import { defaultAnswer, startFakeEngines, withUtm, type FakeEngines } from '../../fakes/engines/index.ts';
import { failure, settings, TEST_MODEL } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

const chatgpt = () => createChatgpt(settings(fakes, 'openai'));

/** A completed Responses body with these output items. */
const completed = (output: unknown[]) => ({
  kind: 'raw' as const,
  reply: { status: 200, body: { id: 'resp_1', status: 'completed', model: 'gpt-x', output } },
});

describe('chatgpt (OpenAI Responses)', () => {
  it('asks with the web_search tool and reads the text and url_citation sources', async () => {
    const answer = await chatgpt().ask('best crm for startups');

    const expected = defaultAnswer('chatgpt', 'best crm for startups');
    expect(answer).toEqual({
      // The `([site](url))` citation links leave the text; their URLs are the sources.
      text: expected.text,
      sources: expected.sources.map((s) => ({ url: withUtm(s.url), title: s.title })),
      model: TEST_MODEL,
      searchQueries: ['best crm for startups'],
    });
    const [request] = fakes.requests.openai;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/responses' });
    expect(request!.headers.authorization).toBe(`Bearer ${fakes.keys.openai}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      model: TEST_MODEL,
      store: false,
      input: 'best crm for startups',
      tools: [{ type: 'web_search' }],
    });
  });

  it('joins the output_text of every message, skipping other items and parts', async () => {
    fakes.script(
      'openai',
      completed([
        { type: 'reasoning', id: 'rs', summary: [] },
        { type: 'web_search_call', id: 'ws', status: 'completed' },
        {
          type: 'message',
          content: [
            { type: 'output_text', text: 'Acme leads. ', annotations: [] },
            { type: 'something_new', text: 'ignored' },
          ],
        },
        {
          type: 'message',
          content: [
            {
              type: 'output_text',
              text: 'Globex follows.',
              annotations: [
                { type: 'url_citation', url: 'https://a.example/', title: 'A', start_index: 0, end_index: 5 },
                { type: 'file_citation', file_id: 'f1' },
                {
                  type: 'url_citation',
                  url: 'https://a.example/',
                  title: 'A again',
                  start_index: 6,
                  end_index: 9,
                },
                { type: 'url_citation', url: 'https://b.example/', title: '' },
              ],
            },
          ],
        },
      ]),
    );
    expect(await chatgpt().ask('q')).toEqual({
      text: 'Acme leads. Globex follows.',
      sources: [
        { url: 'https://a.example/', title: 'A' },
        { url: 'https://b.example/', title: null },
      ],
      model: 'gpt-x',
      searchQueries: [],
    });
  });

  it('removes only the citation links of cited URLs, not links that are part of a sentence', async () => {
    const text =
      'See [Acme](https://acme.example/) for plans ([acme.example](https://acme.example/p?utm_source=openai)). ' +
      'Ask ([other.example](https://other.example/))!';
    fakes.script(
      'openai',
      completed([
        {
          type: 'message',
          content: [
            {
              type: 'output_text',
              text,
              annotations: [
                { type: 'url_citation', url: 'https://acme.example/p?utm_source=openai', title: 'Plans' },
              ],
            },
          ],
        },
      ]),
    );
    const answer = await chatgpt().ask('q');
    expect(answer.text).toBe(
      'See [Acme](https://acme.example/) for plans. Ask ([other.example](https://other.example/))!',
    );
    expect(answer.sources).toEqual([{ url: 'https://acme.example/p?utm_source=openai', title: 'Plans' }]);
  });

  it('removes Azure-style [Title](url) citations after sentences, annotated or not, and keeps their sources', async () => {
    fakes.script('openai', { kind: 'plain-citations' });
    const answer = await chatgpt().ask('best crm for startups');
    const expected = defaultAnswer('chatgpt', 'best crm for startups');
    expect(answer.text).toBe(expected.text);
    expect(answer.sources).toEqual(expected.sources.map((s) => ({ url: withUtm(s.url), title: s.title })));
  });

  it('trusts an annotation span only when it holds the whole link; the URL match does the rest', async () => {
    const text =
      'Acme leads ([a.example](https://a.example/p)). [Globex](https://g.example/) follows. Done. [G](https://g.example/)';
    const linked = text.indexOf('([a.example]');
    fakes.script(
      'openai',
      completed([
        {
          type: 'message',
          content: [
            {
              type: 'output_text',
              text,
              annotations: [
                {
                  type: 'url_citation',
                  url: 'https://a.example/p',
                  start_index: linked,
                  // Two characters short of the link: cutting it would leave "))" behind.
                  end_index: linked + 32,
                },
                // Offsets that land on words, not on the link: ignored too.
                { type: 'url_citation', url: 'https://g.example/', start_index: 0, end_index: 4 },
              ],
            },
          ],
        },
      ]),
    );
    // A link that starts a sentence carries its words and stays; one after the sentence is a citation.
    expect((await chatgpt().ask('q')).text).toBe('Acme leads. [Globex](https://g.example/) follows. Done.');
  });

  it('keeps a sentence an annotation spans, and removes numbered [n](url) and [[n]](url) links', async () => {
    const text =
      'Acme leads [1](https://a.example/p). Globex [[2]](https://g.example/) follows [3](https://x.example/).';
    const second = text.indexOf('Globex');
    fakes.script(
      'openai',
      completed([
        {
          type: 'message',
          content: [
            {
              type: 'output_text',
              text,
              annotations: [
                { type: 'url_citation', url: 'https://a.example/p', start_index: 0, end_index: second - 1 },
                {
                  type: 'url_citation',
                  url: 'https://g.example/',
                  start_index: second,
                  end_index: text.indexOf(' See'),
                },
              ],
            },
          ],
        },
      ]),
    );
    const answer = await chatgpt().ask('q');
    // A number names nothing, whichever URL it links: even a link no annotation cites goes.
    expect(answer.text).toBe('Acme leads. Globex follows.');
    expect(answer.sources).toEqual([
      { url: 'https://a.example/p', title: null },
      { url: 'https://g.example/', title: null },
    ]);
  });

  it('takes a refusal as the answer when there is no output_text', async () => {
    fakes.script(
      'openai',
      completed([{ type: 'message', content: [{ type: 'refusal', refusal: 'I cannot help.' }] }]),
    );
    expect((await chatgpt().ask('q')).text).toBe('I cannot help.');
  });

  it('fails retryably with empty_answer when a completed response has no text', async () => {
    fakes.script('openai', completed([{ type: 'web_search_call', id: 'ws', status: 'completed' }]));
    expect(await failure(chatgpt().ask('q'))).toMatchObject({ kind: 'retryable', code: 'empty_answer' });
  });

  describe('a 200 with status failed', () => {
    it.each([
      ['server_error', 'retryable', 'server_error'],
      ['rate_limit_exceeded', 'retryable', 'rate_limited'],
      ['vector_store_timeout', 'retryable', 'server_error'],
      ['invalid_prompt', 'fatal', 'failed'],
      ['something_new', 'fatal', 'failed'],
    ])('error code %s is %s %s', async (vendorCode, kind, code) => {
      fakes.script('openai', { kind: 'failed', code: vendorCode, message: 'It broke.' });
      const error = await failure(chatgpt().ask('q'));
      expect(error).toMatchObject({ engineId: 'chatgpt', kind, code, status: 200 });
      expect(error.message).toContain(vendorCode);
    });
  });

  describe('a 200 with status incomplete', () => {
    it('keeps the text so far when the reason is max_output_tokens', async () => {
      fakes.script('openai', {
        kind: 'incomplete',
        reason: 'max_output_tokens',
        partialText: 'Acme is the most',
      });
      expect(await chatgpt().ask('q')).toEqual({
        text: 'Acme is the most',
        sources: [],
        model: TEST_MODEL,
        searchQueries: [],
      });
    });

    it('is fatal incomplete for max_output_tokens without any text', async () => {
      fakes.script('openai', { kind: 'incomplete', reason: 'max_output_tokens' });
      expect(await failure(chatgpt().ask('q'))).toMatchObject({ kind: 'fatal', code: 'incomplete' });
    });

    it('is fatal content_filter even with text', async () => {
      fakes.script('openai', { kind: 'incomplete', reason: 'content_filter', partialText: 'Acme is' });
      expect(await failure(chatgpt().ask('q'))).toMatchObject({ kind: 'fatal', code: 'content_filter' });
    });
  });

  it('treats a 429 insufficient_quota as fatal', async () => {
    fakes.script('openai', { kind: 'insufficient-quota' });
    const error = await failure(chatgpt().ask('q'));
    expect(error).toMatchObject({ kind: 'fatal', code: 'insufficient_quota', status: 429 });
    expect(error.message).toContain('exceeded your current quota');
  });

  it('treats a plain 429 as retryable and reads retry-after-ms before retry-after', async () => {
    fakes.script('openai', { kind: 'rate-limit', retryAfter: '20', retryAfterMs: '1500' });
    expect(await failure(chatgpt().ask('q'))).toMatchObject({
      kind: 'retryable',
      code: 'rate_limited',
      status: 429,
      retryAfterMs: 1500,
    });
  });

  it('completes with instructions and input, without tools', async () => {
    const text = await chatgpt().complete('Judge the answer.', 'The answer text.');
    expect(text).toBe('chatgpt judged "The answer text." under "Judge the answer."');
    expect(fakes.requests.openai[0]!.body).toEqual({
      model: TEST_MODEL,
      store: false,
      instructions: 'Judge the answer.',
      input: 'The answer text.',
    });
  });
});
