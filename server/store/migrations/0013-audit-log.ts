import { sql, type Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * People in accounts, and what they did (issue 21). Every contract account is an organization of the identity
 * library under the same id, so people can be members of it: accounts made before this migration (the CLI's
 * `accounts create`, the demo, the first run) get theirs here, later ones when they are made (the accounts
 * repository). The audit log is one row per event of an account, newest read first by `seq`; `actor_type` says
 * whether a person, an API key, a paired host or the operator at a shell did it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await backfillOrganizations(db, s);
  await db.schema
    .createTable('audit_log')
    .addColumn('seq', s.serial, (c) => s.autoIncrement(c.primaryKey()))
    .addColumn('id', s.text, (c) => c.notNull().unique())
    .addColumn('account_id', s.text, (c) => c.notNull())
    .addColumn('at', s.text, (c) => c.notNull())
    .addColumn('kind', s.text, (c) => c.notNull())
    .addColumn('actor_type', s.text, (c) => c.notNull())
    .addColumn('actor_id', s.text)
    .addColumn('actor_label', s.text, (c) => c.notNull())
    .addColumn('address', s.text)
    .addColumn('target', s.text)
    .addColumn('detail', s.text)
    .addColumn('count', s.integer, (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('audit_log_account').on('audit_log').columns(['account_id', 'seq']).execute();
}

/** Gives every account without one its organization (its slug is its id, unique as the id is). */
export async function backfillOrganizations(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const createdAt = s.engine === 'postgres' ? sql`CAST(a.created_at AS timestamptz)` : sql`a.created_at`;
  await sql`INSERT INTO auth_organization (id, name, slug, "createdAt")
    SELECT a.id, a.name, a.id, ${createdAt} FROM accounts a
    WHERE NOT EXISTS (SELECT 1 FROM auth_organization o WHERE o.id = a.id)`.execute(db);
}
