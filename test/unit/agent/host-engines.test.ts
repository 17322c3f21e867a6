import { afterEach, describe, expect, it } from 'vitest';
import { browserBaseUrls, byokCloudConfig, createHostEngines } from '../../../app/agent/host-engines.ts';
import type { BrowserEngines, BrowserEnginesOptions } from '../../../engines/browser/index.ts';
import { cleanUp, fakeEngine, paired } from './harness.ts';

afterEach(cleanUp);

describe('host engines', () => {
  it('builds the cloud configuration from the stored keys, never from the environment keys', () => {
    const config = byokCloudConfig(
      { OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', SERPAPI_API_KEY: 'serp-env' },
      new Map([['google-ai-mode', 'serp-own']]),
    );
    expect(config.openai).toMatchObject({ apiKey: null, baseUrl: 'http://127.0.0.1:9/v1' });
    expect(config.serpapi.apiKey).toBe('serp-own');
  });

  it('reads ANSWERWATCH_BROWSER_BASE_URLS and rejects a malformed one', () => {
    expect(
      browserBaseUrls({ ANSWERWATCH_BROWSER_BASE_URLS: '{"chatgpt-local-fetch":"http://127.0.0.1:1"}' }),
    ).toEqual({
      'chatgpt-local-fetch': 'http://127.0.0.1:1',
    });
    expect(browserBaseUrls({})).toBeUndefined();
    expect(() => browserBaseUrls({ ANSWERWATCH_BROWSER_BASE_URLS: '[1]' })).toThrow(/JSON object/);
  });

  it('starts one browser for the runs that need it and closes it when the last one ends', async () => {
    const h = await paired();
    const opened: BrowserEnginesOptions[] = [];
    let closed = 0;
    const createBrowser = (options: BrowserEnginesOptions): BrowserEngines => {
      opened.push(options);
      return {
        engines: new Map([['chatgpt-local-fetch', fakeEngine('chatgpt-local-fetch')]]),
        close: async () => void (closed += 1),
      };
    };
    const engines = createHostEngines({
      store: h.store,
      env: {
        ANSWERWATCH_CHROME: '/opt/chrome',
        ANSWERWATCH_BROWSER_BASE_URLS: '{"chatgpt-local-fetch":"http://127.0.0.1:1"}',
      },
      dataDir: h.dir,
      createBrowser,
      hasBrowser: () => true,
    });

    const a = await engines.acquire(['chatgpt-local-fetch', 'claude']);
    const b = await engines.acquire(['chatgpt-local-fetch']);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      profileDir: `${h.dir}/browser-profile`,
      executablePath: '/opt/chrome',
      headless: true,
      baseUrls: { 'chatgpt-local-fetch': 'http://127.0.0.1:1' },
    });
    expect([...a.engines.keys()]).toEqual(['chatgpt-local-fetch']);
    expect(a.problems.get('claude')).toMatchObject({
      code: 'no_key',
      message: 'no key for claude on this computer: npx answerwatch agent keys set claude',
    });

    await a.release();
    expect(closed).toBe(0);
    await b.release();
    expect(closed).toBe(1);
    const c = await engines.acquire(['chatgpt-local-fetch']);
    expect(opened).toHaveLength(2);
    await engines.close();
    await c.release();
    expect(closed).toBe(2);
  });

  it('reports browser engines that could not start as problems of those engines only', async () => {
    const h = await paired();
    await h.store.setEngineKey('perplexity', 'pplx-key', '2026-03-01T00:00:00.000Z');
    const engines = createHostEngines({
      store: h.store,
      env: {},
      dataDir: h.dir,
      createBrowser: () => Promise.reject(new Error('no display')),
      hasBrowser: () => true,
    });
    const lease = await engines.acquire(['perplexity-local-fetch', 'perplexity']);
    expect([...lease.engines.keys()]).toEqual(['perplexity']);
    expect(lease.problems.get('perplexity-local-fetch')).toMatchObject({
      code: 'browser_unavailable',
      message: 'the browser engines did not start: no display',
    });
    await lease.release();
  });
});
