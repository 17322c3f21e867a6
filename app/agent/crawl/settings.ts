/** The crawl's settings from the environment: ANSWERWATCH_CRAWL_MAX_PAGES, ANSWERWATCH_CRAWL_ALLOW_PRIVATE. */
import { CRAWL_LIMITS } from '../../../server/contract/site-crawl.ts';

export interface CrawlSettings {
  maxPages: number;
  /** Development only: loopback and private networks may be crawled. */
  allowPrivate: boolean;
}

export function crawlSettings(env: NodeJS.ProcessEnv): CrawlSettings {
  const raw = env.ANSWERWATCH_CRAWL_MAX_PAGES?.trim();
  let maxPages: number = CRAWL_LIMITS.maxPages;
  if (raw) {
    maxPages = Number(raw);
    if (!/^\d+$/.test(raw) || maxPages < 1 || maxPages > CRAWL_LIMITS.maxPagesCeiling)
      throw new Error(
        `ANSWERWATCH_CRAWL_MAX_PAGES must be a whole number from 1 to ${CRAWL_LIMITS.maxPagesCeiling} (got "${raw.slice(0, 40)}")`,
      );
  }
  return { maxPages, allowPrivate: env.ANSWERWATCH_CRAWL_ALLOW_PRIVATE === '1' };
}
