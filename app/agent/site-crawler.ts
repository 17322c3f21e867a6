/**
 * The site crawls this host runs (issue 22): the ones the service hands over at check-in, the first crawl of each
 * project within the hour after the host first sees it, then a weekly one (site-crawl-schedule.ts). A crawl keeps
 * its progress in the local store as it goes (crawl/checkpoint.ts), so a stopped or killed agent resumes it; its
 * result is kept once crawled and the progress cleared, then the pages go up in batches and the crawl is finished.
 * Offline, the crawl waits in the store and goes up at the next check-in that reaches the service.
 */
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { z } from 'zod';
import type { HostCrawlRequest } from '../../server/contract/host-site-crawls.ts';
import type { SiteCrawl, SitePage } from '../../server/contract/site-crawl.ts';
import type { Clock } from '../../server/domain/clock.ts';
import type { ProjectSchedule } from '../../server/jobs/schedule-expression.ts';
import { createScheduler, type Scheduler } from '../../server/jobs/scheduler.ts';
import { crawlSite, type CrawlOptions } from './crawl/crawl.ts';
import type { Renderer } from './crawl/render.ts';
import type { CrawlSettings } from './crawl/settings.ts';
import type { LocalStore } from './local-store.ts';
import type { SiteCrawlJob } from './local-store/site-crawl-jobs.ts';
import { errorFields, type AgentLog } from './log.ts';
import { firstCrawlAt, MIN_CRAWL_GAP_MS, nextCrawlAt, weeklyCrawlSchedule } from './site-crawl-schedule.ts';
import { isOffline, isRefused, type SyncClient } from './sync-client.ts';

/** Pages per upload, and the bytes of JSON a batch stays under (the service takes bodies up to 1 MiB). */
const BATCH_PAGES = 100;
const BATCH_BYTES = 700_000;
/** After the service refused a first crawl (another crawl of the project was under way), when to ask again. */
const REFUSED_RETRY_MS = 10 * 60_000;

export interface SiteCrawlerOptions {
  store: LocalStore;
  client: SyncClient;
  clock: Clock;
  log: AgentLog;
  settings: CrawlSettings;
  /** Where a site owner reads what our crawler is (its User-Agent names it). */
  docsUrl: string;
  /** The host's Chromium for pages with little text, one per crawl (closed when the crawl ends). */
  createRenderer?: () => Renderer;
  /** Tests: DNS answers and a trusted test CA for the fake site, a virtual clock for the pacing. */
  crawlExtras?: Pick<CrawlOptions, 'resolve' | 'ca' | 'clock'>;
}

export interface SiteCrawler {
  /** Plans projects seen for the first time; the next crawl of each, as the check-in reports it. */
  schedule(projectIds: readonly string[]): Promise<{ projectId: string; nextCrawlAt: string }[]>;
  /** After a check-in: crawls it handed over, first crawls now due, and crawls a stop interrupted. */
  afterCheckIn(requests: readonly z.infer<typeof HostCrawlRequest>[]): Promise<void>;
  /** A weekly crawl due: registered with the service, then run (skipped when one of the project is under way). */
  runScheduled(projectId: string, scheduledFor: Date): Promise<'started' | 'skipped'>;
  weeklySchedules(): Promise<ProjectSchedule[]>;
  /** Resumes crawls a stop interrupted. */
  resume(): Promise<void>;
  /**
   * (Re)starts after `stop`: resumes crawls a stop interrupted and, unless `reloadEveryMs` is null, runs the
   * weekly schedule (reloaded that often, and on `refreshSchedule`).
   */
  start(reloadEveryMs: number | null): Promise<void>;
  refreshSchedule(): Promise<void>;
  /** Stops the schedule and the crawls under way (they resume at the next start), and waits for them. */
  stop(): Promise<void>;
  idle(): Promise<void>;
}

/** The same id for the same project and slot, so a registration repeated after a broken connection is one crawl. */
const clientCrawlId = (projectId: string, scheduledFor: Date) =>
  `sc${createHash('sha256').update(`${projectId}\n${scheduledFor.toISOString()}`).digest('base64url').slice(0, 40)}`;

