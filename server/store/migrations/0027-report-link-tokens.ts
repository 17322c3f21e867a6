import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * A share link a digest made keeps its token sealed (AES-256-GCM under the service's key) beside the hash it opens
 * by, so sending the same period again hands out the link made the first time instead of a new one. Links made
 * through the API keep only the hash: their token is shown once and never again.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema.alterTable('report_links').addColumn('token_sealed', s.text).execute();
}
