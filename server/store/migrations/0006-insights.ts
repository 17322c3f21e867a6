import type { CreateTableBuilder, Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';
import type { Db } from '../engine.ts';
import type { MigrationHooks } from '../migration-hooks.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect, hooks: MigrationHooks): Promise<void> {
  const { text, integer: int } = s;
  const counts = (table: CreateTableBuilder<any, any>, names: readonly string[]) =>
    names.reduce((t, name) => t.addColumn(name, int, (c) => c.notNull()), table);

  // The insight summaries (extensions of v1), clustered on their keys like the contract's summaries, so a range
  // read is a few sequential scans. Sources: per kind (domain, URL, any source), engine (`*` = all), topic
  // (`*` = all; answers without a topic are only in `*`), period and key.
  for (const table of ['source_days', 'source_months']) {
    await db.schema
      .createTable(table)
      .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('kind', text, (c) => c.notNull())
      .addColumn('engine_id', text, (c) => c.notNull())
      .addColumn('topic_id', text, (c) => c.notNull())
      .addColumn('period', text, (c) => c.notNull())
      .addColumn('key', text, (c) => c.notNull())
      .addColumn('answers', int, (c) => c.notNull())
      .addColumn('first_day', text, (c) => c.notNull())
      .addColumn('last_day', text, (c) => c.notNull())
      .addColumn('prompts', text, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [
        'project_id',
        'kind',
        'engine_id',
        'topic_id',
        'period',
        'key',
      ])
      .$call(s.clustered)
      .execute();
  }
  await db.schema
    .createTable('prompt_numbers')
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('text_key', text, (c) => c.notNull())
    .addColumn('n', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_numbers_pk', ['project_id', 'text_key'])
    .addUniqueConstraint('prompt_numbers_n', ['project_id', 'n'])
    .execute();
  // Per tracked prompt: engine (`*` = all) and period. Rows of prompts deleted later stay, unread: the reads list
  // the project's current prompts.
  for (const table of ['prompt_days', 'prompt_months']) {
    const base: CreateTableBuilder<any, any> = db.schema
      .createTable(table)
      .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('engine_id', text, (c) => c.notNull())
      .addColumn('period', text, (c) => c.notNull())
      .addColumn('prompt_id', text, (c) => c.notNull());
    await counts(base, [
      'answers',
      'mentioned',
      'cited',
      'pos_n',
      'pos_sum',
      'positive',
      'mixed',
      'neutral',
      'negative',
      'not_applicable',
    ])
      .addColumn('competitors', text, (c) => c.notNull())
      .addColumn('domains', text, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['project_id', 'engine_id', 'period', 'prompt_id'])
      .$call(s.clustered)
      .execute();
  }
  const trends: CreateTableBuilder<any, any> = db.schema
    .createTable('trend_days')
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('topic_id', text, (c) => c.notNull())
    .addColumn('date', text, (c) => c.notNull())
    .addColumn('engine_id', text, (c) => c.notNull());
  await counts(trends, [
    'answers',
    'mentioned',
    'cited',
    'pos_n',
    'pos_sum',
    'pos_sq',
    'positive',
    'mixed',
    'neutral',
    'negative',
  ])
    // Added by 0009 to tables this migration made before it existed; here too, because the backfill below runs the
    // live code, which writes it. Both make it the same last column, so the schema is one whichever path built it.
    .addColumn('not_applicable', int, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('trend_days_pk', ['project_id', 'topic_id', 'date', 'engine_id'])
    .$call(s.clustered)
    .execute();
  // Surfaces: an engine's API answers paired with its app answers on the same prompt-days, summed per prompt and
  // period, and the domains only one side listed (per prompt for a topic's read, and under `*` for all prompts). A
  // pair is keyed by its API engine.
  for (const table of ['surface_days', 'surface_months']) {
    const base: CreateTableBuilder<any, any> = db.schema
      .createTable(table)
      .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('api_engine_id', text, (c) => c.notNull())
      .addColumn('period', text, (c) => c.notNull())
      .addColumn('prompt_id', text, (c) => c.notNull());
    await counts(base, [
      'paired_days',
      'answer_pairs',
      'mention_both',
      'mention_api',
      'mention_app',
      'mention_neither',
      'cited_both',
      'cited_api',
      'cited_app',
      'cited_neither',
      'position_pairs',
      'api_positions',
      'app_positions',
    ])
      .addPrimaryKeyConstraint(`${table}_pk`, ['project_id', 'api_engine_id', 'period', 'prompt_id'])
      .$call(s.clustered)
      .execute();
  }
  for (const table of ['surface_domain_days', 'surface_domain_months']) {
    await db.schema
      .createTable(table)
      .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('api_engine_id', text, (c) => c.notNull())
      .addColumn('prompt_id', text, (c) => c.notNull())
      .addColumn('period', text, (c) => c.notNull())
      .addColumn('side', text, (c) => c.notNull())
      .addColumn('domain', text, (c) => c.notNull())
      .addColumn('prompt_days', int, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [
        'project_id',
        'api_engine_id',
        'prompt_id',
        'period',
        'side',
        'domain',
      ])
      .$call(s.clustered)
      .execute();
  }
  await db.schema.alterTable('webhooks').addColumn('thresholds', text).execute();
  // Answers stored before this migration get their summaries now, through the same code live writes use (the
  // domain's, handed in). The source summaries are built by 0008, which changed their tables since.
  await hooks.backfillInsights(db as Db, new Set(['prompts', 'trends']));
}
