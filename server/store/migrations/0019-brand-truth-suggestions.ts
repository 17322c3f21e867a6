import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * Brand Truth suggestions from the site crawl (issue 22). `site_pages.text` is a brand page's text (home, pricing,
 * about) as the agent sends it, kept apart from the page shown; `site_pages.claims` the claims the LLM judge read
 * from it (JSON array); `site_crawls.claims_judged_at` when the judge was done with a crawl (null: not yet, or no
 * judge). `brand_truth_decisions` holds what the owner did with a suggestion, by its id (a hash of its kind and
 * text, so a decision outlives the crawl that made the suggestion): accepted (with the statement stored, possibly
 * edited) or dismissed. Crawls before this have no page text: their suggestions come from titles and JSON-LD.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema.alterTable('site_pages').addColumn('text', s.text).execute();
  await db.schema.alterTable('site_pages').addColumn('claims', s.text).execute();
  await db.schema.alterTable('site_crawls').addColumn('claims_judged_at', s.text).execute();
  await db.schema
    .createTable('brand_truth_decisions')
    .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('suggestion_id', s.text, (c) => c.notNull())
    .addColumn('decision', s.text, (c) => c.notNull())
    .addColumn('statement', s.text)
    .addColumn('decided_at', s.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('brand_truth_decisions_pk', ['project_id', 'suggestion_id'])
    .execute();
}
