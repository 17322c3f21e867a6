import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
/** The stable cause of a failed run (`login_required`, …) when one explains every failed answer. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('local_runs').addColumn('error_code', 'text').execute();
}
