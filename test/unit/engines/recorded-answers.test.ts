/**
 * What each cloud adapter makes of whole answers the vendor APIs recorded (recorded-harness.ts): the text, the
 * citations dropped from it, the sources kept, and whether the brand counts as named and cited.
 */
import { describe, expect, it } from 'vitest';
import { createChatgpt } from '../../../engines/cloud/chatgpt.ts';
import { createClaude } from '../../../engines/cloud/claude.ts';
import { createGoogleAiMode } from '../../../engines/cloud/google-ai-mode.ts';
import { createGrok } from '../../../engines/cloud/grok.ts';
import { createPerplexity } from '../../../engines/cloud/perplexity.ts';
import { recorded } from '../../fakes/engines/replay.ts';
import { ask, brand, MARKDOWN_LINK, replay, settings } from './recorded-harness.ts';

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
