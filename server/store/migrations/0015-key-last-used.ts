import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * When each API key was last used, for the account's settings (issue 21): written at most once a minute per key
 * (api-keys.ts), so a busy key costs no write per request. Keys made before are "never used" until their next
 * request.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('last_used_at', s.text).execute();
}
