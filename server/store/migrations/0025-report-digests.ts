import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * Scheduled digests of the report (issue 27). `report_digests`: one row per project with its schedule, its
 * recipients (JSON), the last period sent ("from/to"), and the lease an instance holds while it sends one.
 * `report_unsubscribe_tokens`: the token each digest mail carries for its recipient, kept as a SHA-256 only.
 * `report_digest_optouts`: the addresses that unsubscribed from a project's digest; they are skipped from then on,
 * even if someone adds them again. Rows go with their project.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema
    .createTable('report_digests')
    .addColumn('project_id', s.text, (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('cadence', s.text, (c) => c.notNull())
    .addColumn('weekday', s.text, (c) => c.notNull())
    .addColumn('recipients', s.text, (c) => c.notNull())
    .addColumn('updated_at', s.text, (c) => c.notNull())
    .addColumn('last_period', s.text)
    .addColumn('leased_by', s.text)
    .addColumn('lease_until', s.text)
    .execute();
  await db.schema
    .createTable('report_unsubscribe_tokens')
    .addColumn('token_hash', s.text, (c) => c.primaryKey())
    .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', s.text, (c) => c.notNull())
    .addColumn('created_at', s.text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('report_digest_optouts')
    .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', s.text, (c) => c.notNull())
    .addColumn('unsubscribed_at', s.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('report_digest_optouts_pk', ['project_id', 'email'])
    .execute();
}
