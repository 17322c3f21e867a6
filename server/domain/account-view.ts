import { requirePerson } from './account-access.ts';
import type { Caller, Services } from './context.ts';
import { AppError } from './errors.ts';

/** The account as its settings show it: the caller's role, the plan and its allowance (read only). */
export async function describeAccount(s: Services, caller: Caller) {
  requirePerson(caller);
  const account = await s.store.accounts.get(caller.accountId);
  if (!account || !caller.role) throw new AppError('not_found', `No account ${caller.accountId}.`);
  const plan = caller.plan;
  return {
    id: account.id,
    name: account.name,
    role: caller.role,
    plan: {
      code: plan.code,
      accessMode: plan.accessMode,
      apiAccess: plan.apiAccess,
      engineIds: [...plan.engineIds],
      cadences: [...plan.cadences],
      limits: { ...plan.limits },
    },
    allowance:
      plan.unitsPerPeriod === null
        ? null
        : {
            unitsPerPeriod: plan.unitsPerPeriod,
            remainingUnits: account.periodEndsAt ? (account.remainingUnits ?? 0) : null,
            prepaidCreditsRemaining: account.prepaidCredits,
            periodEndsAt: account.periodEndsAt,
          },
  };
}
