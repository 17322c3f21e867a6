import type { Store } from '../store/index.ts';
import type { SiteCrawlState } from '../store/repositories/site-crawls.ts';
import type { Clock } from './clock.ts';
import { HOST_WAIT_MS } from './run-lifecycle.ts';
import { emitSiteCrawled } from './site-crawl-event.ts';

const NOT_STARTED =
  'The host computer did not start the crawl within 24 hours: check that it is on and its agent up to date.';
const HOST_GONE = 'The host computer stopped checking in during the crawl and stayed away for 24 hours.';

/**
 * Crawls that no host will end fail after 24 hours, as host runs do, so the project can be crawled again (one
 * crawl at a time): one not started by then, or one whose host stopped checking in while it ran. Each ends with
 * its `site.crawled` event, in the same transaction.
 */
export async function expireSiteCrawls(store: Store, clock: Clock, baseUrl: string): Promise<number> {
  const now = clock.now();
  const at = now.toISOString();
  const before = new Date(now.getTime() - HOST_WAIT_MS).toISOString();
  let expired = 0;
  for (const crawl of await store.siteCrawls.stale(before)) {
    const running = crawl.state === 'running';
    const ended = await store.transaction(async (tx) => {
      const failed = await tx.siteCrawls.transition(crawl.id, [crawl.state as SiteCrawlState], {
        state: 'failed',
        at,
        finishedAt: at,
        error: { code: 'host_unavailable', message: running ? HOST_GONE : NOT_STARTED },
      });
      if (failed) await emitSiteCrawled(tx, crawl.id, baseUrl, at);
      return failed;
    });
    if (ended) expired += 1;
  }
  return expired;
}
