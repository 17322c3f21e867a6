import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * People (issue 21): the tables of the identity library, better-auth 1.7 with its organization plugin, as its own
 * migration tool would make them on each engine (test/api/people-schema.test.ts compares the two), but applied
 * here with every other migration. Table names are prefixed `auth_` (server/auth/identity.ts: the contract's
 * account is not the library's `account`); columns keep the library's names. An organization's id is the id of
 * the contract's account it is, so no link column is needed. Dates are the library's: text on SQLite, timestamptz
 * on PostgreSQL (whose creation times default to now, as the library's tool sets them).
 */
type Kind = 'text' | 'bool' | 'date' | 'now';
/** [name, kind, required, extra]: `unique`, or a table it references (on delete cascade). */
type Column = [string, Kind, boolean, ('unique' | { references: string })?];

const TABLES: [string, Column[]][] = [
  [
    'auth_user',
    [
      ['name', 'text', true],
      ['email', 'text', true, 'unique'],
      ['emailVerified', 'bool', true],
      ['image', 'text', false],
      ['createdAt', 'now', true],
      ['updatedAt', 'now', true],
    ],
  ],
  [
    'auth_session',
    [
      ['expiresAt', 'date', true],
      ['token', 'text', true, 'unique'],
      ['createdAt', 'now', true],
      ['updatedAt', 'date', true],
      ['ipAddress', 'text', false],
      ['userAgent', 'text', false],
      ['userId', 'text', true, { references: 'auth_user' }],
      ['activeOrganizationId', 'text', false],
    ],
  ],
  [
    'auth_account',
    [
      ['accountId', 'text', true],
      ['providerId', 'text', true],
      ['userId', 'text', true, { references: 'auth_user' }],
      ['accessToken', 'text', false],
      ['refreshToken', 'text', false],
      ['idToken', 'text', false],
      ['accessTokenExpiresAt', 'date', false],
      ['refreshTokenExpiresAt', 'date', false],
      ['scope', 'text', false],
      ['password', 'text', false],
      ['createdAt', 'now', true],
      ['updatedAt', 'date', true],
    ],
  ],
  [
    'auth_verification',
    [
      ['identifier', 'text', true],
      ['value', 'text', true],
      ['expiresAt', 'date', true],
      ['createdAt', 'now', true],
      ['updatedAt', 'now', true],
    ],
  ],
  [
    'auth_organization',
    [
      ['name', 'text', true],
      ['slug', 'text', true, 'unique'],
      ['logo', 'text', false],
      ['createdAt', 'date', true],
      ['metadata', 'text', false],
    ],
  ],
  [
    'auth_member',
    [
      ['organizationId', 'text', true, { references: 'auth_organization' }],
      ['userId', 'text', true, { references: 'auth_user' }],
      ['role', 'text', true],
      ['createdAt', 'date', true],
    ],
  ],
  [
    'auth_invitation',
    [
      ['organizationId', 'text', true, { references: 'auth_organization' }],
      ['email', 'text', true],
      ['role', 'text', false],
      ['status', 'text', true],
      ['expiresAt', 'date', true],
      ['createdAt', 'now', true],
      ['inviterId', 'text', true, { references: 'auth_user' }],
    ],
  ],
];

/** The library's own index names: `<table>_<column>_idx`. */
const INDEXES: [string, string][] = [
  ['auth_session', 'userId'],
  ['auth_account', 'userId'],
  ['auth_verification', 'identifier'],
  ['auth_member', 'organizationId'],
  ['auth_member', 'userId'],
  ['auth_invitation', 'organizationId'],
  ['auth_invitation', 'email'],
];

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const pg = s.engine === 'postgres';
  const typeOf = (kind: Kind) =>
    kind === 'text' ? s.text : kind === 'bool' ? (pg ? 'boolean' : 'integer') : pg ? 'timestamptz' : 'date';
  for (const [table, columns] of TABLES) {
    let create = db.schema.createTable(table).addColumn('id', s.text, (c) => c.notNull().primaryKey());
    for (const [name, kind, required, extra] of columns) {
      create = create.addColumn(name, typeOf(kind), (c: ColumnDefinitionBuilder) => {
        let col = required ? c.notNull() : c;
        if (kind === 'now' && pg) col = col.defaultTo(sql`CURRENT_TIMESTAMP`);
        if (extra === 'unique') col = col.unique();
        else if (extra) col = col.references(`${extra.references}.id`).onDelete('cascade');
        return col;
      });
    }
    await create.execute();
  }
  for (const [table, column] of INDEXES) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}
