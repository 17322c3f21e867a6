/**
 * The shared driver of the local-fetch engines: one ask in one tab of the signed-in browser. It opens the
 * engine's page, checks for walls (sign-in, CAPTCHA, Cloudflare) before and while the answer comes, types
 * and submits the prompt, waits for several completion signals together (DESIGN section 7), then reads the
 * last assistant turn as plain text with the links in it and in the sources panel.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { EngineError, type EngineAnswer, type EngineErrorKind } from '../types.ts';
import { BrowserEngineError, canceledError, classify, firstLine } from './errors.ts';
import { sourcesFromLinks, type PageLink } from './links.ts';
import { LINKS, OPEN_SOURCES, PROBE, type PageState, type ProbeConfig } from './page-script.ts';
import type { BrowserEngineSpec } from './spec.ts';
import type { DriverTimings } from './timings.ts';
import { findBlock } from './walls.ts';

export interface AskInBrowser {
  context: BrowserContext;
  spec: BrowserEngineSpec;
  baseUrl: string;
  prompt: string;
  timings: DriverTimings;
  /** Failure screenshots go here (created when needed). */
  screenshotDir: string;
  signal?: AbortSignal;
}

/** Plain text: no non-breaking spaces, no trailing blanks, at most one empty line in a row. */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

class Drive {
  private readonly config: ProbeConfig;
  private challengeSince: number | null = null;

  constructor(
    private readonly page: Page,
    private readonly ask: AskInBrowser,
  ) {
    this.config = { selectors: ask.spec.selectors, modelAttribute: ask.spec.modelAttribute ?? null };
  }

  private get spec() {
    return this.ask.spec;
  }

  private get t() {
    return this.ask.timings;
  }

  private fail(kind: EngineErrorKind, code: string, message: string, cause?: unknown): never {
    throw new BrowserEngineError(this.spec.id, kind, code, `${this.spec.label}: ${message}`, { cause });
  }

  private async sleep(ms: number): Promise<void> {
    await delay(ms, undefined, { signal: this.ask.signal });
  }

