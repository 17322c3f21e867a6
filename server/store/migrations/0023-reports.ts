import { sql, type Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * Reports (issue 27). `report_links`: a share link opens one project's report for one period without signing in;
 * only the SHA-256 of its token is kept, so a database read never yields a working link. `account_brands`: the
 * name, logo (base64, at most 200 KB decoded, an SVG already sanitised) and accent colour reports are shown under.
 * `answers_drift`: a partial index over the answers a judge found drifting from the Brand Truth, so the report's
 * drift part reads a year of them without scanning the rest. Rows go with their project or account.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema
    .createTable('report_links')
    .addColumn('id', s.text, (c) => c.primaryKey())
    .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('token_hash', s.text, (c) => c.notNull().unique())
    .addColumn('from_date', s.text, (c) => c.notNull())
    .addColumn('to_date', s.text, (c) => c.notNull())
    .addColumn('expires_at', s.text, (c) => c.notNull())
    .addColumn('created_at', s.text, (c) => c.notNull())
    .addColumn('created_by', s.text, (c) => c.notNull())
    .addColumn('revoked_at', s.text)
    .execute();
  await db.schema
    .createIndex('report_links_project')
    .on('report_links')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('account_brands')
    .addColumn('account_id', s.text, (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('name', s.text)
    .addColumn('accent', s.text)
    .addColumn('logo_type', s.text)
    .addColumn('logo', s.text)
    .addColumn('updated_at', s.text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('answers_drift')
    .on('answers')
    .columns(['project_id', 'observed_at', 'id'])
    .where(sql.ref('narrative_drift'), 'in', ['true', 'partial'])
    .execute();
}
