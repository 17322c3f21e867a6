import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * Access-log analytics (issue 26). No request is kept, only rollups written in the transaction that stores a batch:
 * `traffic_hours` and `traffic_days` count bot hits per UTC hour or day, page (path, no query), agent (its token or
 * `other-bot`), status class (`2xx` …) and verification, with the first and last instant seen in the row;
 * `traffic_referral_days` counts AI-referred visits per UTC day, landing page and engine. `traffic_imports` remembers
 * how far each file (by a hash of its start) or API batch (by a hash of its body) got, in the same transaction as
 * its rollups, so a rerun resumes where the last commit left off and stores nothing twice. `traffic_ranges` holds
 * the operators' published ranges stored by `answerwatch traffic ranges update` (newer than the shipped snapshots).
 * Rows go with their project; the ranges belong to the installation.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  // The same rollup per UTC hour (`2026-11-28T13`) and per UTC day (`2026-11-28`): reads of day ranges read days,
  // and hourly rows can be let go after a retention period while the daily ones stay.
  for (const table of ['traffic_hours', 'traffic_days']) {
    await db.schema
      .createTable(table)
      .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('period', s.text, (c) => c.notNull())
      .addColumn('page', s.text, (c) => c.notNull())
      .addColumn('agent', s.text, (c) => c.notNull())
      .addColumn('status_class', s.text, (c) => c.notNull())
      .addColumn('verification', s.text, (c) => c.notNull())
      .addColumn('hits', s.integer, (c) => c.notNull())
      .addColumn('first_seen', s.text, (c) => c.notNull())
      .addColumn('last_seen', s.text, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [
        'project_id',
        'period',
        'page',
        'agent',
        'status_class',
        'verification',
      ])
      .execute();
  }
  await db.schema
    .createTable('traffic_referral_days')
    .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('day', s.text, (c) => c.notNull())
    .addColumn('page', s.text, (c) => c.notNull())
    .addColumn('engine', s.text, (c) => c.notNull())
    .addColumn('visits', s.integer, (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_referral_days_pk', ['project_id', 'day', 'page', 'engine'])
    .execute();
  await db.schema
    .createTable('traffic_imports')
    .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('import_key', s.text, (c) => c.notNull())
    .addColumn('lines_done', s.integer, (c) => c.notNull())
    .addColumn('created_at', s.text, (c) => c.notNull())
    .addColumn('updated_at', s.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_imports_pk', ['project_id', 'import_key'])
    .execute();
  await db.schema
    .createTable('traffic_ranges')
    .addColumn('source', s.text, (c) => c.primaryKey())
    .addColumn('creation_time', s.text, (c) => c.notNull())
    .addColumn('prefixes', s.text, (c) => c.notNull())
    .addColumn('updated_at', s.text, (c) => c.notNull())
    .execute();
}
