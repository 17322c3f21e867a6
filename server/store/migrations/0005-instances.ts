import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  // A scheduled request names the slot it was started for (the due instant): several instances of the service
  // fire the same slot, and the unique index lets exactly one of them start it, however far apart they fire.
  await db.schema.alterTable('run_requests').addColumn('schedule_slot', s.text).execute();
  await db.schema
    .createIndex('run_requests_schedule_slot')
    .on('run_requests')
    .columns(['project_id', 'schedule_slot'])
    .unique()
    .execute();
  // Which process holds a delivery attempt's lease, as run_requests.lease_owner says for runs: an operator (or a
  // test) can tell which instance is sending.
  await db.schema.alterTable('webhook_deliveries').addColumn('lease_owner', s.text).execute();
}
