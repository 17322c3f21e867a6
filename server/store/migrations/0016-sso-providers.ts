import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * Single sign-on (issue 21): the SSO plugin of the identity library keeps each account's OpenID Connect provider in
 * one table, as its own migration tool would make it on each engine (test/api/people-schema.test.ts compares the
 * two). Columns keep the library's names. `oidcConfig` is the library's JSON with the client secret sealed under the
 * service's key (server/auth/sso-config.ts); `domain` the e-mail domains the provider covers, comma-separated.
 * A provider belongs to an account (`organizationId` is the account's id): it goes when the account's organization
 * does. Numbered 0016 beside 0015 (passkeys), written at the same time; the runner applies one missing below the
 * newest applied (migrate.ts), so either may land first.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema
    .createTable('auth_sso_provider')
    .addColumn('id', s.text, (c) => c.notNull().primaryKey())
    .addColumn('issuer', s.text, (c) => c.notNull())
    .addColumn('oidcConfig', s.text)
    .addColumn('samlConfig', s.text)
    .addColumn('userId', s.text, (c) => c.notNull().references('auth_user.id'))
    .addColumn('providerId', s.text, (c) => c.notNull().unique())
    .addColumn('organizationId', s.text, (c) => c.references('auth_organization.id').onDelete('cascade'))
    .addColumn('domain', s.text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_sso_provider_userId_idx')
    .on('auth_sso_provider')
    .column('userId')
    .execute();
}
