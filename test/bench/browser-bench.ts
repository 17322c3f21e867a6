import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBrowser } from '../../engines/browser/browser.ts';
import { createBrowserEngines } from '../../engines/browser/index.ts';
import { startChatPages } from '../fakes/chat-pages/index.ts';

export interface BrowserFigures {
  /** Tabs the engine used at once (pagesPerEngine). */
  pages: number;
  answersPerMinute: number;
}

export interface BrowserBenchOptions {
  /** Asks per setting. Default 24. */
  asks?: number;
  /** How long the mock ChatGPT streams an answer. Default 1500 ms. */
  streamMs?: number;
  /** Default [1, 2, 4]. */
  pageCounts?: number[];
}

/**
 * Answers per minute from one browser (headless, the production timings: polls every 500 ms, 3 stable polls)
 * for ChatGPT with 1, 2 and 4 tabs at once, against the mock ChatGPT streaming each answer over ~1.5 s.
 * The browser is started (and warmed with one ask) before the clock runs. Throws BrowserNotFoundError
 * when there is no Chrome or Chromium.
 */
export async function measureBrowser(options: BrowserBenchOptions = {}): Promise<BrowserFigures[]> {
  const asks = options.asks ?? 24;
  const executablePath = resolveBrowser();
  const pages = await startChatPages({ streamMs: options.streamMs ?? 1500 });
  const figures: BrowserFigures[] = [];
  try {
    for (const count of options.pageCounts ?? [1, 2, 4]) {
      const dir = mkdtempSync(join(tmpdir(), 'aw-browser-bench-'));
      const pool = createBrowserEngines({
        profileDir: join(dir, 'profile'),
        executablePath,
        headless: true,
        pagesPerEngine: count,
        baseUrls: pages.baseUrls,
        screenshotDir: join(dir, 'screenshots'),
        engineIds: ['chatgpt-local-fetch'],
      });
      try {
        const engine = pool.engines.get('chatgpt-local-fetch')!;
        await engine.ask('warm-up');
        const started = performance.now();
        await Promise.all(Array.from({ length: asks }, (_, i) => engine.ask(`bench prompt ${count}-${i}`)));
        const elapsedMs = performance.now() - started;
        figures.push({ pages: count, answersPerMinute: Math.round((asks / elapsedMs) * 60_000 * 10) / 10 });
      } finally {
        await pool.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await pages.close();
  }
  return figures;
}
