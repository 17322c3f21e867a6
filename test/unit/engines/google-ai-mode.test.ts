import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGoogleAiMode } from '../../../engines/cloud/google-ai-mode.ts';
import { defaultAnswer, startFakeEngines, type FakeEngines } from '../../fakes/engines/index.ts';
import { failure } from './harness.ts';

let fakes: FakeEngines;
beforeAll(async () => {
  fakes = await startFakeEngines();
});
afterAll(() => fakes.close());
beforeEach(() => fakes.reset());

const aiMode = () => createGoogleAiMode({ apiKey: fakes.keys.serpapi, baseUrl: fakes.urls.serpapi });
const PROMPT = 'best crm for startups & co?';

const body = (extra: Record<string, unknown>) => ({
  kind: 'raw' as const,
  reply: { status: 200, body: { search_metadata: { status: 'Success' }, ...extra } },
});

describe('google-ai-mode (SerpApi)', () => {
  it('searches with engine google_ai_mode and renders the text blocks; references are the sources', async () => {
    const answer = await aiMode().ask(PROMPT);

    const expected = defaultAnswer('google-ai-mode', PROMPT);
    expect(answer).toEqual({
      text: expected.text,
      sources: expected.sources,
      model: null,
      // SerpApi's AI Mode body names no searches.
      searchQueries: [],
    });
    const [request] = fakes.requests.serpapi;
    expect(request).toMatchObject({ method: 'GET', path: '/search.json' });
    expect(request!.query).toEqual({ engine: 'google_ai_mode', q: PROMPT, api_key: fakes.keys.serpapi });
    expect(request!.body).toBeUndefined();
  });

  it('never keeps local cards’ button labels as text, and cites the sites the cards link', async () => {
    fakes.script('serpapi', { kind: 'local-cards' });
    fakes.script('serpapi', { kind: 'local-cards', labels: 'LlamarCómo llegarSitio web' });
    const expected = defaultAnswer('google-ai-mode', PROMPT);
    for (const answer of [await aiMode().ask(PROMPT), await aiMode().ask(PROMPT)]) {
      expect(answer.text).not.toMatch(/Call|Directions|Website|Llamar|Cómo llegar|Sitio web/);
      expect(answer.text.split('\n\n')[0]).toBe(
        `Recommended for its reviews. More on ${expected.sources[0]!.title}.`,
      );
      expect(answer.text.endsWith(expected.text)).toBe(true);
      // The sites the cards link come first; the references are Google's own viewer pages.
      expect(answer.sources.slice(0, 3)).toEqual(expected.sources);
      expect(answer.sources.slice(3).map((s) => new URL(s.url).pathname)).toEqual(
        Array(3).fill('/searchviewer/10'),
      );
    }
  });

  it('keeps a snippet that merely starts with a button word, reads links in list items, shows a repeated card once', async () => {
    const card = {
      type: 'paragraph',
      snippet: 'CallWebsiteAcme Dental is open on Saturdays.',
      snippet_links: [{ text: 'Acme Dental', link: 'https://acme-dental.example/' }],
    };
    fakes.script(
      'serpapi',
      body({
        text_blocks: [
          card,
          { ...card },
          { type: 'paragraph', snippet: 'Website builders compared: Call Globex first.' },
          {
            type: 'list',
            list: [
              {
                snippet: 'Initech: fast.',
                snippet_links: [{ text: 'Initech', link: 'https://initech.example/' }],
                list: [
                  { snippet: 'Hooli', snippet_links: [{ text: 'Hooli', link: 'https://hooli.example/' }] },
                ],
              },
            ],
          },
        ],
        references: [{ index: 0, title: 'Viewer', link: 'https://www.google.com/searchviewer/10?svid=x' }],
      }),
    );
    const answer = await aiMode().ask(PROMPT);
    expect(answer.text).toBe(
      'Acme Dental is open on Saturdays.\n\nWebsite builders compared: Call Globex first.\n\n- Initech: fast.\n  - Hooli',
    );
    expect(answer.sources.map((s) => s.url)).toEqual([
      'https://acme-dental.example/',
      'https://initech.example/',
      'https://hooli.example/',
      'https://www.google.com/searchviewer/10?svid=x',
    ]);
  });

  it('renders headings, titled and nested list items and tables, and orders references by index', async () => {
    fakes.script(
      'serpapi',
      body({
        text_blocks: [
          { type: 'heading', snippet: 'Top picks' },
          {
            type: 'list',
            list: [
              { title: 'Acme', snippet: 'best value', reference_indexes: [1] },
              { snippet: 'Globex', list: [{ snippet: 'great support' }] },
            ],
          },
          {
            type: 'table',
            table: [
              ['Brand', 'Price'],
              ['Acme', '$5'],
            ],
          },
          { type: 'paragraph', snippet: '  ' },
        ],
        references: [
          { index: 1, title: 'Second', link: 'https://two.example/', source: 'Two' },
          { index: 0, title: 'First', link: 'https://one.example/', source: 'One' },
        ],
      }),
    );
    expect(await aiMode().ask(PROMPT)).toEqual({
      text: 'Top picks\n\n- Acme: best value\n- Globex\n  - great support\n\nBrand | Price\nAcme | $5',
      sources: [
        { url: 'https://one.example/', title: 'First' },
        { url: 'https://two.example/', title: 'Second' },
      ],
      model: null,
      searchQueries: [],
    });
  });

  it('reads an {"error"} body in a 200 as retryable no_answer', async () => {
    fakes.script('serpapi', body({ error: "Google hasn't returned any results for this query." }));
    const error = await failure(aiMode().ask(PROMPT));
    expect(error).toMatchObject({ kind: 'retryable', code: 'no_answer', status: 200 });
    expect(error.message).toContain("hasn't returned any results");
  });

  it('reads SerpApi error statuses: a wrong key is fatal auth, no searches left is fatal, throughput is retryable', async () => {
    fakes.script('serpapi', { kind: 'unauthorized' });
    const auth = await failure(aiMode().ask(PROMPT));
    expect(auth).toMatchObject({ kind: 'fatal', code: 'auth', status: 401 });
    expect(auth.message).toContain('Invalid API key');
    fakes.script('serpapi', {
      kind: 'raw',
      reply: { status: 429, body: { error: 'Your account has run out of searches.' } },
    });
    expect(await failure(aiMode().ask(PROMPT))).toMatchObject({ kind: 'fatal', code: 'insufficient_quota' });
    fakes.script('serpapi', {
      kind: 'raw',
      reply: { status: 429, body: { error: 'Your account has exceeded the hourly throughput limit.' } },
    });
    expect(await failure(aiMode().ask(PROMPT))).toMatchObject({ kind: 'retryable', code: 'rate_limited' });
  });

  it('never puts the key, which travels in the query string, into an error', async () => {
    fakes.script('serpapi', {
      kind: 'raw',
      reply: { status: 400, body: { error: `Bad request for api_key=${fakes.keys.serpapi}&q=x` } },
    });
    const error = await failure(aiMode().ask(PROMPT));
    expect(error.code).toBe('bad_request');
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(fakes.keys.serpapi);
  });

  it('has no text model', () => {
    expect('complete' in aiMode()).toBe(false);
  });
});
