import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * Computers that pair themselves (issue 21): the device authorization plugin of the identity library keeps each
 * pending RFC 8628 grant in one table, as its own migration tool would make it on each engine
 * (test/api/people-schema.test.ts compares the two). Columns keep the library's names; dates are text on SQLite
 * and timestamptz on PostgreSQL, as in 0011. `scope` carries the account the person picked when approving.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const date = s.engine === 'postgres' ? 'timestamptz' : 'date';
  await db.schema
    .createTable('auth_device_code')
    .addColumn('id', s.text, (c) => c.notNull().primaryKey())
    .addColumn('deviceCode', s.text, (c) => c.notNull())
    .addColumn('userCode', s.text, (c) => c.notNull())
    .addColumn('userId', s.text)
    .addColumn('expiresAt', date, (c) => c.notNull())
    .addColumn('status', s.text, (c) => c.notNull())
    .addColumn('lastPolledAt', date)
    .addColumn('pollingInterval', s.integer)
    .addColumn('clientId', s.text)
    .addColumn('scope', s.text)
    .execute();
  // The library's own unique indexes, under its names (`<table>_<column>_uidx`).
  for (const column of ['deviceCode', 'userCode']) {
    await db.schema
      .createIndex(`auth_device_code_${column}_uidx`)
      .on('auth_device_code')
      .column(column)
      .unique()
      .execute();
  }
}
