/** The web searches each cloud adapter reads from the responses the vendor APIs recorded (recorded-harness.ts). */
import { describe, expect, it } from 'vitest';
import { createChatgpt } from '../../../engines/cloud/chatgpt.ts';
import { createClaude } from '../../../engines/cloud/claude.ts';
import { createGemini } from '../../../engines/cloud/gemini.ts';
import { createGoogleAiMode } from '../../../engines/cloud/google-ai-mode.ts';
import { createGrok } from '../../../engines/cloud/grok.ts';
import { createPerplexity } from '../../../engines/cloud/perplexity.ts';
import { createRedirectReader } from '../../../engines/cloud/redirects.ts';
import { recorded } from '../../fakes/engines/replay.ts';
import { ask, settings } from './recorded-harness.ts';

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
