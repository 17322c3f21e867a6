/**
 * The LLM judge reads claims from the brand pages (home, pricing, about) of each completed site crawl, once, for the
 * Brand Truth suggestions (issue 22). Only a project's last completed crawl is read; one that a newer crawl replaced
 * before its turn is marked done unread. A page whose read fails keeps no claims; the crawl is done all the same, so a
 * failing model is not asked again and again (the next weekly crawl asks afresh).
 */
import type { ClaimReader } from '../../engines/judge/index.ts';
import { brandPageUrls } from '../domain/brand-truth-suggestions.ts';
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/index.ts';
import { fromJson, toJson } from '../store/json.ts';
import type { SitePage } from '../contract/site-crawl.ts';
import type { JobLog } from './run-executor.ts';
import { createWorkLoop } from './work-loop.ts';

export interface SiteClaimsOptions {
  store: Store;
  clock: Clock;
  reader: ClaimReader;
  log: JobLog;
  pollMs?: number;
}

/** Crawls looked at per pass. */
const BATCH = 10;

/** One pass over the crawls not judged yet (at most BATCH); answers how many it marked done. */
export async function judgeSiteClaims(o: SiteClaimsOptions, signal?: AbortSignal): Promise<number> {
  const crawls = await o.store.siteCrawls.unjudged(BATCH);
  for (const crawl of crawls) {
    signal?.throwIfAborted();
    const [latest, project] = await Promise.all([
      o.store.siteCrawls.lastCompleted(crawl.project_id),
      o.store.projects.get(crawl.project_id),
    ]);
    if (latest?.id === crawl.id && project) {
      const roles = await brandPageUrls(o.store, crawl);
      const roleOf = new Map([...roles].map(([role, url]) => [url, role]));
      for (const row of await o.store.siteCrawls.brandPages(crawl.id, [...roles.values()])) {
        if (!row.text || row.claims !== null) continue;
        const page = fromJson<SitePage>(row.page);
        const claims = await o.reader.claims({
          brand: { name: project.name, brandTerms: project.brandTerms },
          page: {
            url: row.url,
            role: roleOf.get(row.url) ?? 'home',
            title: page.title,
            description: page.description,
            text: row.text,
          },
          signal,
        });
        if (claims) await o.store.siteCrawls.setClaims(crawl.id, row.url, toJson(claims));
        else o.log.warn({ crawlId: crawl.id, url: row.url }, 'no claims from the judge for a site page');
      }
    }
    await o.store.siteCrawls.markJudged(crawl.id, o.clock.now().toISOString());
  }
  return crawls.length;
}

/** Looks every `pollMs` (default a minute): a crawl's claims wait at most that long after it completes. */
export function createSiteClaimsJob(o: SiteClaimsOptions) {
  const controller = new AbortController();
  const loop = createWorkLoop(
    async () => {
      // A full batch may hide more: look again at once.
      if ((await judgeSiteClaims(o, controller.signal)) === BATCH) loop.kick();
    },
    {
      pollMs: o.pollMs ?? 60_000,
      onError: (err) => {
        if (!controller.signal.aborted) o.log.error({ err }, 'site claims job failed');
      },
    },
  );
  return {
    start: () => loop.start(),
    kick: () => loop.kick(),
    idle: () => loop.idle(),
    async stop() {
      controller.abort();
      await loop.stop();
    },
  };
}