  /** Runs page code; a navigation under way (a challenge clearing, a redirect) is waited out, not a failure. */
  private async evaluate<T>(script: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await this.page.evaluate(`(${script})(${JSON.stringify(this.config)})`)) as T;
      } catch (err) {
        if (
          attempt >= 20 ||
          !/Execution context was destroyed|navigat|Cannot find context/i.test(firstLine(err))
        )
          throw err;
        await this.page
          .waitForLoadState('domcontentloaded', { timeout: this.t.readyTimeoutMs })
          .catch(() => {});
        await this.sleep(Math.min(this.t.pollMs, 250));
      }
    }
  }

  private probe(): Promise<PageState> {
    return this.evaluate<PageState>(PROBE);
  }

  /** Throws when the page shows a wall; a Cloudflare check gets `challengeWaitMs` to clear by itself. */
  private async checkBlocks(state: PageState): Promise<void> {
    const block = await findBlock(this.page, this.spec, state);
    if (block?.code !== 'cloudflare_challenge') this.challengeSince = null;
    if (!block) return;
    const login = `"npx answerwatch agent login ${this.spec.id}"`;
    if (block.code === 'login_required')
      this.fail(
        'fatal',
        'login_required',
        `sign in again: the browser profile is not signed in (${block.detail}). Run ${login} and sign in.`,
      );
    if (block.code === 'captcha')
      this.fail(
        'fatal',
        'captcha',
        `a CAPTCHA is in the way (${block.detail}). Open the browser with ${login}, solve it, and ask again later.`,
      );
    const now = Date.now();
    this.challengeSince ??= now;
    if (now - this.challengeSince >= this.t.challengeWaitMs)
      this.fail(
        'retryable',
        'cloudflare_challenge',
        `Cloudflare's check ("${block.detail}") did not clear within ${seconds(this.t.challengeWaitMs)}. ` +
          `Try again later, or open the browser with ${login} and pass it once.`,
      );
  }

  async run(): Promise<EngineAnswer> {
    const { spec, baseUrl, prompt } = this.ask;
    const url = spec.startUrl ? spec.startUrl(baseUrl, prompt) : baseUrl;
    try {
      await this.page.goto(url, { waitUntil: 'domcontentloaded', timeout: this.t.readyTimeoutMs });
    } catch (err) {
      if (this.ask.signal?.aborted) throw err;
      this.fail('retryable', 'navigation_failed', `could not open ${url}: ${firstLine(err)}`, err);
    }
    const ready = await this.waitReady();
    const turnsBefore = spec.promptInUrl ? 0 : ready.turns;
    if (!spec.promptInUrl) await this.submit(ready);
    const done = await this.waitAnswer(turnsBefore);
    const links = await this.links();
    return {
      text: plainText(done.text),
      sources: sourcesFromLinks(links.answer, links.panel, this.page.url(), spec.ownHosts),
      model: done.model?.trim() || null,
      // The apps show no search queries in the answer turn we read (only the sources), so none are stored.
      searchQueries: [],
    };
  }

  private async waitReady(): Promise<PageState> {
    const deadline = Date.now() + this.t.readyTimeoutMs;
    for (;;) {
      const state = await this.probe();
      await this.checkBlocks(state);
      const blocked = this.challengeSince !== null;
      if (!blocked && (this.spec.promptInUrl || state.inputSel !== null)) return state;
      // A Cloudflare check gets its own allowance even when it started late.
      if (Date.now() > deadline && !blocked)
        this.fail(
          'retryable',
          'input_not_found',
          `the page showed no prompt box within ${seconds(this.t.readyTimeoutMs)} (the app may have ` +
            `changed: selectors ${JSON.stringify(this.spec.selectors.input)}).`,
        );
      await this.sleep(this.t.pollMs);
    }
  }

  private async submit(ready: PageState): Promise<void> {
    const input = this.page.locator(ready.inputSel!).filter({ visible: true }).first();
    try {
      await input.fill(this.ask.prompt, { timeout: 10_000 });
    } catch {
      // Some editors refuse fill(); typing as a user would goes through their input events.
      await input.click({ timeout: 10_000 });
      await this.page.keyboard.press('ControlOrMeta+A');
      await this.page.keyboard.press('Backspace');
      await this.page.keyboard.insertText(this.ask.prompt);
    }
    // The send button enables itself once the app has seen the text.
    const until = Date.now() + 5_000;
    for (;;) {
      const state = await this.probe();
      if (state.submitSel !== null && state.submitEnabled) {
        await this.page.locator(state.submitSel).filter({ visible: true }).first().click({ timeout: 10_000 });
        return;
      }
      if (Date.now() > until) break;
      await this.sleep(Math.min(this.t.pollMs, 200));
    }
    await input.press('Enter', { timeout: 10_000 });
  }

  private async waitAnswer(turnsBefore: number): Promise<PageState> {
    const { pollMs, stablePolls, answerTimeoutMs, noActionsStableMs } = this.t;
    const started = Date.now();
    let last: PageState | null = null;
    let stable = 0;
    let changedAt = started;
    let pressedEnter = this.spec.promptInUrl === true;
    for (;;) {
      const state = await this.probe();
      await this.checkBlocks(state);
      const now = Date.now();
      const answering = state.turns > turnsBefore && state.text.trim() !== '';
      if (answering && last !== null && state.text === last.text) stable += 1;
      else {
        stable = 0;
        changedAt = now;
      }
      last = state;
      // The app gave up on the reply (its error box with Retry): no copy button will come, so stop waiting.
      if (state.replyError !== null && !state.copy && state.turns > turnsBefore)
        this.fail(
          'retryable',
          'reply_failed',
          `the app showed an error instead of finishing the reply ("${state.replyError}"), ` +
            `after ${state.text.length} characters; the answer is not stored and can be asked again.`,
        );
      if (answering && !state.stop && this.challengeSince === null) {
        if (state.copy && stable >= stablePolls) return state;
        if (!state.copy && now - changedAt >= noActionsStableMs) return state;
      }
      // The click did not send (the app was not ready): the prompt still sits in the box, nothing started.
      if (
        !pressedEnter &&
        now - started > 3_000 &&
        state.turns <= turnsBefore &&
        !state.stop &&
        state.inputSel !== null &&
        state.inputText.includes(this.ask.prompt.slice(0, 40).trim())
      ) {
        pressedEnter = true;
        await this.page.locator(state.inputSel).filter({ visible: true }).first().press('Enter');
      }
      if (now - started > answerTimeoutMs) {
        const seen = [
          state.turns > turnsBefore ? `${state.text.length} characters so far` : 'no answer turn',
          state.stop ? 'still streaming' : 'not streaming',
          state.copy ? 'copy button shown' : 'no copy button',
        ].join(', ');
        this.fail(
          'retryable',
          'timeout',
          `the answer did not finish within ${seconds(answerTimeoutMs)} (${seen}).`,
        );
      }
      await this.sleep(pollMs);
    }
  }

  private async readLinks(): Promise<{ answer: PageLink[]; panel: PageLink[] }> {
    return this.evaluate<{ answer: PageLink[]; panel: PageLink[] }>(LINKS);
  }

  /** The answer's links, and the sources panel's once it has opened and stopped growing. */
  private async links(): Promise<{ answer: PageLink[]; panel: PageLink[] }> {
    const before = await this.readLinks();
    if (this.spec.selectors.sourcesButton.length === 0) return before;
    const opened = await this.evaluate<boolean>(OPEN_SOURCES);
    if (!opened) return before;
    const until = Date.now() + this.t.sourcesWaitMs;
    let links = before;
    let count = -1;
    for (;;) {
      await this.sleep(Math.min(this.t.pollMs, 250));
      links = await this.readLinks();
      const grown = links.panel.length > before.panel.length;
      if (grown && links.panel.length === count) return links;
      count = links.panel.length;
      if (Date.now() > until) return links;
    }
  }
}

