/**
 * Every cloud adapter against responses the real vendor APIs wrote (test/fixtures/vendors, sources in its README),
 * replayed on 127.0.0.1: the adapter code is production code with only the base URL changed. Each answer is also
 * scored, since what matters is whether the brand counts as named and cited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createChatgpt } from '../../../engines/cloud/chatgpt.ts';
import { createClaude } from '../../../engines/cloud/claude.ts';
import { createGemini } from '../../../engines/cloud/gemini.ts';
import { createGoogleAiMode } from '../../../engines/cloud/google-ai-mode.ts';
import { createGrok } from '../../../engines/cloud/grok.ts';
import { createPerplexity } from '../../../engines/cloud/perplexity.ts';
import { createRedirectReader, type RedirectSettings } from '../../../engines/cloud/redirects.ts';
import { scoreAnswer } from '../../../engines/scoring/index.ts';
import type { AnswerEngine, EngineAnswer } from '../../../engines/types.ts';
import { recorded, startReplay, type Replay } from '../../fakes/engines/replay.ts';

let replay: Replay | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

const settings = (url: string) => ({ apiKey: 'recorded-key', baseUrl: url, model: 'recorded-model' });

async function ask(
  bodies: unknown[],
  make: (url: string) => AnswerEngine,
  redirects: Record<string, string> = {},
): Promise<EngineAnswer> {
  replay = await startReplay(bodies, redirects);
  return make(replay.url).ask('recorded prompt');
}

function brand(name: string, site: string) {
  return (answer: EngineAnswer) =>
    scoreAnswer(answer, { name, websiteUrl: site, brandTerms: [], brandDomains: [] }, []);
}

const MARKDOWN_LINK = /\]\(https?:\/\//;

describe('chatgpt on recorded OpenAI Responses (web_search)', () => {
  const chatgpt = (url: string) => createChatgpt(settings(url));

  it('drops the plain [Site](url) citations Azure OpenAI writes after a sentence, by span and by URL', async () => {
    const answer = await ask([recorded('chatgpt', 'vercel-azure-web-search-preview')], chatgpt);
    // Three citations of one URL, only the first with an annotation span: all three leave the text.
    expect(answer.text).not.toContain('Straits Times');
    expect(answer.text).toContain('investment pledge by Saudi Arabia in the U.S.\n\n2. The U.S. House');
    expect(answer.text).toContain('under NATO’s prioritization.\n\nIf you want more details');
    expect(answer.sources).toEqual([
      {
        url: 'https://www.straitstimes.com/world/while-you-were-sleeping-5-stories-you-might-have-missed-nov-19-2025',
        title: 'While You Were Sleeping: 5 stories you might have missed, Nov 19, 2025',
      },
    ]);
    const scored = brand('The Straits Times', 'https://www.straitstimes.com')(answer);
    // Cited, not named: the answer never names the paper, it only links it.
    expect(scored).toMatchObject({ mentioned: false, cited: true, excerpt: null });
    expect(scored.fullAnswer).not.toContain('Straits Times');
  });

  it('drops the ([site](url)) citations of gpt-5 answers and keeps the annotated sources', async () => {
    const answer = await ask([recorded('chatgpt', 'vercel-openai-web-search')], chatgpt);
    expect(answer.text).not.toMatch(MARKDOWN_LINK);
    expect(answer.text).toContain('(discussion and analysis on The Vergecast).  \n- The EU opened');
    expect(answer.sources.map((s) => new URL(s.url).hostname)).toEqual([
      'www.theverge.com',
      'techstartups.com',
      'www.investopedia.com',
      'vercel.com',
      'www.sentinelone.com',
      'www.wired.com',
      'www.bloomberg.com',
    ]);
    expect(answer.model).toBe('gpt-5-mini-2025-08-07');
    expect(brand('Vercel', 'https://vercel.com')(answer)).toMatchObject({
      mentioned: true,
      cited: true,
      citationUrl: 'https://vercel.com/blog/series-f',
    });
  });

  it('reads a second recorded answer the same way', async () => {
    const answer = await ask([recorded('chatgpt', 'pydantic-ai-web-search')], chatgpt);
    expect(answer.text).not.toMatch(MARKDOWN_LINK);
    expect(answer.text).toContain('a stabilization mission in Gaza.\n\n- Nepal crisis');
    expect(answer.sources).toHaveLength(3);
    expect(brand('Reuters', 'https://www.reuters.com')(answer)).toMatchObject({
      mentioned: false,
      cited: true,
    });
  });
});

describe('grok on recorded xAI Responses', () => {
  const grok = (url: string) => createGrok(settings(url));

  it('takes url-only citations as untitled sources (web_search)', async () => {
    const answer = await ask([recorded('grok', 'vercel-xai-web-search')], grok);
    expect(answer.text.startsWith('xAI is an American artificial intelligence company')).toBe(true);
    expect(answer.sources).toEqual([
      { url: 'https://www.ibm.com/think/topics/explainable-ai', title: null },
      { url: 'https://x.ai/company', title: null },
      { url: 'https://en.wikipedia.org/wiki/XAI_%28company%29', title: null },
      { url: 'https://x.ai/', title: null },
      { url: 'https://www.owkin.com/a-z-of-ai-for-healthcare/xai', title: null },
    ]);
    expect(brand('xAI', 'https://x.ai')(answer)).toMatchObject({ mentioned: true, cited: true });
  });

  it('reads the X search variant of the same body', async () => {
    const answer = await ask([recorded('grok', 'vercel-xai-x-search')], grok);
    expect(answer.text).toContain('### What People Are Saying About AI on X');
    expect(answer.sources).toHaveLength(20);
    expect(answer.sources.every((s) => s.url.startsWith('https://x.com/i/status/'))).toBe(true);
  });
});

/*
 * The third shape of a url_citation: a span over the sentence (or paragraph) the source supports rather than over
 * its link. No recording of it was found (test/fixtures/vendors/README.md says where we looked), so these bodies are
 * constructed from the recorded ones: the recorded text and URLs, with only the spans (and, for xAI, its documented
 * inline `[[n]](url)` links) changed. Such a span once cut the whole sentence, and Grok's answer to nothing.
 */
