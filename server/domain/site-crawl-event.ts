import { siteLinks } from '../contract/site-events.ts';
import type { Repositories } from '../store/index.ts';
import { fromJson } from '../store/json.ts';
import { newId } from './ids.ts';
import { countFindings, type CrawlSummary } from './site-reads.ts';
import { siteCrawlResource } from './site-crawls.ts';
import { queueDeliveries, type EventPayload } from './webhook-events.ts';

/**
 * `site.crawled` to the webhooks that subscribed to it, queued in the transaction that ends the crawl (after its
 * end is written there): once the end is committed its event is in the outbox, as run events are. Answers how many
 * deliveries were queued.
 */
export async function emitSiteCrawled(
  tx: Repositories,
  crawlId: string,
  baseUrl: string,
  now: string,
): Promise<number> {
  const row = await tx.siteCrawls.byId(crawlId);
  if (!row || (row.state !== 'completed' && row.state !== 'failed')) {
    throw new Error(`site crawl ${crawlId} has not ended in this transaction`);
  }
  const to = await tx.webhooks.subscribers(row.project_id, 'site.crawled');
  if (to.length === 0) return 0;
  const crawl = siteCrawlResource(row);
  const summary = row.state === 'completed' && row.summary ? fromJson<CrawlSummary>(row.summary) : null;
  const payload: EventPayload = {
    id: newId('evt'),
    event: 'site.crawled',
    createdAt: now,
    data: {
      projectId: row.project_id,
      crawlId: row.id,
      state: row.state,
      trigger: crawl.trigger,
      startedAt: crawl.startedAt,
      finishedAt: crawl.finishedAt ?? now,
      error: crawl.error,
      counts: { pages: crawl.pageCount, findings: countFindings(summary) },
      links: siteLinks(baseUrl, row.project_id, row.id),
    },
  };
  return (await queueDeliveries(tx.webhooks, to, payload, now)).length;
}
