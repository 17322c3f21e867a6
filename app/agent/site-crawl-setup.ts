/** The site crawler as a host runs it: settings from the environment, pages rendered in the host's Chromium. */
import { findBrowser } from '../../engines/browser/browser.ts';
import { crawlerUserAgent } from '../../server/contract/site-crawl.ts';
import { createChromiumRenderer } from './crawl/render.ts';
import { crawlSettings } from './crawl/settings.ts';
import type { SiteCrawlerOptions } from './site-crawler.ts';

/**
 * ANSWERWATCH_CRAWL_MAX_PAGES and ANSWERWATCH_CRAWL_ALLOW_PRIVATE (crawl/settings.ts); the crawler's User-Agent
 * points site owners at the service's API documentation. Without a Chrome or Chromium no page is rendered.
 */
export function siteCrawlsFromEnv(
  env: NodeJS.ProcessEnv,
  serverUrl: string,
): Omit<SiteCrawlerOptions, 'store' | 'client' | 'clock' | 'log'> {
  const settings = crawlSettings(env);
  const docsUrl = `${serverUrl}/v1/docs`;
  const executablePath = findBrowser({ env });
  return {
    settings,
    docsUrl,
    ...(executablePath && {
      createRenderer: () =>
        createChromiumRenderer({
          userAgent: crawlerUserAgent(docsUrl),
          allowPrivate: settings.allowPrivate,
          executablePath,
        }),
    }),
  };
}
