/**
 * Gemini's google_search answers (recorded-harness.ts) cite Google's redirect links: the page each one points at is
 * what the answer cites, read once per run and only from where the settings allow.
 */
import { describe, expect, it } from 'vitest';
import { createGemini } from '../../../engines/cloud/gemini.ts';
import { createRedirectReader, type RedirectSettings } from '../../../engines/cloud/redirects.ts';
import { recorded } from '../../fakes/engines/replay.ts';
import { ask, brand, replay, replayOf, settings } from './recorded-harness.ts';

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
    const replay = await replayOf([body, body, second], {
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
    const replay = await replayOf([body, second], {
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