describe('a span over the sentence, not the link (constructed from the recordings)', () => {
  type Part = { text: string; annotations: Record<string, unknown>[] };
  const partOf = (body: Record<string, unknown>) =>
    (body.output as { type: string; content: Part[] }[]).find((o) => o.type === 'message')!.content[0]!;
  /** Where the line holding `at` starts: gpt-5 writes one claim a line, its citation link at the end. */
  const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;

  it('chatgpt keeps the claim, drops its ([site](url)) link and keeps the source', async () => {
    const body = recorded('chatgpt', 'vercel-openai-web-search');
    const asRecorded = await ask([body], (url) => createChatgpt(settings(url)));
    await replay!.close();
    const part = partOf(body);
    for (const a of part.annotations) a.start_index = lineStart(part.text, a.start_index as number);
    expect(part.annotations[3]).toMatchObject({ url: 'https://vercel.com/blog/series-f' });
    expect(
      part.text.slice(part.annotations[3]!.start_index as number, part.annotations[3]!.end_index as number),
    ).toMatch(/^- Vercel-related funding .*\(\[vercel\.com\]\(https:\/\/vercel\.com\/blog\/series-f\)\)$/s);

    const answer = await ask([body], (url) => createChatgpt(settings(url)));
    expect(answer).toEqual(asRecorded);
    expect(answer.text).not.toMatch(MARKDOWN_LINK);
    expect(brand('Vercel', 'https://vercel.com')(answer)).toMatchObject({ mentioned: true, cited: true });
  });

  it('grok keeps every sentence whole when each [[n]](url) annotation spans its sentence', async () => {
    const body = recorded('grok', 'vercel-xai-web-search');
    const part = partOf(body);
    const recordedText = part.text;
    const urls = part.annotations.map((a) => a.url as string);
    // xAI's documented inline citations: `[[n]](url)` before the sentence's full stop, annotated with its number.
    const sentences = recordedText.match(/[^.!?]+[.!?]+\s*|[^.!?]+$/g)!;
    let text = '';
    part.annotations = [];
    sentences.forEach((sentence, i) => {
      const start = text.length;
      const url = urls[i % urls.length]!;
      const cut = sentence.trimEnd().length - 1;
      text += `${sentence.slice(0, cut)} [[${(i % urls.length) + 1}]](${url})${sentence.slice(cut)}`;
      const end = text.trimEnd().length;
      part.annotations.push({
        type: 'url_citation',
        url,
        title: String((i % urls.length) + 1),
        start_index: start,
        end_index: end,
      });
    });
    part.text = text;

    const answer = await ask([body], (url) => createGrok(settings(url)));
    expect(answer.text).toBe(recordedText.trim());
    expect(answer.sources.map((s) => s.url)).toEqual(urls);
    expect(brand('xAI', 'https://x.ai')(answer)).toMatchObject({ mentioned: true, cited: true });
  });

  it('grok keeps the text when one annotation spans the whole answer and the others no link at all', async () => {
    const body = recorded('grok', 'vercel-xai-web-search');
    const part = partOf(body);
    const recordedText = part.text;
    part.text = `${recordedText} [[1]](${part.annotations[0]!.url as string})`;
    part.annotations[0] = { ...part.annotations[0], start_index: 0, end_index: part.text.length };
    // A span over a paragraph with no link in it: nothing of it is a citation.
    const second = recordedText.indexOf('xAI has raised');
    part.annotations[1] = {
      ...part.annotations[1],
      start_index: second,
      end_index: recordedText.indexOf('\n\nIf you'),
    };

    const answer = await ask([body], (url) => createGrok(settings(url)));
    expect(answer.text).toBe(recordedText);
    expect(answer.sources).toHaveLength(5);
  });
});

