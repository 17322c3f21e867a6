/**
 * The local-fetch engines driving a real headless Chromium against the mock chat apps in
 * test/fakes/chat-pages. Without a browser these tests are skipped (and fail on CI: test/support/browser.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BrowserNotFoundError, resolveBrowser } from '../../engines/browser/browser.ts';
import { BrowserEngineError } from '../../engines/browser/errors.ts';
import {
  BROWSER_ENGINE_IDS,
  createBrowserEngines,
  type BrowserEngines,
} from '../../engines/browser/index.ts';
import { sourcesFromLinks } from '../../engines/browser/links.ts';
import type { BrowserEngineId } from '../../engines/browser/spec.ts';
import { scoreAnswer } from '../../engines/scoring/index.ts';
import { EngineError, type AnswerEngine, type EngineAnswer } from '../../engines/types.ts';
import type { AnswerFn } from '../fakes/engines/answer.ts';
import { startChatPages, type ChatPageMode, type ChatPages } from '../fakes/chat-pages/index.ts';
import { requireBrowser } from '../support/browser.ts';

const FINAL = 'That is the whole answer, end of stream.';

/** Names the prompt (so parallel asks can tell their answers apart); the last sentence only comes at the end. */
const answer: AnswerFn = (engineId, prompt) => ({
  text: [
    `Acme Widgets is the top pick for "${prompt}".`,
    '- Globex leads on price.\n- Initech has the best support.',
    FINAL,
  ].join('\n\n'),
  sources: [
    { url: 'https://www.acme.example/guide?ref=home', title: 'Acme guide' },
    { url: 'https://reviews.example/best-widgets', title: 'Best widgets, compared' },
    { url: `https://news.example/${engineId}/roundup`, title: 'The roundup' },
  ],
});

const expectedUrls = (id: string) => [
  'https://www.acme.example/guide?ref=home',
  'https://reviews.example/best-widgets',
  `https://news.example/${id}/roundup`,
];

