import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * fix-narrative actions (issue 25): the Brand Truth statements a judge's drift verdict names, stored with the answer
 * as the keys of their normalised text (`[]` for answers judged before, whose verdicts named none, so nothing can be
 * rebuilt for them), and their summaries per engine, topic, period and statement (schema-drift.ts). A statement
 * edited by people has another key, so its figures start afresh; a deleted one is no longer looked up.
 * `action_summaries` keeps the judge's one-paragraph summary of a project's top ten actions, written after a run
 * changed them (with the ids it summarised), so the list shows it without asking a model per request.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const { text, integer: int } = s;
  await db.schema
    .alterTable('answers')
    .addColumn('drift_statements', text, (c) => c.notNull().defaultTo('[]'))
    .execute();
  for (const table of ['drift_days', 'drift_months']) {
    await db.schema
      .createTable(table)
      .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('engine_id', text, (c) => c.notNull())
      .addColumn('topic_id', text, (c) => c.notNull())
      .addColumn('period', text, (c) => c.notNull())
      .addColumn('key', text, (c) => c.notNull())
      .addColumn('drift', int, (c) => c.notNull())
      .addColumn('partial', int, (c) => c.notNull())
      .addColumn('prompts', text, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['project_id', 'key', 'engine_id', 'topic_id', 'period'])
      .$call(s.clustered)
      .execute();
  }
  await db.schema
    .createTable('action_summaries')
    .addColumn('project_id', text, (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('ids', text, (c) => c.notNull())
    .addColumn('text', text, (c) => c.notNull())
    .addColumn('model', text, (c) => c.notNull())
    .addColumn('generated_at', text, (c) => c.notNull())
    .execute();
}
