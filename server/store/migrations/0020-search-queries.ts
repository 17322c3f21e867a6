import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';
import type { Db } from '../engine.ts';
import type { MigrationHooks } from '../migration-hooks.ts';

/*
 * Query fan-out (issue 25): the web searches the engine ran for each answer, in order (JSON text; `[]` for answers
 * stored before, whose engines' searches were not kept), and their summaries, built like the source summaries: per
 * engine (`*` = all), topic (`*` = all; answers without a topic only in `*`), period (day or month) and normalised
 * search, the answers and prompts behind it and how many named and cited the brand and each competitor. The rows are
 * built from the answers already stored by the live code, so a database whose answers were imported with searches
 * before this migration ran (none can be) or whose rows were dropped gets the rows a live write makes.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect, hooks: MigrationHooks): Promise<void> {
  const { text, integer: int } = s;
  await db.schema
    .alterTable('answers')
    .addColumn('search_queries', text, (c) => c.notNull().defaultTo('[]'))
    .execute();
  for (const table of ['query_days', 'query_months']) {
    await db.schema
      .createTable(table)
      .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('engine_id', text, (c) => c.notNull())
      .addColumn('topic_id', text, (c) => c.notNull())
      .addColumn('period', text, (c) => c.notNull())
      .addColumn('key', text, (c) => c.notNull())
      .addColumn('answers', int, (c) => c.notNull())
      .addColumn('mentioned', int, (c) => c.notNull())
      .addColumn('cited', int, (c) => c.notNull())
      .addColumn('competitors', text, (c) => c.notNull())
      .addColumn('first_day', text, (c) => c.notNull())
      .addColumn('last_day', text, (c) => c.notNull())
      .addColumn('prompts', text, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['project_id', 'engine_id', 'topic_id', 'period', 'key'])
      .$call(s.clustered)
      .execute();
  }
  await hooks.backfillInsights(db as Db, new Set(['queries']));
}
