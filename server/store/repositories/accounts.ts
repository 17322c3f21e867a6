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
    /**
     * Stores an account and, unless the identity library made it first (`organization: false`), the organization
     * under the same id that lets people be members of it (migration 0013 gave existing accounts theirs).
     */
    async create(a: AccountRecord, o: { organization?: boolean } = {}): Promise<void> {
      if (o.organization !== false) {
        await db
          .insertInto('auth_organization')
          .values({ id: a.id, name: a.name, slug: a.id, createdAt: a.createdAt })
          .execute();
      }
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
    async ids(): Promise<string[]> {
      return (await db.selectFrom('accounts').select('id').orderBy('created_at').execute()).map((r) => r.id);
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
    /**
     * Takes `units` from the period allowance first, then from prepaid credits, only when both together cover
     * them. The update re-checks the balances it read, so two requests never spend the same units.
     */
    async hold(id: string, units: number): Promise<{ period: number; prepaid: number } | null> {
      for (;;) {
        const a = await db
          .selectFrom('accounts')
          .select(['remaining_units', 'prepaid_credits'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!a) return null;
        const remaining = a.remaining_units ?? 0;
        if (units > remaining + a.prepaid_credits) return null;
        const period = Math.min(units, remaining);
        const prepaid = units - period;
        const res = await db
          .updateTable('accounts')
          .set((eb) => ({
            remaining_units: a.remaining_units === null ? null : eb('remaining_units', '-', period),
            prepaid_credits: eb('prepaid_credits', '-', prepaid),
          }))
          .where('id', '=', id)
          .where('prepaid_credits', '=', a.prepaid_credits)
          .where((eb) =>
            a.remaining_units === null
              ? eb('remaining_units', 'is', null)
              : eb('remaining_units', '=', a.remaining_units),
          )
          .executeTakeFirst();
        if (res.numUpdatedRows > 0n) return { period, prepaid };
      }
    },
    /** Gives back held units that were not spent. */
    async release(id: string, units: { period: number; prepaid: number }): Promise<void> {
      if (units.period === 0 && units.prepaid === 0) return;
      await db
        .updateTable('accounts')
        .set((eb) => ({
          remaining_units: eb('remaining_units', '+', units.period),
          prepaid_credits: eb('prepaid_credits', '+', units.prepaid),
        }))
        .where('id', '=', id)
        .execute();
    },
  };
}
