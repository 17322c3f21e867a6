import { sql, type Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { ALL } from './source-summaries.ts';

export type SiteCrawlRow = Selectable<Database['site_crawls']>;
export type SiteCrawlState = 'queued' | 'waiting_for_host' | 'running' | 'completed' | 'failed';
export const ACTIVE_CRAWL_STATES: readonly SiteCrawlState[] = ['queued', 'waiting_for_host', 'running'];

export interface NewSiteCrawl {
  id: string;
  projectId: string;
  state: SiteCrawlState;
  trigger: 'manual' | 'scheduled';
  requestedBy: string | null;
  clientCrawlId: string | null;
  warning: string | null;
  createdAt: string;
  startedAt: string | null;
}

export interface CrawlChange {
  state: SiteCrawlState;
  at: string;
  startedAt?: string;
  finishedAt?: string;
  warning?: string | null;
  error?: { code: string; message: string } | null;
  pageCount?: number;
  summary?: string;
}

export interface NewSitePage {
  url: string;
  status: number | null;
  page: string;
  /** A brand page's text, kept apart from the page. */
  text: string | null;
}

/** Site crawls of projects, their pages (each URL once per crawl) and the host's next scheduled crawl. */
export function siteCrawlsRepository(db: Db) {
  return {
    async create(c: NewSiteCrawl): Promise<void> {
      await db
        .insertInto('site_crawls')
        .values({
          id: c.id,
          project_id: c.projectId,
          state: c.state,
          trigger: c.trigger,
          requested_by: c.requestedBy,
          client_crawl_id: c.clientCrawlId,
          warning: c.warning,
          created_at: c.createdAt,
          updated_at: c.createdAt,
          started_at: c.startedAt,
          finished_at: null,
          error_code: null,
          error_message: null,
          summary: null,
        })
        .execute();
    },
    async get(projectId: string, id: string): Promise<SiteCrawlRow | undefined> {
      return db
        .selectFrom('site_crawls')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async byId(id: string): Promise<SiteCrawlRow | undefined> {
      return db.selectFrom('site_crawls').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async byClientId(projectId: string, clientCrawlId: string): Promise<SiteCrawlRow | undefined> {
      return db
        .selectFrom('site_crawls')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('client_crawl_id', '=', clientCrawlId)
        .executeTakeFirst();
    },
    /** The crawl queued, waiting or running, if any: at most one per project. */
    async active(projectId: string): Promise<SiteCrawlRow | undefined> {
      return db
        .selectFrom('site_crawls')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('state', 'in', ACTIVE_CRAWL_STATES)
        .executeTakeFirst();
    },
    /** The newest crawl that ended (completed or failed). */
    async lastFinished(projectId: string): Promise<SiteCrawlRow | undefined> {
      return db
        .selectFrom('site_crawls')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('state', 'in', ['completed', 'failed'])
        .orderBy('finished_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** The newest completed crawl: the one whose pages and findings the reads show. */
    async lastCompleted(projectId: string): Promise<SiteCrawlRow | undefined> {
      return db
        .selectFrom('site_crawls')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('state', '=', 'completed')
        .orderBy('finished_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** Crawls of these projects that a host should run, oldest first. */
    async forHost(projectIds: readonly string[]): Promise<SiteCrawlRow[]> {
      if (projectIds.length === 0) return [];
      return db
        .selectFrom('site_crawls')
        .selectAll()
        .where('project_id', 'in', projectIds)
        .where('state', 'in', ACTIVE_CRAWL_STATES)
        .orderBy('created_at')
        .execute();
    },
    /** Moves a crawl to `change.state` only when it is still in one of `from`; answers whether it moved. */
    async transition(id: string, from: readonly SiteCrawlState[], change: CrawlChange): Promise<boolean> {
      const res = await db
        .updateTable('site_crawls')
        .set({
          state: change.state,
          updated_at: change.at,
          ...(change.startedAt !== undefined && { started_at: change.startedAt }),
          ...(change.finishedAt !== undefined && { finished_at: change.finishedAt }),
          ...(change.warning !== undefined && { warning: change.warning }),
          ...(change.error !== undefined && {
            error_code: change.error?.code ?? null,
            error_message: change.error?.message ?? null,
          }),
          ...(change.pageCount !== undefined && { page_count: change.pageCount }),
          ...(change.summary !== undefined && { summary: change.summary }),
        })
        .where('id', '=', id)
        .where('state', 'in', from)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
    /**
     * Crawls no host will end: not started since `before`, or running on a host not seen since `before`.
     */
    async stale(before: string): Promise<SiteCrawlRow[]> {
      return db
        .selectFrom('site_crawls as c')
        .innerJoin('projects as p', 'p.id', 'c.project_id')
        .leftJoin('hosts as h', 'h.id', 'p.host_id')
        .selectAll('c')
        .where((eb) =>
          eb.or([
            eb.and([eb('c.state', 'in', ['queued', 'waiting_for_host']), eb('c.created_at', '<=', before)]),
            eb.and([
              eb('c.state', '=', 'running'),
              eb('c.updated_at', '<=', before),
              eb.or([eb('h.last_seen_at', 'is', null), eb('h.last_seen_at', '<=', before)]),
            ]),
          ]),
        )
        .execute();
    },
    /** Stores pages not stored yet; answers how many were new (a page sent again is kept once). */
    async addPages(crawlId: string, pages: readonly NewSitePage[]): Promise<number> {
      if (pages.length === 0) return 0;
      const added = await db
        .insertInto('site_pages')
        .values(
          pages.map((p) => ({ crawl_id: crawlId, url: p.url, status: p.status, page: p.page, text: p.text })),
        )
        .onConflict((oc) => oc.columns(['crawl_id', 'url']).doNothing())
        .returning('url')
        .execute();
      return added.length;
    },
    async pageCount(crawlId: string): Promise<number> {
      const r = await db
        .selectFrom('site_pages')
        .select(db.fn.countAll<number>().as('n'))
        .where('crawl_id', '=', crawlId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async setFindingTypes(crawlId: string, url: string, types: readonly string[]): Promise<void> {
      await db
        .updateTable('site_pages')
        .set({ finding_types: ` ${types.join(' ')} ` })
        .where('crawl_id', '=', crawlId)
        .where('url', '=', url)
        .execute();
    },
    /** Every page of a crawl without its body, by URL: what the filters and paging work on. */
    async pageIndex(crawlId: string) {
      return db
        .selectFrom('site_pages')
        .select(['url', 'status', 'finding_types'])
        .where('crawl_id', '=', crawlId)
        .orderBy('url')
        .execute();
    },
    async pages(crawlId: string, urls: readonly string[]) {
      if (urls.length === 0) return [];
      return db
        .selectFrom('site_pages')
        .select(['url', 'page', 'finding_types'])
        .where('crawl_id', '=', crawlId)
        .where('url', 'in', urls)
        .orderBy('url')
        .execute();
    },
    /**
     * Pages whose JSON-LD named an organization or a product. The page JSON is the service's own JSON.stringify, so
     * a non-empty list reads exactly `"organizations":[{` (a quote inside a value is escaped and cannot match).
     */
    async factPages(crawlId: string) {
      return db
        .selectFrom('site_pages')
        .select(['url', 'page'])
        .where('crawl_id', '=', crawlId)
        .where((eb) =>
          eb.or([eb('page', 'like', '%"organizations":[{%'), eb('page', 'like', '%"products":[{%')]),
        )
        .orderBy('url')
        .execute();
    },
    /** Pages with their text and the judge's claims (the brand pages: home, pricing, about). */
    async brandPages(crawlId: string, urls: readonly string[]) {
      if (urls.length === 0) return [];
      return db
        .selectFrom('site_pages')
        .select(['url', 'page', 'text', 'claims'])
        .where('crawl_id', '=', crawlId)
        .where('url', 'in', urls)
        .orderBy('url')
        .execute();
    },
    async setClaims(crawlId: string, url: string, claims: string): Promise<void> {
      await db
        .updateTable('site_pages')
        .set({ claims })
        .where('crawl_id', '=', crawlId)
        .where('url', '=', url)
        .execute();
    },
    /** Completed crawls the judge has not read claims from yet, the earliest finished first. */
    async unjudged(limit: number): Promise<SiteCrawlRow[]> {
      return db
        .selectFrom('site_crawls')
        .selectAll()
        .where('state', '=', 'completed')
        .where('claims_judged_at', 'is', null)
        .orderBy('finished_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async markJudged(crawlId: string, at: string): Promise<void> {
      await db.updateTable('site_crawls').set({ claims_judged_at: at }).where('id', '=', crawlId).execute();
    },
    async setSchedule(projectId: string, nextCrawlAt: string, at: string): Promise<void> {
      await db
        .insertInto('site_schedules')
        .values({ project_id: projectId, next_crawl_at: nextCrawlAt, updated_at: at })
        .onConflict((oc) =>
          oc.column('project_id').doUpdateSet({ next_crawl_at: nextCrawlAt, updated_at: at }),
        )
        .execute();
    },
    async nextCrawlAt(projectId: string): Promise<string | null> {
      const r = await db
        .selectFrom('site_schedules')
        .select('next_crawl_at')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return r?.next_crawl_at ?? null;
    },
    /**
     * Per engine, how many of the project's stored answers list each source URL that mentions one of `hosts` (a
     * coarse text match; the caller checks each URL's host), from the per-URL month rows the answers' own
     * transaction keeps (source_months, kind `u`, all topics), so a read costs URLs times months, not answers.
     */
    async citedUrls(projectId: string, hosts: readonly string[]) {
      if (hosts.length === 0) return [];
      const rows = await db
        .selectFrom('source_months')
        .select(['engine_id', 'key', sql<number>`sum(answers)`.as('answers')])
        .where('project_id', '=', projectId)
        .where('kind', '=', 'u')
        .where('engine_id', '<>', ALL)
        .where('topic_id', '=', ALL)
        .where((eb) => eb.or(hosts.map((h) => eb('key', 'like', `%${h.replace(/[%_\\]/g, '')}%`))))
        .groupBy(['engine_id', 'key'])
        .execute();
      return rows.map((r) => ({ engineId: r.engine_id, url: r.key, answers: Number(r.answers) }));
    },
  };
}
