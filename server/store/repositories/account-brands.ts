import type { Db } from '../database.ts';

/** What an account's reports are shown under: its own name, logo and accent colour, each optional. */
export interface AccountBrandRecord {
  name: string | null;
  /** `#rrggbb`. */
  accent: string | null;
  /** The logo's media type (`image/png` or `image/svg+xml`) and bytes as base64; both null without a logo. */
  logoType: string | null;
  logo: string | null;
  updatedAt: string;
}

export function accountBrandsRepository(db: Db) {
  return {
    async get(accountId: string): Promise<AccountBrandRecord | undefined> {
      const row = await db
        .selectFrom('account_brands')
        .selectAll()
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return (
        row && {
          name: row.name,
          accent: row.accent,
          logoType: row.logo_type,
          logo: row.logo,
          updatedAt: row.updated_at,
        }
      );
    },
    async put(accountId: string, b: AccountBrandRecord): Promise<void> {
      const values = {
        name: b.name,
        accent: b.accent,
        logo_type: b.logoType,
        logo: b.logo,
        updated_at: b.updatedAt,
      };
      await db
        .insertInto('account_brands')
        .values({ account_id: accountId, ...values })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
        .execute();
    },
  };
}
