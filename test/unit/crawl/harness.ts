/** Shared set-up of the crawl tests: a virtual clock, the agent's store in memory, and crawl options for a fake site. */
import { openLocalStore, type LocalStore } from '../../../app/agent/local-store.ts';
import type { CrawlOptions } from '../../../app/agent/crawl/crawl.ts';
import type { Clock } from '../../../app/agent/crawl/pacer.ts';
import { testCa } from '../../fakes/webhook-receiver.ts';
import { toLoopback, type FakeSite } from '../../fakes/site/server.ts';

/** A clock whose sleeps pass at once, moving its time on: the crawl's pacing in virtual milliseconds. */
export interface VirtualClock extends Clock {
  sleeps: number[];
  /** Called before each sleep passes (a test stops the crawl between requests from here). */
  onSleep?: () => void;
}

export function virtualClock(): VirtualClock {
  let time = 0;
  const clock: VirtualClock = {
    sleeps: [],
    now: () => time,
    async sleep(ms, signal) {
      clock.sleeps.push(ms);
      clock.onSleep?.();
      signal?.throwIfAborted();
      time += ms;
    },
  };
  return clock;
}

export async function memoryStore(): Promise<LocalStore> {
  return openLocalStore(':memory:', { env: {} });
}

/** Options to crawl the fake site, with its DNS and test CA, private addresses allowed, pacing virtual. */
export function crawlOptions(
  site: Pick<FakeSite, 'origin'>,
  store: LocalStore,
  over: Partial<CrawlOptions> = {},
): CrawlOptions {
  const crawlId = over.crawlId ?? 'crl_test';
  return {
    crawlId,
    websiteUrl: `${site.origin}/`,
    brandDomains: [],
    citedUrls: [],
    docsUrl: 'https://answerwatch.test/docs',
    settings: { maxPages: 500, allowPrivate: true },
    checkpoint: store.crawlCheckpoint(crawlId, 'prj_test'),
    clock: virtualClock(),
    resolve: toLoopback,
    ca: testCa(),
    ...over,
  };
}
