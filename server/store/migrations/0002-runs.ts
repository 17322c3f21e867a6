import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const { text, integer: int } = s;
  const addColumns = async (
    table: string,
    columns: [string, typeof text | typeof int, (c: any) => any][],
  ) => {
    for (const [name, type, build] of columns) {
      await db.schema.alterTable(table).addColumn(name, type, build).execute();
    }
  };
  // Scheduled runs are requests too (source `schedule`), so one active request per project covers both;
  // only `api` requests are listed and counted against the daily limit. Units are held when a request is
  // accepted (period allowance first, then prepaid credits) and what was not spent is given back at its end.
  // A runner holds a lease while it works a request, so a request whose runner died is taken over.
  await addColumns('run_requests', [
    ['source', text, (c) => c.notNull().defaultTo('api')],
    ['trigger', text, (c) => c.notNull().defaultTo('manual')],
    ['body_hash', text, (c) => c],
    ['held_period_units', int, (c) => c.notNull().defaultTo(0)],
    ['held_prepaid_units', int, (c) => c.notNull().defaultTo(0)],
    ['spent_units', int, (c) => c.notNull().defaultTo(0)],
    ['cancel_requested', int, (c) => c.notNull().defaultTo(0)],
    ['lease_owner', text, (c) => c],
    ['lease_until', text, (c) => c],
  ]);
  await db.schema
    .createIndex('run_requests_status')
    .on('run_requests')
    .columns(['status', 'created_at'])
    .execute();
  // What a run asks, fixed when it starts, so a run taken over after a restart asks exactly the same slots.
  await addColumns('runs', [
    ['plan', text, (c) => c.notNull().defaultTo('[]')],
    ['samples_per_prompt', int, (c) => c.notNull().defaultTo(1)],
    ['failed_count', int, (c) => c.notNull().defaultTo(0)],
  ]);
  await db.schema
    .createTable('brand_truths')
    .addColumn('project_id', text, (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('statements', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
}
