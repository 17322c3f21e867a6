import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClaude, MAX_CONTINUATIONS } from '../../../engines/cloud/claude.ts';
import { defaultAnswer, startFakeEngines, type FakeEngines } from '../../fakes/engines/index.ts';
import { failure, settings, TEST_MODEL } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

const claude = () => createClaude(settings(fakes, 'anthropic'));
const WEB_SEARCH = { type: 'web_search_20250305', name: 'web_search' };
const PROMPT = 'best crm for startups';

describe('claude (Anthropic Messages)', () => {
  it('asks with the web_search tool and joins the text blocks; sources from results and citations', async () => {
    const answer = await claude().ask(PROMPT);

    const expected = defaultAnswer('claude', PROMPT);
    expect(answer).toEqual({
      text: expected.text,
      sources: expected.sources,
      model: TEST_MODEL,
      searchQueries: [PROMPT],
    });
    const [request] = fakes.requests.anthropic;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(request!.headers['x-api-key']).toBe(fakes.keys.anthropic);
    expect(request!.headers['anthropic-version']).toBe('2023-06-01');
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).toEqual({
      model: TEST_MODEL,
      max_tokens: 4096,
      tools: [WEB_SEARCH],
      messages: [{ role: 'user', content: PROMPT }],
    });
  });

  it('takes sources from citations of web_search_result_location only, and from results, once each', async () => {
    fakes.script('anthropic', {
      kind: 'raw',
      reply: {
        status: 200,
        body: {
          model: 'claude-x',
          stop_reason: 'end_turn',
          content: [
            {
              type: 'web_search_tool_result',
              content: [{ type: 'web_search_result', url: 'https://r.example/' }],
            },
            {
              type: 'text',
              text: 'Acme leads.',
              citations: [
                { type: 'web_search_result_location', url: 'https://c.example/', title: 'C' },
                { type: 'char_location', url: 'https://not-a-source.example/' },
                { type: 'web_search_result_location', url: 'https://r.example/', title: 'R' },
              ],
            },
          ],
        },
      },
    });
    expect(await claude().ask('q')).toEqual({
      text: 'Acme leads.',
      sources: [
        { url: 'https://r.example/', title: 'R' },
        { url: 'https://c.example/', title: 'C' },
      ],
      model: 'claude-x',
      searchQueries: [],
    });
  });

  describe('a failed web search inside a 200', () => {
    it.each(['too_many_requests', 'unavailable'])('%s is retryable search_failed', async (errorCode) => {
      fakes.script('anthropic', { kind: 'search-error', errorCode });
      const error = await failure(claude().ask(PROMPT));
      expect(error).toMatchObject({ kind: 'retryable', code: 'search_failed', status: 200 });
      expect(error.message).toContain(errorCode);
    });

    it('keeps the answer Claude gave without search for other codes', async () => {
      fakes.script('anthropic', { kind: 'search-error', errorCode: 'max_uses_exceeded' });
      expect(await claude().ask(PROMPT)).toEqual({
        text: defaultAnswer('claude', PROMPT).text,
        sources: [],
        model: TEST_MODEL,
        searchQueries: ['best crm for startups'],
      });
    });

    it('is fatal search_failed for other codes when there is no text', async () => {
      fakes.script('anthropic', { kind: 'search-error', errorCode: 'query_too_long', withText: false });
      expect(await failure(claude().ask(PROMPT))).toMatchObject({ kind: 'fatal', code: 'search_failed' });
    });
  });

  it('continues a pause_turn with the assistant content sent back, and joins the text', async () => {
    fakes.script('anthropic', { kind: 'pause-turn' });
    const answer = await claude().ask(PROMPT);

    const expected = defaultAnswer('claude', PROMPT);
    expect(answer).toEqual({
      // A search between two text blocks is a paragraph break.
      text: `Let me search for that.\n\n${expected.text}`,
      sources: expected.sources,
      model: TEST_MODEL,
      searchQueries: ['best crm for startups'],
    });
    const [first, second] = fakes.requests.anthropic;
    expect(fakes.requests.anthropic).toHaveLength(2);
    expect((first!.body as { messages: unknown[] }).messages).toEqual([{ role: 'user', content: PROMPT }]);
    const messages = (second!.body as { messages: { role: string; content: { type: string }[] }[] }).messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]!.content.map((b) => b.type)).toEqual([
      'text',
      'server_tool_use',
      'web_search_tool_result',
    ]);
    expect((second!.body as { tools: unknown }).tools).toEqual([WEB_SEARCH]);
  });

  it('stops continuing after a bounded number of pauses with fatal incomplete', async () => {
    fakes.script('anthropic', { kind: 'pause-turn' }, MAX_CONTINUATIONS + 5);
    expect(await failure(claude().ask(PROMPT))).toMatchObject({ kind: 'fatal', code: 'incomplete' });
    expect(fakes.requests.anthropic).toHaveLength(MAX_CONTINUATIONS + 1);
    // Each continuation carries everything Claude said so far.
    const last = fakes.requests.anthropic.at(-1)!.body as { messages: { content: unknown[] }[] };
    expect(last.messages[1]!.content).toHaveLength(3 * MAX_CONTINUATIONS);
  });

  it('treats 529 as retryable overloaded and 402 as fatal insufficient_quota', async () => {
    fakes.script('anthropic', { kind: 'server-error', status: 529 });
    const overloaded = await failure(claude().ask(PROMPT));
    expect(overloaded).toMatchObject({ kind: 'retryable', code: 'overloaded', status: 529 });
    expect(overloaded.message).toContain('Overloaded');
    fakes.script('anthropic', {
      kind: 'raw',
      reply: {
        status: 402,
        body: { type: 'error', error: { type: 'billing_error', message: 'Add credits.' } },
      },
    });
    expect(await failure(claude().ask(PROMPT))).toMatchObject({ kind: 'fatal', code: 'insufficient_quota' });
  });

  it('treats a refusal stop as fatal content_filter', async () => {
    fakes.script('anthropic', {
      kind: 'raw',
      reply: { status: 200, body: { content: [{ type: 'text', text: 'I' }], stop_reason: 'refusal' } },
    });
    expect(await failure(claude().ask(PROMPT))).toMatchObject({ kind: 'fatal', code: 'content_filter' });
  });

  it('completes with system and one user message, without tools', async () => {
    expect(await claude().complete('Be brief.', 'Hello')).toBe('claude judged "Hello" under "Be brief."');
    expect(fakes.requests.anthropic[0]!.body).toEqual({
      model: TEST_MODEL,
      max_tokens: 4096,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hello' }],
    });
  });
});
