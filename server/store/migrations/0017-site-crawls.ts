import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * The weekly site crawl (issue 22): a crawl per request (the API's, or the host's own weekly schedule), run on the
 * project's host computer and uploaded through host sync. `summary` holds the crawl's result without its pages
 * (robots.txt, sitemaps, llms.txt, the AI-agent table, findings) as JSON; pages are rows keyed by URL so an upload
 * repeated after a broken connection stores each page once. `finding_types` is ` type type ` (space-bounded) for the
 * `finding` filter. `client_crawl_id` makes the host's report of a scheduled crawl idempotent; `next_crawl_at` is
 * the host's schedule as it last reported it. Rows go with their project.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema
    .createTable('site_crawls')
    .addColumn('id', s.text, (c) => c.primaryKey())
    .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('state', s.text, (c) => c.notNull())
    .addColumn('trigger', s.text, (c) => c.notNull())
    .addColumn('requested_by', s.text)
    .addColumn('client_crawl_id', s.text)
    .addColumn('warning', s.text)
    .addColumn('created_at', s.text, (c) => c.notNull())
    .addColumn('updated_at', s.text, (c) => c.notNull())
    .addColumn('started_at', s.text)
    .addColumn('finished_at', s.text)
    .addColumn('error_code', s.text)
    .addColumn('error_message', s.text)
    .addColumn('page_count', s.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('summary', s.text)
    .execute();
  await db.schema
    .createIndex('site_crawls_project')
    .on('site_crawls')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('site_crawls_client_id')
    .on('site_crawls')
    .columns(['project_id', 'client_crawl_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('site_pages')
    .addColumn('crawl_id', s.text, (c) => c.notNull().references('site_crawls.id').onDelete('cascade'))
    .addColumn('url', s.text, (c) => c.notNull())
    .addColumn('status', s.integer)
    .addColumn('finding_types', s.text, (c) => c.notNull().defaultTo(' '))
    .addColumn('page', s.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('site_pages_pk', ['crawl_id', 'url'])
    .execute();
  await db.schema
    .createTable('site_schedules')
    .addColumn('project_id', s.text, (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('next_crawl_at', s.text, (c) => c.notNull())
    .addColumn('updated_at', s.text, (c) => c.notNull())
    .execute();
}
