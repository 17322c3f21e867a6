import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';
import type { Db } from '../engine.ts';
import type { MigrationHooks } from '../migration-hooks.ts';

const TABLES = ['source_days', 'source_months'];

/*
 * The gaps of stats/sources as two counts on each source row (answers naming the brand, answers naming a tracked
 * competitor) instead of two more kinds of row (`b`, `c`, each a copy of the domain rows): two fifths fewer rows
 * for every answer stored. The source summaries are then rebuilt from the stored answers by the live code, so
 * every database, whichever of 0006 and 0007 built its rows, ends with the same rows a live write makes.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect, hooks: MigrationHooks): Promise<void> {
  for (const table of TABLES) {
    for (const column of ['brand_answers', 'rival_answers'])
      await db.schema
        .alterTable(table)
        .addColumn(column, s.integer, (c) => c.notNull().defaultTo(0))
        .execute();
    await db.deleteFrom(table).execute();
  }
  await hooks.backfillInsights(db as Db, new Set(['sources']));
}