/** Batches of at most BATCH_PAGES pages and BATCH_BYTES of JSON (a page alone may be larger: it goes alone). */
export function pageBatches(pages: readonly SitePage[]): SitePage[][] {
  const batches: SitePage[][] = [];
  let batch: SitePage[] = [];
  let bytes = 0;
  for (const page of pages) {
    const size = Buffer.byteLength(JSON.stringify(page));
    if (batch.length > 0 && (batch.length >= BATCH_PAGES || bytes + size > BATCH_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(page);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

export function createSiteCrawler(o: SiteCrawlerOptions): SiteCrawler {
  const { store, client, clock, log } = o;
  /** Per project, the crawl under way. */
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const refusedClaims = new Set<string>();
  const refusedFirst = new Map<string, number>();
  let stopped = false;
  let scheduler: Scheduler | null = null;

  const timezoneOf = async (projectId: string) =>
    (await store.cachedProject(projectId))?.tracking.timezone ?? 'UTC';

  async function crawl(job: SiteCrawlJob, signal: AbortSignal): Promise<SiteCrawl> {
    const { crawlId, projectId } = job.crawl;
    const checkpoint = store.crawlCheckpoint(crawlId, projectId);
    const renderer = o.createRenderer?.();
    try {
      const result = await crawlSite({
        crawlId,
        websiteUrl: job.crawl.websiteUrl,
        brandDomains: job.crawl.brandDomains,
        citedUrls: job.crawl.citedUrls,
        docsUrl: o.docsUrl,
        settings: o.settings,
        checkpoint,
        render: renderer?.render,
        signal,
        ...o.crawlExtras,
      });
      await store.saveCrawlResult(crawlId, result, clock.now().toISOString());
      await checkpoint.clear();
      return result;
    } finally {
      await renderer?.close();
    }
  }

  async function upload(result: SiteCrawl): Promise<void> {
    for (const batch of pageBatches(result.pages)) await client.uploadCrawlPages(result.crawlId, batch);
    const { pages, ...summary } = result;
    await client.finishCrawl(result.crawlId, { result: summary, pageCount: pages.length });
  }

  async function runJob(job: SiteCrawlJob, signal: AbortSignal): Promise<void> {
    const { crawlId, projectId } = job.crawl;
    try {
      const result = job.result ?? (await crawl(job, signal));
      log.info({ crawlId, projectId, pages: result.pages.length, outcome: result.outcome }, 'site crawled');
      await upload(result);
      await store.endCrawlJob(crawlId, clock.now().toISOString());
      log.info({ crawlId, projectId }, 'site crawl uploaded');
    } catch (err) {
      if (signal.aborted)
        return log.info({ crawlId, projectId }, 'site crawl stopped; it resumes at the next start');
      if (isOffline(err))
        return log.warn({ crawlId, ...errorFields(err) }, 'site crawl waits for the service');
      if (isRefused(err)) {
        log.warn({ crawlId, code: err.code, detail: err.message }, 'the service refused the site crawl');
        return store.endCrawlJob(crawlId, clock.now().toISOString());
      }
      log.error(
        { crawlId, projectId, ...errorFields(err) },
        'site crawl broke off; it resumes at the next check-in',
      );
    }
  }

  function launch(job: SiteCrawlJob): boolean {
    const { projectId } = job.crawl;
    if (stopped || active.has(projectId)) return false;
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    const done = runJob(job, controller.signal).finally(() => active.delete(projectId));
    active.set(projectId, { controller, done });
    return true;
  }

  async function resume(): Promise<void> {
    for (const job of await store.crawlJobs()) launch(job);
  }

  async function claim(r: z.infer<typeof HostCrawlRequest>): Promise<void> {
    if (active.has(r.projectId) || refusedClaims.has(r.id)) return;
    const known = await store.crawlJob(r.id);
    if (known) return void launch(known);
    try {
      const crawl = await client.claimCrawl(r.id);
      await store.keepCrawlJob(crawl, clock.now().toISOString());
      log.info({ crawlId: r.id, projectId: r.projectId }, 'site crawl claimed');
      launch({ crawl, result: null });
    } catch (err) {
      if (!isRefused(err)) throw err;
      refusedClaims.add(r.id);
      log.info({ crawlId: r.id, code: err.code, detail: err.message }, 'site crawl not ours to run');
    }
  }

  async function runScheduled(projectId: string, scheduledFor: Date): Promise<'started' | 'skipped'> {
    const skip = (reason: string) => {
      log.info(
        { projectId, scheduledFor: scheduledFor.toISOString(), reason },
        'scheduled site crawl skipped',
      );
      return 'skipped' as const;
    };
    if (stopped) return skip('the agent is stopping');
    if (active.has(projectId)) return skip('a crawl of the project is under way');
    const plan = (await store.crawlPlans()).find((p) => p.projectId === projectId);
    if (plan?.lastCrawlAt && clock.now().getTime() - Date.parse(plan.lastCrawlAt) < MIN_CRAWL_GAP_MS)
      return skip('the site was crawled less than a day ago');
    try {
      const crawl = await client.startScheduledCrawl(projectId, clientCrawlId(projectId, scheduledFor));
      await store.keepCrawlJob(crawl, clock.now().toISOString());
      return launch({ crawl, result: null }) ? 'started' : skip('a crawl of the project is under way');
    } catch (err) {
      if (isOffline(err)) return skip('the service cannot be reached');
      if (isRefused(err)) {
        refusedFirst.set(projectId, clock.now().getTime());
        return skip(`the service refused it: ${err.message}`);
      }
      throw err;
    }
  }

  /** First crawls due: planned, never crawled, none under way, not refused in the last minutes. */
  async function firstCrawls(): Promise<void> {
    const now = clock.now().getTime();
    const waiting = new Set((await store.crawlJobs()).map((j) => j.crawl.projectId));
    for (const plan of await store.crawlPlans()) {
      if (plan.lastCrawlAt !== null || Date.parse(plan.firstCrawlAt) > now) continue;
      if (
        waiting.has(plan.projectId) ||
        now - (refusedFirst.get(plan.projectId) ?? -Infinity) < REFUSED_RETRY_MS
      )
        continue;
      if (!(await store.cachedProject(plan.projectId))) continue;
      await runScheduled(plan.projectId, new Date(plan.firstCrawlAt));
    }
  }

  async function weeklySchedules(): Promise<ProjectSchedule[]> {
    const cached = new Map((await store.cachedProjects()).map((p) => [p.id, p]));
    return (await store.crawlPlans())
      .filter((plan) => cached.has(plan.projectId))
      .map((plan) => weeklyCrawlSchedule(plan, cached.get(plan.projectId)!.tracking.timezone));
  }

  return {
    async schedule(projectIds) {
      const now = clock.now();
      await store.planCrawls(projectIds, now.toISOString(), (id) => firstCrawlAt(id, now));
      const plans = (await store.crawlPlans()).filter((p) => projectIds.includes(p.projectId));
      const out = [];
      for (const plan of plans) {
        const next = nextCrawlAt(plan, await timezoneOf(plan.projectId), now);
        out.push({ projectId: plan.projectId, nextCrawlAt: next.toISOString() });
      }
      return out.slice(0, 100);
    },
    async afterCheckIn(requests) {
      await resume();
      for (const r of [...requests].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) await claim(r);
      await firstCrawls();
    },
    runScheduled,
    weeklySchedules,
    resume,
    async start(reloadEveryMs) {
      stopped = false;
      await resume();
      if (reloadEveryMs === null) return;
      scheduler = createScheduler({
        load: weeklySchedules,
        fire: async (projectId, scheduledFor) => void (await runScheduled(projectId, scheduledFor)),
        onError: (err, projectId) =>
          log.warn({ projectId, ...errorFields(err) }, 'site crawl schedule problem'),
        reloadEveryMs,
      });
      await scheduler.start();
    },
    async refreshSchedule() {
      await scheduler?.refresh();
    },
    async stop() {
      stopped = true;
      scheduler?.stop();
      scheduler = null;
      for (const { controller } of active.values()) controller.abort(new Error('the agent is stopping'));
      await this.idle();
    },
    async idle() {
      while (active.size > 0) await Promise.allSettled([...active.values()].map((a) => a.done));
    },
  };
}
