import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * A project's own word on what kind of site a domain is (issue 25, kinds of sites): it wins over the domain list
 * shipped with the code. Types are given at read time from these rows, so a change reclassifies every day at once.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema
    .createTable('source_type_overrides')
    .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('domain', s.text, (c) => c.notNull())
    .addColumn('type', s.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('source_type_overrides_pk', ['project_id', 'domain'])
    .execute();
}
