import type { Db } from '../database.ts';

export function settingsRepository(db: Db) {
  return {
    async get(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },
    /** Keeps the first value written, so concurrent first starts agree on one secret. */
    async getOrCreate(key: string, create: () => string): Promise<string> {
      await db
        .insertInto('settings')
        .values({ key, value: create() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return row.value;
    },
    async set(key: string, value: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
    async remove(key: string): Promise<void> {
      await db.deleteFrom('settings').where('key', '=', key).execute();
    },
  };
}
