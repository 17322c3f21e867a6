/**
 * The local-fetch engines: one shared browser (a persistent, signed-in profile), launched on the first ask,
 * with a new tab per ask and at most `pagesPerEngine` tabs per engine at once.
 */
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { BrowserContext } from 'playwright-core';
import { Semaphore } from '../cloud/semaphore.ts';
import { EngineError, type AnswerEngine, type AskOptions, type EngineAnswer } from '../types.ts';
import { BrowserNotFoundError, launchBrowser } from './browser.ts';
import { chatgpt } from './chatgpt.ts';
import { claude } from './claude.ts';
import { copilot } from './copilot.ts';
import { askInBrowser, type AskInBrowser } from './driver.ts';
import { BrowserEngineError, canceledError } from './errors.ts';
import { gemini } from './gemini.ts';
import { googleAiMode } from './google-ai-mode.ts';
import { grok } from './grok.ts';
import { perplexity } from './perplexity.ts';
import type { BrowserEngineId, BrowserEngineSpec } from './spec.ts';
import { DEFAULT_TIMINGS, type DriverTimings } from './timings.ts';

export { BrowserEngineError } from './errors.ts';
export type { BrowserEngineId, BrowserEngineSpec } from './spec.ts';

/** Every browser engine, in the catalog's order. */
export const BROWSER_ENGINES: readonly BrowserEngineSpec[] = [
  chatgpt,
  perplexity,
  gemini,
  googleAiMode,
  claude,
  grok,
  copilot,
];

export const BROWSER_ENGINE_IDS: readonly BrowserEngineId[] = BROWSER_ENGINES.map((s) => s.id);

export function browserEngineSpec(engineId: string): BrowserEngineSpec | undefined {
  return BROWSER_ENGINES.find((s) => s.id === engineId);
}

export interface BrowserEnginesOptions extends Partial<DriverTimings> {
  /** The profile the user signed in to (`<dataDir>/browser-profile`). */
  profileDir: string;
  executablePath?: string;
  /** Default true. */
  headless?: boolean;
  /** Tabs one engine may use at once. Default 1. */
  pagesPerEngine?: number;
  /** Per engine, instead of the real app's address (mock pages in tests). */
  baseUrls?: Partial<Record<BrowserEngineId, string>>;
  /** Default `<profileDir>/../browser-screenshots`. */
  screenshotDir?: string;
  /** Which engines to offer; default all. */
  engineIds?: readonly BrowserEngineId[];
  /** Extra browser flags. */
  args?: readonly string[];
}

export interface BrowserEngines {
  /** By engine id (`chatgpt-local-fetch`, …). */
  engines: Map<string, AnswerEngine>;
  /** Closes the browser; asks in flight fail with `browser_closed`, later asks with `closed`. */
  close(): Promise<void>;
}

function launchError(engineId: string, err: unknown): EngineError {
  if (err instanceof BrowserNotFoundError)
    return new BrowserEngineError(engineId, 'fatal', 'browser_not_found', err.message, { cause: err });
  const message = err instanceof Error ? err.message : String(err);
  if (/ProcessSingleton|profile (directory )?(appears to be )?in use|SingletonLock/i.test(message))
    return new BrowserEngineError(
      engineId,
      'retryable',
      'profile_in_use',
      'The browser profile is open in another window (a login window?): close it and ask again.',
      { cause: err },
    );
  return new BrowserEngineError(
    engineId,
    'fatal',
    'browser_launch_failed',
    `The browser did not start: ${message.split('\n')[0]}`,
    { cause: err },
  );
}

/** Equal jitter, so engines that met the same check do not all come back at once. */
function challengeWait(timings: DriverTimings, attempt: number): number {
  const step = timings.challengeBackoffMs * 2 ** (attempt - 1);
  return step / 2 + (Math.random() * step) / 2;
}

/**
 * One ask, asked again when a Cloudflare check did not clear by itself: such checks pass after a while, so the
 * ask waits (backing off) and opens the app again, up to `challengeAttempts` times in all.
 */
async function askPastChallenges(ask: AskInBrowser): Promise<EngineAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await askInBrowser(ask);
    } catch (err) {
      const challenged = err instanceof EngineError && err.code === 'cloudflare_challenge';
      if (!challenged || attempt >= ask.timings.challengeAttempts) throw err;
      try {
        await delay(challengeWait(ask.timings, attempt), undefined, { signal: ask.signal });
      } catch {
        throw canceledError(ask.spec.id, ask.signal);
      }
    }
  }
}

export function createBrowserEngines(options: BrowserEnginesOptions): BrowserEngines {
  const timings: DriverTimings = { ...DEFAULT_TIMINGS };
  for (const key of Object.keys(DEFAULT_TIMINGS) as (keyof DriverTimings)[]) {
    const value = options[key];
    if (value !== undefined) timings[key] = value;
  }
  const screenshotDir = options.screenshotDir ?? join(dirname(options.profileDir), 'browser-screenshots');
  const pages = Math.max(1, options.pagesPerEngine ?? 1);
  let launching: Promise<BrowserContext> | null = null;
  let closed = false;

  /** The shared context; launched again after the user (or a crash) closed it. */
  const context = (engineId: string): Promise<BrowserContext> => {
    if (closed)
      return Promise.reject(new EngineError(engineId, 'fatal', 'closed', 'The browser engines are closed'));
    if (!launching) {
      const started = launchBrowser({
        profileDir: options.profileDir,
        executablePath: options.executablePath,
        headless: options.headless ?? true,
        args: options.args,
      });
      launching = started;
      started.then(
        (ctx) =>
          ctx.on('close', () => {
            if (launching === started) launching = null;
          }),
        () => {
          if (launching === started) launching = null;
        },
      );
    }
    return launching.catch((err: unknown) => {
      throw launchError(engineId, err);
    });
  };

  const engines = new Map<string, AnswerEngine>();
  const wanted = new Set(options.engineIds ?? BROWSER_ENGINE_IDS);
  for (const spec of BROWSER_ENGINES) {
    if (!wanted.has(spec.id)) continue;
    const baseUrl = (options.baseUrls?.[spec.id] ?? spec.defaultBaseUrl).replace(/\/+$/, '');
    const slots = new Semaphore(pages);
    engines.set(spec.id, {
      id: spec.id,
      async ask(prompt: string, askOptions: AskOptions = {}): Promise<EngineAnswer> {
        const { signal } = askOptions;
        let release: () => void;
        try {
          release = await slots.acquire(signal);
        } catch {
          throw canceledError(spec.id, signal);
        }
        try {
          const ctx = await context(spec.id);
          if (signal?.aborted) throw canceledError(spec.id, signal);
          return await askPastChallenges({
            context: ctx,
            spec,
            baseUrl,
            prompt,
            timings,
            screenshotDir,
            signal,
          });
        } finally {
          release();
        }
      },
    });
  }

  return {
    engines,
    async close() {
      closed = true;
      const current = launching;
      launching = null;
      if (current) await (await current.catch(() => null))?.close().catch(() => undefined);
    },
  };
}