async function failure(call: Promise<unknown>): Promise<EngineError> {
  const outcome = await call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(EngineError);
  return outcome.error as EngineError;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('sources read from a chat page', () => {
  it('unwraps redirects, strips utm_*, drops links into the app and dedupes, panel titles first', () => {
    const target = 'https://site.example/a?utm_source=chatgpt.com&x=1';
    const bing = `https://www.bing.com/ck/a?!&&p=1&u=a1${Buffer.from('https://bing-target.example/p').toString('base64url')}&ntb=1`;
    const sources = sourcesFromLinks(
      [
        { href: `https://chatgpt.com/link?url=${encodeURIComponent(target)}`, title: 'site.example' },
        { href: 'https://www.google.com/url?q=https%3A%2F%2Fg.example%2F%3Futm_medium%3Dx&sa=U', title: 'g' },
        { href: bing, title: 'bing' },
        { href: 'https://chatgpt.com/c/123', title: 'a chat' },
        { href: 'http://127.0.0.1:9/new', title: 'new chat' },
        { href: 'javascript:void(0)', title: 'nothing' },
      ],
      [{ href: 'https://site.example/a?x=1&utm_campaign=y', title: 'Site A' }],
      'http://127.0.0.1:9/app',
      [/^(.+\.)?chatgpt\.com$/],
    );
    expect(sources).toEqual([
      { url: 'https://site.example/a?x=1', title: 'Site A' },
      { url: 'https://g.example/', title: 'g' },
      { url: 'https://bing-target.example/p', title: 'bing' },
    ]);
  });
});

describe('finding the browser', () => {
  it('prefers the explicit path and says what it looked at when nothing is there', () => {
    expect(resolveBrowser({ executablePath: '/x/chrome', exists: (p) => p === '/x/chrome' })).toBe(
      '/x/chrome',
    );
    expect(resolveBrowser({ env: { CHROME_PATH: '/y/chrome' }, exists: (p) => p === '/y/chrome' })).toBe(
      '/y/chrome',
    );
    expect(() => resolveBrowser({ executablePath: '/missing', exists: () => false })).toThrow(
      BrowserNotFoundError,
    );
    expect(
      resolveBrowser({ env: {}, platform: 'linux', exists: (p) => p === '/usr/bin/google-chrome-stable' }),
    ).toBe('/usr/bin/google-chrome-stable');
    const error = (() => {
      try {
        resolveBrowser({ env: {}, platform: 'linux', exists: () => false });
      } catch (err) {
        return err as BrowserNotFoundError;
      }
    })();
    expect(error?.tried).toContain('/usr/bin/chromium');
    expect(error?.message).toMatch(/ANSWERWATCH_CHROME/);
  });
});

const chrome = requireBrowser();

describe.skipIf(chrome === null)('browser engines in headless Chromium against mock chat apps', () => {
  let dir: string;
  let pages: ChatPages;
  let pool: BrowserEngines;
  const engine = (id: BrowserEngineId): AnswerEngine => pool.engines.get(id)!;
  const ids = BROWSER_ENGINE_IDS;

  /** Generous limits (a loaded machine must not fail the tests); a short answer limit only where asks stall. */
  const createPool = (profile: string, answerTimeoutMs: number) =>
    createBrowserEngines({
      profileDir: join(dir, profile),
      executablePath: chrome!,
      headless: true,
      pagesPerEngine: 2,
      baseUrls: pages.baseUrls,
      screenshotDir: join(dir, 'screenshots'),
      answerTimeoutMs,
      readyTimeoutMs: 20_000,
      pollMs: 100,
      stablePolls: 3,
      challengeWaitMs: 3_000,
      sourcesWaitMs: 3_000,
      challengeAttempts: 2,
      challengeBackoffMs: 300,
    });

  /** Every engine in `mode`, asked at once; each one's error. */
  const failAll = async (mode: ChatPageMode, on: BrowserEngines = pool) => {
    for (const id of ids) pages.setMode(id, mode);
    const errors = await Promise.all(ids.map((id) => failure(on.engines.get(id)!.ask(`${mode} test`))));
    return new Map(ids.map((id, i) => [id, errors[i]!]));
  };
  const codes = (errors: Map<string, EngineError>) =>
    Object.fromEntries([...errors].map(([id, e]) => [id, `${e.kind}:${e.code}`]));
  const all = (value: string) => Object.fromEntries(ids.map((id) => [id, value]));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-browser-'));
    pages = await startChatPages({ answer, streamMs: 450, slowStreamMs: 20_000 });
    pool = createPool('profile', 20_000);
  });
  afterEach(() => {
    for (const id of ids) pages.setMode(id, 'normal');
  });
  afterAll(async () => {
    await pool?.close();
    await pages?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(ids)(
    '%s reads the whole streamed answer as plain text, with its and the panel’s sources',
    async (id) => {
      const prompt = `best widgets for ${id}?`;
      const got: EngineAnswer = await engine(id).ask(prompt);
      // The last sentence streams in last: seeing it means the driver waited for the end.
      expect(got.text.startsWith(`Acme Widgets is the top pick for "${prompt}".`)).toBe(true);
      expect(got.text.endsWith(FINAL)).toBe(true);
      expect(got.text).toContain('Globex leads on price.');
      expect(got.text).toContain('Initech has the best support.');
      expect(got.text).not.toMatch(/[<>]/);
      // Redirects (chatgpt.com/link, google.com/url, bing.com/ck/a) unwrapped, utm_* gone, the panel-only one in.
      expect(got.sources.map((s) => s.url).sort()).toEqual(expectedUrls(id).sort());
      expect(got.sources.every((s) => !/utm_|chatgpt\.com|google\.com\/url|bing\.com/.test(s.url))).toBe(
        true,
      );
      expect(got.model).toBe(id === 'chatgpt-local-fetch' ? 'gpt-5-mock' : null);
      expect(pages.prompts(id)).toContain(prompt);
    },
  );

  it.each(ids)('%s reads citation pills as sources, never as answer text', async (id) => {
    const got = await engine(id).ask(`pills for ${id}?`);
    // The pills' labels are the sites' hosts: none of them is a word of the answer.
    for (const host of ['acme.example', 'reviews.example', 'news.example'])
      expect(got.text).not.toContain(host);
    expect(got.text).toContain('Globex leads on price.');
    expect(got.sources.map((s) => s.url)).toContain('https://reviews.example/best-widgets');
    // A site the answer only cites counts as cited, not as named.
    const scored = scoreAnswer(
      got,
      {
        name: 'Widget Reviews',
        websiteUrl: 'https://reviews.example',
        brandTerms: ['reviews.example'],
        brandDomains: [],
      },
      [],
    );
    expect(scored).toMatchObject({ mentioned: false, cited: true, excerpt: null });
    expect(scored.fullAnswer).not.toContain('reviews.example');
  });

  it('fails a ChatGPT reply that breaks off (error box, Retry, no copy button) as retryable, at once', async () => {
    pages.setMode('chatgpt', 'reply-error');
    const started = Date.now();
    const e = await failure(engine('chatgpt-local-fetch').ask('broken reply?'));
    expect(`${e.kind}:${e.code}`).toBe('retryable:reply_failed');
    expect(e.message).toContain('Something went wrong while generating the response');
    expect((e as BrowserEngineError).screenshotPath).not.toBeNull();
    // Not the 30 s wait for a reply without action buttons: the error state ends the wait.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('asks again, after a backoff, when a Cloudflare check does not clear, and answers once it is gone', async () => {
    for (const id of ids) pages.setMode(id, 'cloudflare-then-app', { challenges: 1 });
    const got = await Promise.all(ids.map((id) => engine(id).ask(`challenged ${id}`)));
    for (const a of got) expect(a.text.endsWith(FINAL)).toBe(true);
    for (const id of ids) {
      const loads = pages.requests.filter((r) => r.engineId === id && r.mode === 'cloudflare-then-app');
      expect(
        loads.filter((r) => r.prompt === null || r.prompt.startsWith('challenged')).length,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it('reads titles from the sources panel, where there is one', async () => {
    const got = await engine('chatgpt-local-fetch').ask('titles?');
    expect(got.sources).toContainEqual({
      url: 'https://news.example/chatgpt-local-fetch/roundup',
      title: 'The roundup',
    });
  });

  it('fails with login_required ("sign in again") on a login wall, before the prompt', async () => {
    const errors = await failAll('login');
    expect(codes(errors)).toEqual(all('fatal:login_required'));
    for (const e of errors.values()) expect(e.message).toMatch(/sign in again/);
  });

  it('fails with login_required when the wall comes up after the prompt was sent', async () => {
    pages.setMode('chatgpt', 'login-during');
    const e = await failure(engine('chatgpt-local-fetch').ask('walled?'));
    expect(`${e.kind}:${e.code}`).toBe('fatal:login_required');
    expect(
      pages.requests.some((r) => r.engineId === 'chatgpt-local-fetch' && r.mode === 'login-during'),
    ).toBe(true);
  });

  it('fails with captcha on a CAPTCHA (Google’s /sorry/index page, Turnstile widgets elsewhere)', async () => {
    const errors = await failAll('captcha');
    expect(codes(errors)).toEqual(all('fatal:captcha'));
    expect(errors.get('google-ai-mode-local-fetch')!.message).toMatch(/sorry/);
  });

  it('fails with captcha on a Turnstile frame hidden in a closed shadow root', async () => {
    const errors = await failAll('turnstile');
    expect(codes(errors)).toEqual(all('fatal:captcha'));
  });

  it('fails with cloudflare_challenge (retryable) when "Just a moment..." does not clear, after asking again', async () => {
    const errors = await failAll('cloudflare');
    expect(codes(errors)).toEqual(all('retryable:cloudflare_challenge'));
    // challengeAttempts 2: every engine opened its app twice.
    for (const id of ids) {
      const loads = pages.requests.filter(
        (r) => r.engineId === id && r.mode === 'cloudflare' && !r.path.endsWith('favicon.ico'),
      );
      expect(loads.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('waits out a Cloudflare check that clears by itself (the page reloads under the driver)', async () => {
    for (const id of ids) pages.setMode(id, 'cloudflare-pass');
    const got = await Promise.all(ids.map((id) => engine(id).ask(`past the check ${id}`)));
    for (const a of got) expect(a.text.endsWith(FINAL)).toBe(true);
    for (const id of ids)
      expect(
        pages.requests.filter((r) => r.engineId === id && r.mode === 'cloudflare-pass').length,
      ).toBeGreaterThan(1);
  });

  it('fails with timeout when the stream stalls, and saves a screenshot', async () => {
    // A second browser (its own profile) with a short answer limit: these asks never finish anyway.
    const short = createPool('profile-short', 2_000);
    const errors = await failAll('stall', short).finally(() => short.close());
    expect(codes(errors)).toEqual(all('retryable:timeout'));
    for (const [id, e] of errors) {
      expect(e).toBeInstanceOf(BrowserEngineError);
      const path = (e as BrowserEngineError).screenshotPath!;
      expect(path).toContain(join(dir, 'screenshots', id));
      expect(existsSync(path)).toBe(true);
      expect(e.message).toContain(`Screenshot: ${path}`);
      expect(e.message).toMatch(/still streaming/);
    }
  });

  it('cancels with canceled when the signal aborts mid-answer, and keeps working afterwards', async () => {
    for (const id of ids) pages.setMode(id, 'slow');
    const controllers = ids.map(() => new AbortController());
    const asks = ids.map((id, i) =>
      failure(engine(id).ask(`cancel ${id}`, { signal: controllers[i]!.signal })),
    );
    for (const [i, id] of ids.entries()) {
      // Seven tabs opening at once on a loaded 2-core machine can take a while: the wait is generous.
      await until(() => pages.prompts(id).includes(`cancel ${id}`), `${id}'s answer request`, 60_000);
      controllers[i]!.abort();
    }
    const errors = await Promise.all(asks);
    expect(Object.fromEntries(ids.map((id, i) => [id, errors[i]!.code]))).toEqual(all('canceled'));

    const aborted = AbortSignal.abort();
    expect((await failure(engine('chatgpt-local-fetch').ask('never', { signal: aborted }))).code).toBe(
      'canceled',
    );

    for (const id of ids) pages.setMode(id, 'normal');
    expect((await engine('perplexity-local-fetch').ask('after the cancel')).text).toContain(FINAL);
  });

  it('answers two asks at once on one engine with pagesPerEngine 2', async () => {
    const [a, b] = await Promise.all([
      engine('chatgpt-local-fetch').ask('first parallel prompt'),
      engine('chatgpt-local-fetch').ask('second parallel prompt'),
    ]);
    expect(a.text).toContain('"first parallel prompt"');
    expect(b.text).toContain('"second parallel prompt"');
    expect(a.text.endsWith(FINAL) && b.text.endsWith(FINAL)).toBe(true);
  });
});
