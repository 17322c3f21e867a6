import type { z } from 'zod';
import type { CrawlFinishBody } from '../contract/host-site-crawls.ts';
import { CRAWL_LIMITS, type SitePage } from '../contract/site-crawl.ts';
import type { HostRecord } from '../store/repositories/hosts.ts';
import type { ProjectRecord } from '../store/repositories/projects.ts';
import type { SiteCrawlRow } from '../store/repositories/site-crawls.ts';
import type { Services } from './context.ts';
import { AppError, invalid, notFound } from './errors.ts';
import { hostProject } from './host-projects.ts';
import { newId } from './ids.ts';
import { emitSiteCrawled } from './site-crawl-event.ts';
import { brandCitations, mostCited } from './site-citations.ts';

const ended = () =>
  new AppError('run_in_progress', 'This site crawl has ended or is run elsewhere.', {}, 409);

/**
 * At the check-in of an agent that crawls: its weekly schedule is kept to show, crawls that waited for it are
 * queued, and it gets the crawls to run, oldest first.
 */
export async function siteCrawlCheckIn(
  s: Services,
  projectIds: readonly string[],
  schedule: readonly { projectId: string; nextCrawlAt: string }[],
) {
  const now = s.clock.now().toISOString();
  for (const { projectId, nextCrawlAt } of schedule) {
    if (projectIds.includes(projectId)) {
      await s.store.siteCrawls.setSchedule(projectId, new Date(nextCrawlAt).toISOString(), now);
    }
  }
  const crawls = await s.store.siteCrawls.forHost(projectIds);
  for (const c of crawls.filter((c) => c.state === 'waiting_for_host')) {
    await s.store.siteCrawls.transition(c.id, ['waiting_for_host'], {
      state: 'queued',
      at: now,
      warning: null,
    });
    c.state = 'queued';
  }
  return crawls.map((c) => ({
    id: c.id,
    projectId: c.project_id,
    state: c.state as 'waiting_for_host' | 'queued' | 'running',
    createdAt: c.created_at,
  }));
}

async function hostCrawl(s: Services, crawl: SiteCrawlRow, project: ProjectRecord) {
  return {
    crawlId: crawl.id,
    projectId: project.id,
    websiteUrl: project.websiteUrl ?? '',
    brandDomains: project.brandDomains,
    citedUrls: mostCited(await brandCitations(s.store, project)),
  };
}

/** A crawl of one of this host's projects, else 404. */
async function crawlOfHost(s: Services, host: HostRecord, crawlId: string) {
  const crawl = await s.store.siteCrawls.byId(crawlId);
  if (!crawl) throw notFound('site crawl');
  return { crawl, project: await hostProject(s, host, crawl.project_id) };
}

/** The host starts a crawl it was given; claiming again (after the agent restarted) returns the same crawl. */
export async function claimSiteCrawl(s: Services, host: HostRecord, crawlId: string) {
  const { crawl, project } = await crawlOfHost(s, host, crawlId);
  const now = s.clock.now().toISOString();
  if (crawl.state === 'queued' || crawl.state === 'waiting_for_host') {
    const started = await s.store.siteCrawls.transition(crawlId, ['queued', 'waiting_for_host'], {
      state: 'running',
      at: now,
      startedAt: now,
      warning: null,
    });
    if (!started && (await s.store.siteCrawls.byId(crawlId))?.state !== 'running') throw ended();
  } else if (crawl.state !== 'running') {
    throw ended();
  }
  return hostCrawl(s, crawl, project);
}

/** A crawl of the host's own weekly schedule; reported twice (after a broken connection) it is one crawl. */
export async function startScheduledCrawl(
  s: Services,
  host: HostRecord,
  projectId: string,
  clientCrawlId: string,
) {
  const project = await hostProject(s, host, projectId);
  const now = s.clock.now().toISOString();
  const crawl = await s.store.transaction(async (tx) => {
    await tx.projects.lock(projectId);
    const earlier = await tx.siteCrawls.byClientId(projectId, clientCrawlId);
    if (earlier) {
      if (earlier.state !== 'running') throw ended();
      return earlier;
    }
    const active = await tx.siteCrawls.active(projectId);
    if (active) {
      throw new AppError('run_in_progress', 'A site crawl of this project is already queued or running.', {
        activeCrawlId: active.id,
      });
    }
    const id = newId('crw');
    await tx.siteCrawls.create({
      id,
      projectId,
      state: 'running',
      trigger: 'scheduled',
      requestedBy: null,
      clientCrawlId,
      warning: null,
      createdAt: now,
      startedAt: now,
    });
    return tx.siteCrawls.byId(id);
  });
  if (!crawl) throw new Error('a site crawl vanished inside its own transaction');
  return hostCrawl(s, crawl, project);
}

/** A batch of a running crawl's pages; a page sent again (after a broken connection) is stored once. */
export async function uploadCrawlPages(s: Services, host: HostRecord, crawlId: string, pages: SitePage[]) {
  const { crawl } = await crawlOfHost(s, host, crawlId);
  if (crawl.state !== 'running') throw ended();
  const stored = await s.store.transaction(async (tx) => {
    const added = await tx.siteCrawls.addPages(
      crawlId,
      pages.map(({ text, ...page }) => ({
        url: page.url,
        status: page.status,
        page: JSON.stringify(page),
        text: text ?? null,
      })),
    );
    if ((await tx.siteCrawls.pageCount(crawlId)) > CRAWL_LIMITS.maxPagesCeiling) {
      throw invalid(`a crawl holds at most ${CRAWL_LIMITS.maxPagesCeiling} pages`);
    }
    return added;
  });
  return { stored, duplicates: pages.length - stored };
}

/**
 * The crawl's end, with its result but the pages (uploaded before, all of them: a missing one is refused so the
 * agent sends it first). Each page learns the findings that name it. Finishing again answers the same.
 */
export async function finishSiteCrawl(
  s: Services,
  host: HostRecord,
  crawlId: string,
  body: z.infer<typeof CrawlFinishBody>,
) {
  const { crawl } = await crawlOfHost(s, host, crawlId);
  if (body.result.crawlId !== crawlId)
    throw invalid(`result.crawlId is ${body.result.crawlId}, not ${crawlId}`);
  if (crawl.state === 'completed' || crawl.state === 'failed') return { crawlId, state: crawl.state };
  if (crawl.state !== 'running') throw ended();
  const state = body.result.outcome;
  const now = s.clock.now().toISOString();
  await s.store.transaction(async (tx) => {
    const stored = await tx.siteCrawls.pageCount(crawlId);
    if (stored !== body.pageCount) {
      throw invalid(
        `the crawl read ${body.pageCount} pages and ${stored} were uploaded: upload the others first`,
      );
    }
    const types = new Map<string, Set<string>>();
    for (const f of body.result.findings) {
      for (const url of f.pages) types.set(url, (types.get(url) ?? new Set()).add(f.type));
    }
    for (const [url, t] of types) await tx.siteCrawls.setFindingTypes(crawlId, url, [...t].sort());
    await tx.siteCrawls.transition(crawlId, ['running'], {
      state,
      at: now,
      finishedAt: now,
      error: body.result.error,
      pageCount: stored,
      summary: JSON.stringify(body.result),
    });
    await emitSiteCrawled(tx, crawlId, s.baseUrl, now);
  });
  // The outbox may hold the crawl's event now: the deliverer need not wait for its next poll.
  s.signals.runEnded();
  return { crawlId, state };
}
