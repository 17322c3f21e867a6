/** The Site page's crawl panel: the state, the last and next crawl, and the crawl in progress with its warning. */
import { externalLink, h, notice, type Child } from './dom.ts';
import { dateTime, plural, statusLabel } from './format.ts';
import type { SiteCrawl, SiteStatus } from './types.ts';
import { statusBadge } from './widgets.ts';

const TRIGGERS: Record<SiteCrawl['trigger'], string> = { manual: 'asked for', scheduled: 'weekly' };

export const crawlActive = (s: SiteStatus) => s.activeCrawl !== null;

function lastCrawl(c: SiteCrawl | null): Child {
  if (!c) return 'Never';
  return `${dateTime(c.finishedAt)} (${statusLabel(c.state).toLowerCase()}, ${TRIGGERS[c.trigger]}), ${plural(c.pageCount, 'page')} read`;
}

export function crawlState(s: SiteStatus): HTMLElement {
  const rows: [string, Child][] = [
    ['State', s.state === 'never_crawled' ? statusBadge('never crawled') : statusBadge(s.state)],
    ['Website', s.websiteUrl ? externalLink(s.websiteUrl) : 'Not set: add it on Setup'],
    ['Last crawl', lastCrawl(s.lastCrawl)],
    [
      'Next weekly crawl',
      s.nextCrawlAt
        ? dateTime(s.nextCrawlAt)
        : 'Not planned yet: the host computer plans it when it first sees the project',
    ],
  ];
  const active = s.activeCrawl;
  const failed = s.lastCrawl?.state === 'failed' && s.lastCrawl.error ? s.lastCrawl.error : null;
  return h(
    'div',
    null,
    h('dl', { class: 'facts site-state' }, ...rows.flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)])),
    active
      ? notice(
          active.warning ? 'warning' : 'info',
          `Crawl ${statusLabel(active.state).toLowerCase()} since ${dateTime(active.startedAt ?? active.createdAt)}`,
          active.warning ? `: ${active.warning}` : '. This page follows it.',
        )
      : null,
    failed && !active ? notice('error', `The last crawl failed: ${failed.message}`) : null,
    s.pageLimitReached
      ? h('p', { class: 'hint' }, `The crawl stopped at its page limit (${plural(s.pages, 'page')}).`)
      : null,
  );
}