function seconds(ms: number): string {
  return `${ms < 10_000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000)} s`;
}

async function screenshot(page: Page, dir: string, engineId: string): Promise<string | null> {
  try {
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const path = join(dir, `${engineId}-${stamp}-${Math.random().toString(36).slice(2, 6)}.png`);
    await page.screenshot({ path, timeout: 10_000 });
    return path;
  } catch {
    return null;
  }
}

/**
 * Asks one prompt in a new tab of `context` and closes the tab. Throws EngineError: `login_required`,
 * `captcha` (fatal); `cloudflare_challenge`, `reply_failed`, `timeout`, `input_not_found`, `navigation_failed`,
 * `browser_closed` (retryable); `canceled` when the signal aborts. Failures carry a screenshot.
 */
export async function askInBrowser(ask: AskInBrowser): Promise<EngineAnswer> {
  const { spec, signal } = ask;
  if (signal?.aborted) throw canceledError(spec.id, signal);
  let page: Page;
  try {
    page = await ask.context.newPage();
  } catch (err) {
    throw classify(spec.id, spec.label, err);
  }
  const onAbort = () => void page.close().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await new Drive(page, ask).run();
  } catch (err) {
    if (signal?.aborted) throw canceledError(spec.id, signal);
    const error = classify(spec.id, spec.label, err);
    const path = page.isClosed() ? null : await screenshot(page, ask.screenshotDir, spec.id);
    throw new BrowserEngineError(
      error.engineId,
      error.kind,
      error.code,
      path ? `${error.message} Screenshot: ${path}` : error.message,
      { cause: err instanceof EngineError ? err.cause : err, screenshotPath: path },
    );
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await page.close().catch(() => undefined);
  }
}
