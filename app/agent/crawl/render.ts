/**
 * Rendering a page in the host's Chromium, to see the words a reader sees once its JavaScript ran (a page whose
 * HTML has almost none needs JavaScript to show its text, and many AI agents do not run it). The browser starts
 * on the first page asked, on a throwaway profile (never the one signed in to the engines: the site gets no
 * cookies of ours, and the engines' browser keeps its profile), and every request it makes, the page's own
 * scripts' included, goes through the outbound address policy; images, media and fonts are not loaded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../../../engines/browser/browser.ts';
import { vettedAddresses, type Resolver } from '../../../engines/net/outbound.ts';

/** The text a reader sees on the page once rendered. */
export type RenderPage = (url: string, signal?: AbortSignal) => Promise<string>;

export interface Renderer {
  render: RenderPage;
  close(): Promise<void>;
}

export interface RendererOptions {
  userAgent: string;
  allowPrivate: boolean;
  executablePath?: string;
  /** Extra browser flags (tests trust their test certificate with one). */
  args?: readonly string[];
  timeoutMs?: number;
  resolve?: Resolver;
}

const SKIPPED = new Set(['image', 'media', 'font']);
/** After `load`, how long the page's scripts get to settle the network before the text is read. */
const SETTLE_MS = 3_000;

export function createChromiumRenderer(o: RendererOptions): Renderer {
  const timeoutMs = o.timeoutMs ?? 30_000;
  let started: Promise<{ context: BrowserContext; profileDir: string }> | null = null;
  /** Per host: allowed or not, vetted once (the browser resolves names itself; this keeps it off refused hosts). */
  const hosts = new Map<string, Promise<boolean>>();

  function allowed(raw: string): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return Promise.resolve(false);
    }
    if (url.protocol === 'data:' || url.protocol === 'blob:') return Promise.resolve(true);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return Promise.resolve(false);
    let verdict = hosts.get(url.host);
    if (!verdict) {
      const signal = AbortSignal.timeout(timeoutMs);
      verdict = vettedAddresses(url, { allowPrivate: o.allowPrivate, resolve: o.resolve, signal }).then(
        () => true,
        () => false,
      );
      hosts.set(url.host, verdict);
    }
    return verdict;
  }

  async function start() {
    const profileDir = await mkdtemp(join(tmpdir(), 'answerwatch-crawl-'));
    try {
      const context = await launchBrowser({
        profileDir,
        executablePath: o.executablePath,
        args: [`--user-agent=${o.userAgent}`, ...(o.args ?? [])],
      });
      await context.route('**/*', async (route) => {
        const request = route.request();
        if (SKIPPED.has(request.resourceType()) || !(await allowed(request.url())))
          await route.abort('blockedbyclient');
        else await route.continue();
      });
      return { context, profileDir };
    } catch (err) {
      await rm(profileDir, { recursive: true, force: true });
      throw err;
    }
  }

  return {
    async render(url, signal) {
      started ??= start();
      let browser: { context: BrowserContext; profileDir: string };
      try {
        browser = await started;
      } catch (err) {
        started = null;
        throw err;
      }
      signal?.throwIfAborted();
      const page = await browser.context.newPage();
      const onAbort = () => void page.close().catch(() => undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
        await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => undefined);
        return await page.evaluate(() => document.body?.innerText ?? '');
      } finally {
        signal?.removeEventListener('abort', onAbort);
        await page.close().catch(() => undefined);
      }
    },
    async close() {
      const current = started;
      started = null;
      const browser = await current?.catch(() => null);
      if (!browser) return;
      await browser.context.close().catch(() => undefined);
      await rm(browser.profileDir, { recursive: true, force: true });
    },
  };
}
