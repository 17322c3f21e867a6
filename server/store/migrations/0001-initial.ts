import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const { text, integer: int } = s;
  await db.schema
    .createTable('settings')
    .addColumn('key', text, (c) => c.primaryKey())
    .addColumn('value', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('accounts')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('plan', text, (c) => c.notNull())
    .addColumn('remaining_units', int)
    .addColumn('prepaid_credits', int, (c) => c.notNull().defaultTo(0))
    .addColumn('period_ends_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('api_keys')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('account_id', text, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('label', text, (c) => c.notNull())
    .addColumn('key_hash', text, (c) => c.notNull().unique())
    .addColumn('scopes', text, (c) => c.notNull())
    .addColumn('all_projects', int, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text)
    .addColumn('revoked_at', text)
    .execute();
  await db.schema
    .createIndex('api_keys_account')
    .on('api_keys')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('hosts')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('account_id', text, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('device_label', text)
    .addColumn('token_hash', text, (c) => c.unique())
    .addColumn('agent_version', text)
    .addColumn('engine_ids', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('last_seen_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('projects')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('account_id', text, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('website_url', text)
    .addColumn('brand_terms', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('brand_domains', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('host_id', text, (c) => c.references('hosts.id').onDelete('set null'))
    .addColumn('engine_ids', text, (c) => c.notNull())
    .addColumn('cadence', text, (c) => c.notNull())
    .addColumn('time_of_day', text, (c) => c.notNull())
    .addColumn('weekly_day', text, (c) => c.notNull())
    .addColumn('timezone', text, (c) => c.notNull())
    .addColumn('samples_per_prompt', int, (c) => c.notNull())
    .addColumn('latest_run_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('projects_account')
    .on('projects')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('api_key_projects')
    .addColumn('key_id', text, (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('api_key_projects_pk', ['key_id', 'project_id'])
    .execute();
  await db.schema
    .createTable('topics')
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('id', text, (c) => c.notNull())
    .addColumn('label', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('topics_pk', ['project_id', 'id'])
    .execute();
  await db.schema
    .createTable('prompts')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('text', text, (c) => c.notNull())
    .addColumn('text_key', text, (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('engine_ids', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addUniqueConstraint('prompts_text_unique', ['project_id', 'text_key'])
    .execute();
  await db.schema
    .createIndex('prompts_project')
    .on('prompts')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('prompt_topics')
    .addColumn('prompt_id', text, (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('project_id', text, (c) => c.notNull())
    .addColumn('topic_id', text, (c) => c.notNull())
    .addColumn('position', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_topics_pk', ['prompt_id', 'topic_id'])
    .addForeignKeyConstraint(
      'prompt_topics_topic',
      ['project_id', 'topic_id'],
      'topics',
      ['project_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('prompt_topics_topic')
    .on('prompt_topics')
    .columns(['project_id', 'topic_id'])
    .execute();
  await db.schema
    .createTable('competitors')
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('position', int, (c) => c.notNull())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('name_key', text, (c) => c.notNull())
    .addColumn('domains', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('competitors_pk', ['project_id', 'name_key'])
    .execute();
  // The competitor list an answer was scored against, stored once: answers keep only the hits against it.
  await db.schema
    .createTable('competitor_sets')
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('id', text, (c) => c.notNull())
    .addColumn('names', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('competitor_sets_pk', ['project_id', 'id'])
    .$call(s.clustered)
    .execute();
  await db.schema
    .createTable('run_requests')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('mode', text, (c) => c.notNull())
    .addColumn('idempotency_key', text)
    .addColumn('samples_per_prompt', int, (c) => c.notNull())
    .addColumn('prompt_count', int, (c) => c.notNull())
    .addColumn('estimated_units', int, (c) => c.notNull())
    .addColumn('warning', text)
    .addColumn('error_code', text)
    .addColumn('error_message', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addColumn('completed_at', text)
    .addUniqueConstraint('run_requests_idempotency', ['project_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('run_requests_project')
    .on('run_requests')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('runs')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('request_id', text, (c) => c.references('run_requests.id').onDelete('set null'))
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('trigger', text, (c) => c.notNull())
    .addColumn('mode', text, (c) => c.notNull())
    .addColumn('started_at', text)
    .addColumn('completed_at', text)
    .addColumn('prompt_count', int, (c) => c.notNull())
    .addColumn('answer_count', int, (c) => c.notNull())
    .addColumn('error', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('runs_project')
    .on('runs')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('runs_request').on('runs').column('request_id').execute();
  await db.schema
    .createTable('answers')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('run_id', text, (c) => c.references('runs.id').onDelete('set null'))
    .addColumn('prompt_id', text, (c) => c.references('prompts.id').onDelete('set null'))
    .addColumn('prompt_text', text, (c) => c.notNull())
    .addColumn('topic_id', text)
    .addColumn('engine_id', text, (c) => c.notNull())
    .addColumn('observed_at', text, (c) => c.notNull())
    .addColumn('date', text, (c) => c.notNull())
    .addColumn('mentioned', int, (c) => c.notNull())
    .addColumn('cited', int, (c) => c.notNull())
    .addColumn('citation_url', text)
    .addColumn('position', int)
    .addColumn('sentiment', text)
    .addColumn('excerpt', text)
    .addColumn('narrative_drift', text)
    .addColumn('source_urls', text, (c) => c.notNull())
    .addColumn('competitor_set', text)
    .addColumn('competitor_hits', text, (c) => c.notNull())
    .addColumn('import_key', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addUniqueConstraint('answers_import_key', ['project_id', 'import_key'])
    .execute();
  // What only the answer detail shows lives apart, so the rows a list reads stay small and pack many to a page.
  // An ordinary rowid table: its rows are large, which clustered (WITHOUT ROWID) tables store badly.
  await db.schema
    .createTable('answer_details')
    .addColumn('answer_id', text, (c) => c.primaryKey().references('answers.id').onDelete('cascade'))
    .addColumn('full_answer', text, (c) => c.notNull())
    .addColumn('full_answer_truncated', int, (c) => c.notNull())
    .addColumn('sources', text, (c) => c.notNull())
    .addColumn('sentiment_reason', text)
    .addColumn('narrative_drift_reason', text)
    .execute();
  // Keyset pagination walks (observed_at, id) newest first; the engine and prompt indexes serve the common filters.
  await db.schema
    .createIndex('answers_project_time')
    .on('answers')
    .columns(['project_id', 'observed_at', 'id'])
    .execute();
  await db.schema
    .createIndex('answers_project_engine_time')
    .on('answers')
    .columns(['project_id', 'engine_id', 'observed_at', 'id'])
    .execute();
  await db.schema
    .createIndex('answers_project_prompt_time')
    .on('answers')
    .columns(['project_id', 'prompt_id', 'observed_at', 'id'])
    .execute();
  await db.schema.createIndex('answers_run').on('answers').columns(['run_id', 'observed_at', 'id']).execute();
  // Summaries are clustered on their keys (WITHOUT ROWID) so a range read is one sequential scan. A daily row
  // holds one day of one topic (topic '*' adds up all topics): every engine's counts as JSON
  // `{"<engine>": [answers, mentioned, cited]}`, and their sums as columns. A year of daily stats is then 366
  // rows, not one per engine. Brand counts come per day and per month, so a year of share of voice reads about
  // twelve month rows and the edge days per brand instead of every day.
  await db.schema
    .createTable('daily_summaries')
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('topic_id', text, (c) => c.notNull())
    .addColumn('date', text, (c) => c.notNull())
    .addColumn('answers', int, (c) => c.notNull())
    .addColumn('mentioned', int, (c) => c.notNull())
    .addColumn('cited', int, (c) => c.notNull())
    .addColumn('engines', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_summaries_pk', ['project_id', 'topic_id', 'date'])
    .$call(s.clustered)
    .execute();
  // `period` is a day (YYYY-MM-DD) in brand_days and a month (YYYY-MM) in brand_months.
  for (const table of ['brand_days', 'brand_months']) {
    await db.schema
      .createTable(table)
      .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('engine_id', text, (c) => c.notNull())
      .addColumn('brand_key', text, (c) => c.notNull())
      .addColumn('period', text, (c) => c.notNull())
      .addColumn('mentioned', int, (c) => c.notNull())
      .addColumn('cited', int, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['project_id', 'engine_id', 'brand_key', 'period'])
      .$call(s.clustered)
      .execute();
  }
  await db.schema
    .createTable('summary_pending')
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('date', text, (c) => c.notNull())
    .addColumn('since', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('summary_pending_pk', ['project_id', 'date'])
    .execute();
  await db.schema
    .createTable('webhooks')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('url', text, (c) => c.notNull())
    .addColumn('events', text, (c) => c.notNull())
    .addColumn('description', text)
    .addColumn('secret_sealed', text, (c) => c.notNull())
    .addColumn('active', int, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('last_delivery_at', text)
    .addColumn('last_delivery_status', text)
    .addColumn('consecutive_failures', int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('webhooks_project')
    .on('webhooks')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('seq', s.serial, (c) => s.autoIncrement(c.primaryKey()))
    .addColumn('id', text, (c) => c.notNull().unique())
    .addColumn('webhook_id', text, (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('project_id', text, (c) => c.notNull())
    .addColumn('event_id', text, (c) => c.notNull())
    .addColumn('event', text, (c) => c.notNull())
    .addColumn('payload', text, (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('run_id', text)
    .addColumn('request_id', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('delivered_at', text)
    .addColumn('next_attempt_at', text)
    .addColumn('attempt_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('lease_until', text)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
