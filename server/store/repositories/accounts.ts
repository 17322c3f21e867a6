import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

export interface AccountRecord {
  id: string;
  name: string;
  plan: string;
  remainingUnits: number | null;
  prepaidCredits: number;
  periodEndsAt: string | null;
  createdAt: string;
}

const toRecord = (r: Database['accounts']): AccountRecord => ({
  id: r.id,
  name: r.name,
  plan: r.plan,
  remainingUnits: r.remaining_units,
  prepaidCredits: r.prepaid_credits,
  periodEndsAt: r.period_ends_at,
  createdAt: r.created_at,
});

export function accountsRepository(db: Db) {
  return {
    async create(a: AccountRecord): Promise<void> {
      await db
        .insertInto('accounts')
        .values({
          id: a.id,
          name: a.name,
          plan: a.plan,
          remaining_units: a.remainingUnits,
          prepaid_credits: a.prepaidCredits,
          period_ends_at: a.periodEndsAt,
          created_at: a.createdAt,
        })
        .execute();
    },
    async get(id: string): Promise<AccountRecord | undefined> {
      const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async update(
      id: string,
      patch: Partial<Pick<AccountRecord, 'plan' | 'remainingUnits' | 'prepaidCredits' | 'periodEndsAt'>>,
    ): Promise<void> {
      const set = {
        ...(patch.plan !== undefined && { plan: patch.plan }),
        ...(patch.remainingUnits !== undefined && { remaining_units: patch.remainingUnits }),
        ...(patch.prepaidCredits !== undefined && { prepaid_credits: patch.prepaidCredits }),
        ...(patch.periodEndsAt !== undefined && { period_ends_at: patch.periodEndsAt }),
      };
      // Nothing to change is not an error; SQL has no UPDATE without columns.
      if (Object.keys(set).length === 0) return;
      await db.updateTable('accounts').set(set).where('id', '=', id).execute();
    },
  };
}
