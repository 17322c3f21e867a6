import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGemini } from '../../../engines/cloud/gemini.ts';
import {
  defaultAnswer,
  groundingRedirect,
  startFakeEngines,
  type FakeEngines,
} from '../../fakes/engines/index.ts';
import { fakeRedirects, failure, settings, TEST_MODEL } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

const gemini = () => createGemini(settings(fakes, 'gemini'), fakeRedirects(fakes));
const PROMPT = 'best crm for startups';
const expected = () => defaultAnswer('gemini', PROMPT);

describe('gemini (generateContent)', () => {
  it('asks with google_search and stores the pages its grounding redirect links point at', async () => {
    const answer = await gemini().ask(PROMPT);

    expect(answer).toEqual({
      text: expected().text,
      sources: expected().sources.map((s) => ({
        url: s.url,
        title: new URL(s.url).hostname.replace(/^www\./, ''),
      })),
      model: TEST_MODEL,
      searchQueries: ['best crm for startups'],
    });
    // One bounded GET per redirect link, to the redirect service, after the answer.
    const redirects = fakes.requests.gemini.filter((r) => r.method === 'GET');
    expect(redirects.map((r) => r.path)).toEqual(
      expected().sources.map((s) => new URL(groundingRedirect(s.url)).pathname),
    );
    const [request] = fakes.requests.gemini;
    expect(request).toMatchObject({ method: 'POST', path: `/v1beta/models/${TEST_MODEL}:generateContent` });
    expect(request!.headers['x-goog-api-key']).toBe(fakes.keys.gemini);
    expect(request!.query).toEqual({});
    expect(request!.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: PROMPT }] }],
      tools: [{ google_search: {} }],
    });
  });

  it('says it has answered before it reads the redirect links, so the reads hold no engine slot', async () => {
    const events: string[] = [];
    const reader = fakeRedirects(fakes);
    const answer = await createGemini(settings(fakes, 'gemini'), async (uri, links) => {
      events.push('redirect');
      return reader(uri, links);
    }).ask(PROMPT, { answered: () => events.push('answered') });
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(events[0]).toBe('answered');
    expect(events.filter((e) => e === 'redirect')).toHaveLength(answer.sources.length);
  });

  it('falls back to the home page of a domain title when the redirect service does not answer in time', async () => {
    // Real domains: a title counts as a domain only under a public suffix (".example" is not one).
    const sites = ['https://www.acme.com/guide', 'https://reviews.co.uk/best', 'https://news.org/x'];
    const slow = await startFakeEngines({
      latencyMs: 400,
      answer: () => ({ text: 'Acme leads.', sources: sites.map((url) => ({ url, title: null })) }),
    });
    try {
      const answer = await createGemini(settings(slow, 'gemini'), fakeRedirects(slow, 100)).ask(PROMPT);
      expect(answer.sources).toEqual([
        { url: 'https://acme.com/', title: 'acme.com' },
        { url: 'https://reviews.co.uk/', title: 'reviews.co.uk' },
        { url: 'https://news.org/', title: 'news.org' },
      ]);
    } finally {
      await slow.close();
    }
  });

  it('keeps the redirect link when it cannot be read and the title is no domain', async () => {
    fakes.script('gemini', {
      kind: 'raw',
      reply: {
        status: 200,
        body: {
          candidates: [
            {
              content: { parts: [{ text: 'Acme leads.' }] },
              groundingMetadata: {
                groundingChunks: [
                  { web: { uri: groundingRedirect('ftp://not-a-page'), title: 'Some report' } },
                  { web: { uri: 'https://example.org/direct', title: 'Direct link' } },
                ],
              },
            },
          ],
        },
      },
    });
    expect((await gemini().ask(PROMPT)).sources).toEqual([
      { url: groundingRedirect('ftp://not-a-page'), title: 'Some report' },
      { url: 'https://example.org/direct', title: 'Direct link' },
    ]);
  });

  it('answers without sources when groundingMetadata is missing', async () => {
    fakes.script('gemini', { kind: 'no-grounding' });
    expect(await gemini().ask(PROMPT)).toEqual({
      text: expected().text,
      sources: [],
      model: TEST_MODEL,
      searchQueries: [],
    });
  });

  it('skips thought parts', async () => {
    fakes.script('gemini', { kind: 'thought', thought: 'Acme? Maybe Hooli.' });
    const answer = await gemini().ask(PROMPT);
    expect(answer.text).toBe(expected().text);
    expect(answer.text).not.toContain('Maybe Hooli');
  });

  it('takes the 400 API_KEY_INVALID for a wrong key as fatal auth', async () => {
    fakes.script('gemini', { kind: 'unauthorized' });
    expect(await failure(gemini().ask(PROMPT))).toMatchObject({ kind: 'fatal', code: 'auth', status: 400 });
  });

  it('tells a per-day quota (fatal) from a per-minute one (retryable, RetryInfo as the wait)', async () => {
    fakes.script('gemini', { kind: 'daily-quota' });
    expect(await failure(gemini().ask(PROMPT))).toMatchObject({
      kind: 'fatal',
      code: 'daily_quota',
      status: 429,
    });
    fakes.script('gemini', { kind: 'rate-limit', retryDelay: '35s' });
    expect(await failure(gemini().ask(PROMPT))).toMatchObject({
      kind: 'retryable',
      code: 'rate_limited',
      retryAfterMs: 35_000,
    });
  });

  it('is fatal content_filter for a blocked prompt or a blocked answer', async () => {
    fakes.script('gemini', {
      kind: 'raw',
      reply: { status: 200, body: { promptFeedback: { blockReason: 'SAFETY' } } },
    });
    expect(await failure(gemini().ask(PROMPT))).toMatchObject({ kind: 'fatal', code: 'content_filter' });
    fakes.script('gemini', {
      kind: 'raw',
      reply: { status: 200, body: { candidates: [{ finishReason: 'RECITATION', content: { parts: [] } }] } },
    });
    expect(await failure(gemini().ask(PROMPT))).toMatchObject({ kind: 'fatal', code: 'content_filter' });
  });

  it('keeps the text of an answer cut at MAX_TOKENS', async () => {
    fakes.script('gemini', {
      kind: 'raw',
      reply: {
        status: 200,
        body: { candidates: [{ finishReason: 'MAX_TOKENS', content: { parts: [{ text: 'Acme is' }] } }] },
      },
    });
    expect(await gemini().ask(PROMPT)).toEqual({
      text: 'Acme is',
      sources: [],
      model: null,
      searchQueries: [],
    });
  });

  it('strips a models/ prefix from the configured model', async () => {
    await createGemini(
      { ...settings(fakes, 'gemini'), model: 'models/gemini-test' },
      fakeRedirects(fakes),
    ).ask(PROMPT);
    expect(fakes.requests.gemini[0]!.path).toBe('/v1beta/models/gemini-test:generateContent');
  });

  it('completes with systemInstruction and contents, without tools', async () => {
    expect(await gemini().complete('Be brief.', 'Hello')).toBe('gemini judged "Hello" under "Be brief."');
    expect(fakes.requests.gemini[0]!.body).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
    });
  });
});
