import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>): Promise<void> {
  const text = 'text';
  const int = 'integer';
  /** Pairing: server URL, the sealed device token, host and account ids. */
  await db.schema
    .createTable('agent_settings')
    .addColumn('key', text, (c) => c.primaryKey())
    .addColumn('value', text, (c) => c.notNull())
    .execute();
  /** The projects of the last check-in, as the service sent them, so the host keeps its schedule offline. */
  await db.schema
    .createTable('cached_projects')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('position', int, (c) => c.notNull())
    .addColumn('body', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  /** Bring-your-own-key engine keys, sealed; they never leave this computer. */
  await db.schema
    .createTable('engine_keys')
    .addColumn('engine_id', text, (c) => c.primaryKey())
    .addColumn('sealed_key', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  /** Bring-your-own-key tracking settings (the host is where they live; check-ins report them). */
  await db.schema
    .createTable('byok_tracking')
    .addColumn('project_id', text, (c) => c.primaryKey())
    .addColumn('body', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  /** The outbox, runs: every run this host asked, until the service has its answers and its end. */
  await db.schema
    .createTable('local_runs')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('client_run_id', text)
    .addColumn('run_id', text, (c) => c.unique())
    .addColumn('request_id', text, (c) => c.unique())
    .addColumn('project_id', text, (c) => c.notNull())
    .addColumn('trigger', text, (c) => c.notNull())
    .addColumn('samples_per_prompt', int, (c) => c.notNull())
    .addColumn('prompts', text, (c) => c.notNull())
    .addColumn('scheduled_for', text)
    .addColumn('started_at', text, (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('outcome', text)
    .addColumn('error', text)
    .addColumn('finished_at', text)
    .execute();
  await db.schema
    .createIndex('local_runs_status')
    .on('local_runs')
    .columns(['status', 'started_at'])
    .execute();
  /** The outbox, answers: each slot's answer, kept from the moment it arrives until the service stored it. */
  await db.schema
    .createTable('outbox_answers')
    .addColumn('local_run_id', text, (c) => c.notNull().references('local_runs.id').onDelete('cascade'))
    .addColumn('slot', text, (c) => c.notNull())
    .addColumn('prompt_id', text)
    .addColumn('prompt_text', text, (c) => c.notNull())
    .addColumn('topic_id', text)
    .addColumn('engine_id', text, (c) => c.notNull())
    .addColumn('observed_at', text, (c) => c.notNull())
    .addColumn('text', text, (c) => c.notNull())
    .addColumn('sources', text, (c) => c.notNull())
    .addColumn('state', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('uploaded_at', text)
    .addPrimaryKeyConstraint('outbox_answers_pk', ['local_run_id', 'slot'])
    .execute();
  await db.schema
    .createIndex('outbox_answers_state')
    .on('outbox_answers')
    .columns(['local_run_id', 'state', 'created_at'])
    .execute();
}
