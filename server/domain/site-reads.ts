import { FINDING_TYPES, type FindingType, type SiteCrawl, type SitePage } from '../contract/site-crawl.ts';
import { fromJson } from '../store/json.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { splitPage } from './paging.ts';
import { brandCitations, NOT_CITED } from './site-citations.ts';
import { siteCrawlResource } from './site-crawls.ts';
import type { SiteCrawlState } from '../store/repositories/site-crawls.ts';

/** What a finished crawl keeps besides its pages (site_crawls.summary). */
export type CrawlSummary = Omit<SiteCrawl, 'pages'>;

/** Pages concerned per finding type, every type present. */
export function countFindings(summary: Pick<CrawlSummary, 'findings'> | null): Record<FindingType, number> {
  const counts = Object.fromEntries(FINDING_TYPES.map((t) => [t, 0])) as Record<FindingType, number>;
  for (const f of summary?.findings ?? []) counts[f.type] += f.count;
  return counts;
}

/** GET site: the crawl in progress, the last that ended, the next weekly one, and what the last completed found. */
export async function siteStatus(s: Services, caller: Caller, projectId: string) {
  const project = await readableProject(s, caller, projectId);
  const [active, last, completed, nextCrawlAt] = await Promise.all([
    s.store.siteCrawls.active(projectId),
    s.store.siteCrawls.lastFinished(projectId),
    s.store.siteCrawls.lastCompleted(projectId),
    s.store.siteCrawls.nextCrawlAt(projectId),
  ]);
  const summary = completed?.summary ? fromJson<CrawlSummary>(completed.summary) : null;
  const findingCounts = countFindings(summary);
  return {
    state: ((active ?? last)?.state ?? 'never_crawled') as SiteCrawlState | 'never_crawled',
    activeCrawl: active ? siteCrawlResource(active) : null,
    lastCrawl: last ? siteCrawlResource(last) : null,
    nextCrawlAt,
    crawledAt: completed?.finished_at ?? null,
    websiteUrl: summary?.websiteUrl ?? project.websiteUrl,
    pages: completed?.page_count ?? 0,
    pageLimitReached: summary?.pageLimitReached ?? false,
    findingCounts,
    findings: summary?.findings ?? [],
    agents: summary?.agents ?? [],
    llmsTxt: summary?.llmsTxt ?? null,
    robots: summary?.robots ?? null,
    sitemaps: summary?.sitemaps ?? [],
    citedNotCrawled: summary?.citedNotCrawled ?? [],
  };
}

export interface SitePagesQuery {
  cursor?: string;
  limit: number;
  cited?: boolean;
  finding?: FindingType;
  status?: number;
}

const typesOf = (findingTypes: string) => findingTypes.trim().split(' ').filter(Boolean) as FindingType[];

/**
 * GET site/pages: the last completed crawl's pages by URL, filtered, each with its findings and how often
 * answers cite it. A cursor stays on the crawl it was made for, so a crawl finishing mid-listing does not shuffle
 * the pages being read.
 */
export async function sitePages(s: Services, caller: Caller, projectId: string, q: SitePagesQuery) {
  const project = await readableProject(s, caller, projectId);
  const filters = { cited: q.cited ?? null, finding: q.finding ?? null, status: q.status ?? null };
  const list = `site-pages:${projectId}`;
  const after = s.cursors.decode<{ crawlId: string; url: string }>(list, filters, q.cursor);
  const crawlId = after?.crawlId ?? (await s.store.siteCrawls.lastCompleted(projectId))?.id;
  if (!crawlId) return { data: [], nextCursor: null };
  const [index, citations] = await Promise.all([
    s.store.siteCrawls.pageIndex(crawlId),
    brandCitations(s.store, project),
  ]);
  const picked = index.filter(
    (p) =>
      (after === null || p.url > after.url) &&
      (q.status === undefined || p.status === q.status) &&
      (q.finding === undefined || p.finding_types.includes(` ${q.finding} `)) &&
      (q.cited === undefined || citations.has(p.url) === q.cited),
  );
  const page = splitPage(picked.slice(0, q.limit + 1), q.limit, (last) =>
    s.cursors.encode(list, filters, { crawlId, url: last.url }),
  );
  const rows = await s.store.siteCrawls.pages(
    crawlId,
    page.data.map((p) => p.url),
  );
  return {
    data: rows.map((r) => ({
      ...fromJson<SitePage>(r.page),
      findings: typesOf(r.finding_types),
      citations: citations.get(r.url) ?? NOT_CITED,
    })),
    nextCursor: page.nextCursor,
  };
}