describe('the other engines’ citations over sentences (recorded) leave the sentences whole', () => {
  it('gemini keeps every segment its groundingSupports cite', async () => {
    const body = recorded('gemini', 'pydantic-ai-web-search.1');
    const supports = (
      body.candidates as { groundingMetadata: { groundingSupports: { segment: { text: string } }[] } }[]
    )[0]!.groundingMetadata.groundingSupports;
    const redirects = createRedirectReader({
      enabled: false,
      timeoutMs: 1,
      baseUrl: '',
      allowPrivate: false,
    });
    const answer = await ask([body], (url) => createGemini(settings(url), redirects));
    expect(supports.length).toBeGreaterThan(0);
    for (const { segment } of supports) expect(answer.text).toContain(segment.text);
  });

  it('claude keeps every text block its citations point from', async () => {
    const body = recorded('claude', 'vercel-anthropic-web-search');
    const cited = (body.content as { type: string; text?: string; citations?: unknown[] }[]).filter(
      (b) => b.type === 'text' && (b.citations?.length ?? 0) > 0,
    );
    const answer = await ask([body], (url) => createClaude(settings(url)));
    expect(cited.length).toBeGreaterThan(0);
    for (const block of cited) expect(answer.text).toContain(block.text!.trim());
  });
});

describe('perplexity on recorded sonar answers that carry only citations', () => {
  const perplexity = (url: string) => createPerplexity(settings(url));

  it.each(['vercel-perplexity-citations', 'vercel-perplexity-text'])('%s', async (name) => {
    const body = recorded('perplexity', name);
    const answer = await ask([body], perplexity);
    expect(body.search_results).toBeUndefined();
    expect(answer.sources).toEqual((body.citations as string[]).map((url) => ({ url, title: null })));
    expect(answer.text).not.toMatch(/\[\d+\]/);
    expect(answer.model).toBe('sonar');
  });

  it('scores a citation-only source as cited', async () => {
    const answer = await ask([recorded('perplexity', 'vercel-perplexity-citations')], perplexity);
    expect(answer.text).toContain('from authoritative U.S. data sources.\n\nRecent figures include:');
    expect(brand('FRED', 'https://fred.stlouisfed.org')(answer)).toMatchObject({
      mentioned: true,
      cited: true,
    });
  });
});

