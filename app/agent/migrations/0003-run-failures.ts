import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
/** A finished run's failed answers per engine and cause (JSON), reported with its end so the service can name them. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('local_runs').addColumn('failures', 'text').execute();
}
