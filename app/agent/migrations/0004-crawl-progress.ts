import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
/** A site crawl's progress, so a crawl stopped mid-way resumes and reads every page once (crawl/checkpoint.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  /** One row per crawl under way: what was learnt before the pages (JSON: CrawlSetup). */
  await db.schema
    .createTable('crawl_progress')
    .addColumn('crawl_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('setup', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  /** Every URL the crawl knows, in the order it became known, with its page once read (JSON: SitePage). */
  await db.schema
    .createTable('crawl_urls')
    .addColumn('crawl_id', 'text', (c) =>
      c.notNull().references('crawl_progress.crawl_id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('page', 'text')
    /** The order pages were read in: 1, 2, … (null while queued). */
    .addColumn('settled', 'integer')
    .addPrimaryKeyConstraint('crawl_urls_pk', ['crawl_id', 'url'])
    .execute();
  await db.schema
    .createIndex('crawl_urls_order')
    .on('crawl_urls')
    .columns(['crawl_id', 'position'])
    .execute();
}