describe('claude on recorded Messages with web_search', () => {
  const claude = (url: string) => createClaude(settings(url));

  it('puts a paragraph break where a search sat between two text blocks', async () => {
    const answer = await ask([recorded('claude', 'vercel-anthropic-web-search')], claude);
    expect(answer.text).toContain(
      'tech news from today (September 26, 2024).\n\nBased on the search results, here are the key',
    );
    expect(answer.text).not.toMatch(/\)\.Based/);
    // Blocks split only by citations join as they are.
    expect(answer.text).toContain('**FTX Case Update:**\nCaroline Ellison');
    expect(answer.model).toBe('claude-sonnet-4-20250514');
    expect(answer.sources[0]).toEqual({
      url: 'https://developer.apple.com/news/',
      title: 'Latest News - Apple Developer',
    });
    expect(brand('CNBC', 'https://www.cnbc.com')(answer)).toMatchObject({ mentioned: false, cited: true });
  });

  it('reads a second recorded answer (thinking blocks skipped)', async () => {
    const answer = await ask([recorded('claude', 'pydantic-ai-web-search')], claude);
    expect(answer.text.startsWith('Based on the search results, here')).toBe(true);
    expect(answer.text).not.toContain('The user is asking');
    expect(brand('AccuWeather', 'https://www.accuweather.com')(answer)).toMatchObject({ cited: true });
  });

  it('continues a pause_turn with what was said, across two recorded responses', async () => {
    const answer = await ask(
      [recorded('claude', 'pydantic-ai-pause-turn.1'), recorded('claude', 'pydantic-ai-pause-turn.2')],
      claude,
    );
    const [first, second] = replay!.requests as {
      body: { messages: { role: string; content: unknown[] }[] };
    }[];
    expect(first!.body.messages.map((m) => m.role)).toEqual(['user']);
    expect(second!.body.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(second!.body.messages[1]!.content).toEqual(recorded('claude', 'pydantic-ai-pause-turn.1').content);
    expect(answer.text.startsWith("I'll run these searches for you one at a time. Let me begin:\n\n")).toBe(
      true,
    );
    // The first response ended in a search the second one's result finishes: still a paragraph break.
    expect(answer.text).toContain('would return similar results:\n\nLet me complete the final searches:');
    expect(answer.text).toContain('sunny weather with a high of 68°F. Clear skies');
    expect(answer.text.endsWith('up-to-date information from February 2026.')).toBe(true);
    expect(brand('NBC Bay Area', 'https://www.nbcbayarea.com')(answer)).toMatchObject({ cited: true });
  });
});

