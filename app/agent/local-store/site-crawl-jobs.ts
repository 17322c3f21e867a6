/** The site crawls this host runs for the service, and each project's crawl plan (first seen, last crawled). */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { HostCrawl } from '../../../server/contract/host-site-crawls.ts';
import { SiteCrawl } from '../../../server/contract/site-crawl.ts';
import type { AgentDatabase } from './schema.ts';

export type HostCrawlData = z.infer<typeof HostCrawl>;

export interface SiteCrawlJob {
  crawl: HostCrawlData;
  /** The crawl's result once crawled, until the service has all of it. */
  result: SiteCrawl | null;
}

export interface CrawlPlan {
  projectId: string;
  firstSeenAt: string;
  firstCrawlAt: string;
  lastCrawlAt: string | null;
}

export interface SiteCrawlJobStore {
  /** Keeps a crawl to run (again after a stop); a crawl kept already keeps its result. */
  keepCrawlJob(crawl: HostCrawlData, at: string): Promise<void>;
  crawlJob(crawlId: string): Promise<SiteCrawlJob | undefined>;
  crawlJobs(): Promise<SiteCrawlJob[]>;
  saveCrawlResult(crawlId: string, result: SiteCrawl, at: string): Promise<void>;
  /** The service has the crawl: forgotten here, and the project counted as crawled. */
  endCrawlJob(crawlId: string, at: string): Promise<void>;
  crawlPlans(): Promise<CrawlPlan[]>;
  /** A plan for each project not planned yet: `firstCrawlAt(projectId)` is when its first crawl is due. */
  planCrawls(
    projectIds: readonly string[],
    at: string,
    firstCrawlAt: (projectId: string) => string,
  ): Promise<void>;
}

const jobOf = (r: { crawl: string; result: string | null }): SiteCrawlJob => ({
  crawl: HostCrawl.parse(JSON.parse(r.crawl)),
  result: r.result === null ? null : SiteCrawl.parse(JSON.parse(r.result)),
});

export function siteCrawlJobStore(db: Kysely<AgentDatabase>): SiteCrawlJobStore {
  return {
    async keepCrawlJob(crawl, at) {
      await db
        .insertInto('site_crawl_jobs')
        .values({
          crawl_id: crawl.crawlId,
          project_id: crawl.projectId,
          crawl: JSON.stringify(crawl),
          result: null,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('crawl_id').doNothing())
        .execute();
    },
    async crawlJob(crawlId) {
      const row = await db
        .selectFrom('site_crawl_jobs')
        .select(['crawl', 'result'])
        .where('crawl_id', '=', crawlId)
        .executeTakeFirst();
      return row && jobOf(row);
    },
    async crawlJobs() {
      const rows = await db
        .selectFrom('site_crawl_jobs')
        .select(['crawl', 'result'])
        .orderBy('updated_at')
        .execute();
      return rows.map(jobOf);
    },
    async saveCrawlResult(crawlId, result, at) {
      await db
        .updateTable('site_crawl_jobs')
        .set({ result: JSON.stringify(result), updated_at: at })
        .where('crawl_id', '=', crawlId)
        .execute();
    },
    async endCrawlJob(crawlId, at) {
      await db.transaction().execute(async (tx) => {
        const job = await tx
          .selectFrom('site_crawl_jobs')
          .select('project_id')
          .where('crawl_id', '=', crawlId)
          .executeTakeFirst();
        if (!job) return;
        await tx
          .updateTable('site_crawl_plans')
          .set({ last_crawl_at: at })
          .where('project_id', '=', job.project_id)
          .execute();
        await tx.deleteFrom('site_crawl_jobs').where('crawl_id', '=', crawlId).execute();
      });
    },
    async crawlPlans() {
      const rows = await db.selectFrom('site_crawl_plans').selectAll().orderBy('project_id').execute();
      return rows.map((r) => ({
        projectId: r.project_id,
        firstSeenAt: r.first_seen_at,
        firstCrawlAt: r.first_crawl_at,
        lastCrawlAt: r.last_crawl_at,
      }));
    },
    async planCrawls(projectIds, at, firstCrawlAt) {
      for (const projectId of projectIds) {
        await db
          .insertInto('site_crawl_plans')
          .values({
            project_id: projectId,
            first_seen_at: at,
            first_crawl_at: firstCrawlAt(projectId),
            last_crawl_at: null,
          })
          .onConflict((oc) => oc.column('project_id').doNothing())
          .execute();
      }
    },
  };
}
