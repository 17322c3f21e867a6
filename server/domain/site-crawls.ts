import type { SiteCrawlRow, SiteCrawlState } from '../store/repositories/site-crawls.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { AppError, notFound } from './errors.ts';
import { isOnline } from './host-view.ts';
import { newId } from './ids.ts';

export const CRAWL_HOST_OFF_WARNING = 'The host computer is off. The crawl starts when it is back online.';

export function siteCrawlResource(r: SiteCrawlRow) {
  return {
    id: r.id,
    state: r.state as SiteCrawlState,
    trigger: r.trigger as 'manual' | 'scheduled',
    requestedBy: r.requested_by,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    pageCount: r.page_count,
    warning: r.warning,
    error: r.error_code ? { code: r.error_code, message: r.error_message ?? r.error_code } : null,
  };
}

/**
 * POST site/crawl: a crawl for the project's host computer, queued (or waiting while the host is off). One at a
 * time per project, checked and created under the project's lock so two instances cannot both start one.
 */
export async function requestSiteCrawl(s: Services, caller: Caller, projectId: string) {
  const project = await readableProject(s, caller, projectId);
  if (!project.hostId) {
    throw new AppError(
      'host_required',
      'The website is crawled by the project’s host computer, and the project has none: pair a computer first.',
    );
  }
  const now = s.clock.now();
  const hostOff = !isOnline(await s.store.hosts.get(project.hostId), now);
  const row = await s.store.transaction(async (tx) => {
    await tx.projects.lock(projectId);
    const active = await tx.siteCrawls.active(projectId);
    if (active) {
      throw new AppError(
        'run_in_progress',
        'A site crawl of this project is already queued, waiting or running.',
        {
          activeCrawlId: active.id,
        },
      );
    }
    const id = newId('crw');
    await tx.siteCrawls.create({
      id,
      projectId,
      state: hostOff ? 'waiting_for_host' : 'queued',
      trigger: 'manual',
      requestedBy: caller.label,
      clientCrawlId: null,
      warning: hostOff ? CRAWL_HOST_OFF_WARNING : null,
      createdAt: now.toISOString(),
      startedAt: null,
    });
    return tx.siteCrawls.byId(id);
  });
  if (!row) throw new Error('a site crawl vanished inside its own transaction');
  return siteCrawlResource(row);
}

export async function getSiteCrawl(s: Services, caller: Caller, projectId: string, crawlId: string) {
  await readableProject(s, caller, projectId);
  const row = await s.store.siteCrawls.get(projectId, crawlId);
  if (!row) throw notFound('site crawl');
  return siteCrawlResource(row);
}
