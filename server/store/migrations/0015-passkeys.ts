import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * Passkeys (issue 21): the passkey plugin of the identity library keeps each person's WebAuthn credentials in one
 * table, as its own migration tool would make it on each engine (test/api/people-schema.test.ts compares the two).
 * Columns keep the library's names; `publicKey` is the credential's public key (base64), nothing secret; booleans
 * and dates are as in 0011. A person's passkeys go with the person (on delete cascade).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const pg = s.engine === 'postgres';
  await db.schema
    .createTable('auth_passkey')
    .addColumn('id', s.text, (c) => c.notNull().primaryKey())
    .addColumn('name', s.text)
    .addColumn('publicKey', s.text, (c) => c.notNull())
    .addColumn('userId', s.text, (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
    .addColumn('credentialID', s.text, (c) => c.notNull())
    .addColumn('counter', s.integer, (c) => c.notNull())
    .addColumn('deviceType', s.text, (c) => c.notNull())
    .addColumn('backedUp', pg ? 'boolean' : 'integer', (c) => c.notNull())
    .addColumn('transports', s.text)
    .addColumn('createdAt', pg ? 'timestamptz' : 'date')
    .addColumn('aaguid', s.text)
    .execute();
  // The library's own index names (`<table>_<column>_idx`): a person's passkeys, and the one a sign-in presents.
  for (const column of ['userId', 'credentialID']) {
    await db.schema.createIndex(`auth_passkey_${column}_idx`).on('auth_passkey').column(column).execute();
  }
}
