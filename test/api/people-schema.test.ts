import { getSchema } from 'better-auth/db';
import { getMigrations, matchType } from 'better-auth/db/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityOptions, NO_PEOPLE } from '../../server/auth/identity.ts';
import { DEFAULT_SIGN_UP } from '../../server/auth/sign-up-rules.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { BASE, createHarness, type Harness } from '../support/api-harness.ts';

/**
 * Migrations 0011, 0014, 0015 and 0016 write the identity library's tables by hand, on both engines; the library says what it expects.
 * Upgrading better-auth (or adding a plugin) with a schema change fails here until a migration of ours follows.
 */
const unsent = () => Promise.reject(new Error('the schema test sends no mail'));

describe('the identity tables of migrations 0011, 0014, 0015 and 0016 and what better-auth expects', () => {
  let h: Harness;
  let options: ReturnType<typeof identityOptions>;
  beforeAll(async () => {
    h = await createHarness();
    options = identityOptions(
      {
        store: h.store,
        clock: h.clock,
        plans: DEFAULT_PLANS,
        baseUrl: BASE,
        secret: 'a-secret-only-for-reading-the-schema-0123456789',
        signUp: DEFAULT_SIGN_UP,
        mail: { verification: unsent, passwordReset: unsent, invitation: unsent },
        secrets: h.services.secrets,
        ssoNet: { allowPrivate: false },
      },
      NO_PEOPLE,
    );
  });
  afterAll(() => h.close());

  it('leaves the library’s own migration tool nothing to create, add or index', async () => {
    const plan = await getMigrations(options, { throwOnUnsafe: false });
    expect(plan.toBeCreated.map((t) => t.table)).toEqual([]);
    expect(plan.toBeAdded.map((t) => [t.table, Object.keys(t.fields)])).toEqual([]);
    expect(plan.toBeAddedIndexes.map((i) => i.name)).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);
    expect(plan.unsafeChanges).toEqual([]);
  });

  it('has each field the library expects with its type and nullability, and no column it does not know', async () => {
    const { db, engine } = h.store.identityDatabase;
    const tables = await db.introspection.getTables();
    const expected = getSchema(options);
    expect(Object.keys(expected).sort()).toEqual([
      'auth_account',
      'auth_device_code',
      'auth_invitation',
      'auth_member',
      'auth_organization',
      'auth_passkey',
      'auth_session',
      'auth_sso_provider',
      'auth_user',
      'auth_verification',
    ]);
    for (const [name, table] of Object.entries(expected)) {
      const found = tables.find((t) => t.name === name);
      expect(found, name).toBeDefined();
      const columns = new Map(found!.columns.map((c) => [c.name, c]));
      for (const [field, attr] of Object.entries(table.fields)) {
        const column = columns.get(field);
        expect(column, `${name}.${field}`).toBeDefined();
        expect(matchType(column!.dataType, attr.type, engine), `${name}.${field}: ${column!.dataType}`).toBe(
          true,
        );
        expect(column!.isNullable, `${name}.${field} nullable`).toBe(attr.required === false);
      }
      expect(
        [...columns.keys()].filter((c) => c !== 'id' && !(c in table.fields)),
        name,
      ).toEqual([]);
    }
  });
});