describe('gemini on recorded generateContent with google_search', () => {
  const body = recorded('gemini', 'pydantic-ai-web-search.1');
  const chunks = (b: Record<string, unknown>) =>
    (
      b.candidates as { groundingMetadata: { groundingChunks: { web: { uri: string; title: string } }[] } }[]
    )[0]!.groundingMetadata.groundingChunks.map((c) => c.web);
  const [, weatherGov, wunderground] = chunks(body);
  const redirectPath = (uri: string) => new URL(uri).pathname;
  const gemini =
    (extra: Partial<RedirectSettings> = {}) =>
    (url: string) =>
      createGemini(
        settings(url),
        createRedirectReader({ enabled: true, timeoutMs: 2_000, baseUrl: url, allowPrivate: true, ...extra }),
      );

  it('stores the page a redirect link points at, and a domain title’s home page when it cannot be read', async () => {
    const page = 'https://forecast.weather.gov/MapClick.php?lat=37.7772&lon=-122.4168';
    // The recorded redirect service answered for weather.gov's link only; wunderground's is unknown here (404).
    const answer = await ask([body], gemini(), { [redirectPath(weatherGov!.uri)]: page });
    expect(answer.sources).toEqual([
      // Not a redirect (Google's own weather box): kept as given.
      {
        url: 'https://www.google.com/search?q=weather+in+San Francisco, CA,+US',
        title: 'Weather information for San Francisco, CA, US',
      },
      { url: page, title: 'weather.gov' },
      { url: 'https://wunderground.com/', title: 'wunderground.com' },
    ]);
    expect(answer.model).toBe('gemini-2.5-pro');
    expect(answer.text.startsWith('## Weather in San Francisco is Mild and Partly Cloudy')).toBe(true);
    // Gemini's citation rate was always 0: both sites now count as cited.
    expect(brand('Weather Underground', 'https://www.wunderground.com')(answer)).toMatchObject({
      cited: true,
    });
    expect(brand('National Weather Service', 'https://www.weather.gov')(answer)).toMatchObject({
      cited: true,
      citationUrl: page,
    });
    const asked = replay!.requests
      .filter((r) => r.method === 'GET')
      .map((r) => r.path)
      .sort();
    expect(asked).toEqual([redirectPath(weatherGov!.uri), redirectPath(wunderground!.uri)].sort());
  });

  it('asks each redirect link once per run, whatever the number of answers naming it', async () => {
    const second = recorded('gemini', 'pydantic-ai-web-search.2');
    replay = await startReplay([body, body, second], {
      [redirectPath(weatherGov!.uri)]: 'https://www.weather.gov/mtr/',
    });
    const engine = gemini()(replay.url);
    const resolvedLinks = new Map<string, Promise<string | null>>();
    const answers = await Promise.all([1, 2, 3].map(() => engine.ask('q', { resolvedLinks })));
    const gets = replay.requests.filter((r) => r.method === 'GET').map((r) => r.path);
    // Run 1 names 2 redirect links twice; answer 3 names 3 more (two of them the same page twice).
    expect(new Set(gets).size).toBe(gets.length);
    expect(gets).toHaveLength(2 + 3);
    expect(answers[0]!.sources).toEqual(answers[1]!.sources);
    expect(answers[2]!.sources).toEqual([
      { url: 'https://theweathernetwork.com/', title: 'theweathernetwork.com' },
      { url: 'https://wunderground.com/', title: 'wunderground.com' },
    ]);
  });

  it('reads the redirect links of a run over kept connections, not one connection per link', async () => {
    const second = recorded('gemini', 'pydantic-ai-web-search.2');
    replay = await startReplay([body, second], {
      [redirectPath(weatherGov!.uri)]: 'https://www.weather.gov/mtr/',
    });
    const engine = gemini()(replay.url);
    const resolvedLinks = new Map<string, Promise<string | null>>();
    for (let i = 0; i < 2; i += 1) await engine.ask('q', { resolvedLinks });
    const gets = replay.requests.filter((r) => r.method === 'GET');
    expect(gets).toHaveLength(2 + 3);
    // The answers' POSTs and the links' GETs: the second answer's reuse the first one's connections.
    expect(replay.connectionCount()).toBeLessThan(gets.length);
  });

  it('refuses a redirect service on a private address unless the development switch is on', async () => {
    const answer = await ask([body], gemini({ allowPrivate: false }), {
      [redirectPath(weatherGov!.uri)]: 'https://www.weather.gov/',
    });
    expect(replay!.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
    expect(answer.sources.map((s) => s.url)).toEqual([
      'https://www.google.com/search?q=weather+in+San Francisco, CA,+US',
      'https://weather.gov/',
      'https://wunderground.com/',
    ]);
  });

  it('makes no request when resolving is off, and still cites the domain titles', async () => {
    const answer = await ask([body], gemini({ enabled: false }));
    expect(replay!.requests).toHaveLength(1);
    expect(answer.sources[1]).toEqual({ url: 'https://weather.gov/', title: 'weather.gov' });
  });

  it('keeps Google’s own links of a third recorded answer as they are', async () => {
    const answer = await ask([recorded('gemini', 'pydantic-ai-native-web-search')], gemini());
    expect(answer.sources.map((s) => s.url)).toEqual([
      'https://www.google.com/search?q=time+in+San+Francisco,+CA,+US',
      'https://www.google.com/search?q=weather+in+San Francisco, CA,+US',
    ]);
    expect(answer.model).toBe('gemini-2.5-flash');
  });
});

describe('google-ai-mode on a recorded SerpApi answer with local-business cards', () => {
  const aiMode = (url: string) => createGoogleAiMode({ apiKey: 'recorded-key', baseUrl: url });

  it('drops the cards’ button labels and cites the sites the answer links', async () => {
    const answer = await ask([recorded('google-ai-mode', 'visible-ia-local-cards')], aiMode);
    expect(answer.text).not.toMatch(/Llamar|Cómo llegar|Sitio web[A-Z]/);
    expect(answer.text.split('\n\n')[1]).toBe(
      'Destacado por su alta puntuación y buenas referencias en tratamientos personalizados de rehabilitación e ' +
        'implantes dentales. Puedes revisar más detalles en su sitio web Dr. Aldo Implants.',
    );
    expect(answer.sources.slice(0, 3)).toEqual([
      { url: 'https://www.tusimplantesdentalesmiraflores.com/', title: 'Dr. Aldo Implants' },
      { url: 'https://dentalperezyance.com/', title: 'Dental Pérez Yance' },
      { url: 'https://www.implantesdentalesmiraflores.com/', title: 'Implantes Dentales Miraflores' },
    ]);
    // The references are Google's viewer pages: still sources, after the answer's own links.
    expect(
      answer.sources.slice(3).every((s) => s.url.startsWith('https://www.google.com/searchviewer/')),
    ).toBe(true);
    const scored = brand('Dental Pérez Yance', 'https://dentalperezyance.com')(answer);
    expect(scored).toMatchObject({
      mentioned: true,
      cited: true,
      citationUrl: 'https://dentalperezyance.com/',
    });
    expect(scored.excerpt).not.toContain('Llamar');
    expect(scored.fullAnswer).not.toContain('Cómo llegar');
  });
});

describe('the web searches each engine ran, from its recorded responses', () => {
  const noRedirects = createRedirectReader({
    enabled: false,
    timeoutMs: 1,
    baseUrl: '',
    allowPrivate: false,
  });

  it('chatgpt: action.query of each search call, in order; opening and finding in a page are not searches', async () => {
    const answer = await ask([recorded('chatgpt', 'vercel-openai-web-search')], (url) =>
      createChatgpt(settings(url)),
    );
    expect(answer.searchQueries).toEqual(['tech news today December 5 2025']);
    const six = await ask([recorded('chatgpt', 'pydantic-ai-web-search')], (url) =>
      createChatgpt(settings(url)),
    );
    expect(six.searchQueries).toEqual([
      'top world news September 12, 2025 Reuters',
      'Nepal protests September 12 2025 Reuters',
      'UN Security Council condemns attack in Doha September 12 2025 Reuters',
      'Israel airstrikes Yemen Sanaa September 10 2025 Reuters death toll',
      'typhoon September 12 2025',
      'Nepal protests September 12 2025 BBC',
    ]);
    const azure = await ask([recorded('chatgpt', 'vercel-azure-web-search-preview')], (url) =>
      createChatgpt(settings(url)),
    );
    expect(azure.searchQueries).toEqual([
      'top news stories November 19, 2025',
      'major news stories November 19, 2025',
    ]);
  });

  /*
   * action.queries: the recorded call is one a live gpt-5-mini response made, which vercel/ai replayed as input
   * (test/fixtures/vendors/README.md); here it takes the place of the search calls of another recorded body.
   */
  it('chatgpt: every entry of action.queries, not only action.query (a recorded call in a recorded body)', async () => {
    const call = (
      recorded('chatgpt', 'vercel-live-web-search-call') as { request: { input: Record<string, unknown>[] } }
    ).request.input.find((i) => i.type === 'web_search_call')!;
    const body = recorded('chatgpt', 'vercel-openai-web-search');
    const output = body.output as Record<string, unknown>[];
    body.output = [call, ...output.filter((o) => o.type !== 'web_search_call')];
    const answer = await ask([body], (url) => createChatgpt(settings(url)));
    expect(answer.searchQueries).toEqual(['Le maire de Paris', 'Maire de Paris', 'Mayor of Paris']);
  });

  it('grok: the query in the arguments of xAI’s web_search call; an x_search is not a web search', async () => {
    const answer = await ask([recorded('grok', 'vercel-xai-web-search')], (url) => createGrok(settings(url)));
    expect(answer.searchQueries).toEqual(['what is xAI']);
    const x = await ask([recorded('grok', 'vercel-xai-x-search')], (url) => createGrok(settings(url)));
    expect(x.searchQueries).toEqual([]);
  });

  it('gemini: groundingMetadata.webSearchQueries', async () => {
    const answer = await ask([recorded('gemini', 'pydantic-ai-native-web-search')], (url) =>
      createGemini(settings(url), noRedirects),
    );
    expect(answer.searchQueries).toEqual([
      'current time in San Francisco',
      'weather in San Francisco right now',
    ]);
  });

  it('claude: the web_search server tool inputs, across a paused turn and its continuation', async () => {
    const one = await ask([recorded('claude', 'vercel-anthropic-web-search')], (url) =>
      createClaude(settings(url)),
    );
    expect(one.searchQueries).toEqual([
      'tech news today September 26 2024',
      '"September 26 2024" tech news breaking',
    ]);
    const paused = await ask(
      [recorded('claude', 'pydantic-ai-pause-turn.1'), recorded('claude', 'pydantic-ai-pause-turn.2')],
      (url) => createClaude(settings(url)),
    );
    expect(paused.searchQueries).toHaveLength(11 + 4);
    expect(paused.searchQueries.slice(0, 2)).toEqual([
      'San Francisco weather today',
      'San Francisco sunrise time today',
    ]);
    expect(paused.searchQueries.at(-1)).toBe('latest news stock market San Francisco');
  });

  it('perplexity and google-ai-mode expose none: their answers have no searches', async () => {
    const sonar = await ask([recorded('perplexity', 'vercel-perplexity-citations')], (url) =>
      createPerplexity(settings(url)),
    );
    expect(sonar.searchQueries).toEqual([]);
    const aiMode = await ask([recorded('google-ai-mode', 'visible-ia-local-cards')], (url) =>
      createGoogleAiMode({ apiKey: 'recorded-key', baseUrl: url }),
    );
    expect(aiMode.searchQueries).toEqual([]);
  });
});
