import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
/** The web searches the engine ran for each answer waiting in the outbox (JSON array; `[]` for those before). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox_answers')
    .addColumn('search_queries', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
