import { sql, type Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const { text } = s;
  // One-time codes the owner creates to pair a computer; stored as hashes, like keys.
  await db.schema
    .createTable('host_pair_codes')
    .addColumn('code_hash', text, (c) => c.primaryKey())
    .addColumn('account_id', text, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('used_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  // A request has a cloud part (the service asks the cloud engines) and/or a host part (the host computer asks the
  // local-fetch engines, or every engine on bring-your-own-key plans); it ends when each part it has has ended.
  for (const [name, type] of [
    ['cloud_needed', 'integer'],
    ['host_needed', 'integer'],
  ] as const) {
    await db.schema
      .alterTable('run_requests')
      .addColumn(name, type, (c) => c.notNull().defaultTo(0))
      .execute();
  }
  for (const name of ['cloud_outcome', 'host_outcome']) {
    await db.schema.alterTable('run_requests').addColumn(name, text).execute();
  }
  await sql`update run_requests set cloud_needed = 1 where mode = 'cloud'`.execute(db);
  await sql`update run_requests set host_needed = 1 where mode = 'host'`.execute(db);
  await db.schema.createIndex('hosts_token').on('hosts').column('token_hash').execute();
}
