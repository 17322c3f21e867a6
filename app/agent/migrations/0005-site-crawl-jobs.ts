import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
/**
 * The site crawls this host runs for the service: each one until the service has it all (its result is kept once
 * crawled, so a stop during the upload sends it again rather than crawling again), and per project when it first
 * saw the project and when it last crawled it, for the weekly schedule.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_crawl_jobs')
    .addColumn('crawl_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    /** JSON: HostCrawl (server/contract/host-site-crawls.ts), what the service asked. */
    .addColumn('crawl', 'text', (c) => c.notNull())
    /** JSON: SiteCrawl once crawled; null while crawling. */
    .addColumn('result', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('site_crawl_plans')
    .addColumn('project_id', 'text', (c) => c.primaryKey())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('first_crawl_at', 'text', (c) => c.notNull())
    .addColumn('last_crawl_at', 'text')
    .execute();
}
