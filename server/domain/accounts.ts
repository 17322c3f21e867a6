import type { Store } from '../store/index.ts';
import type { AccountRecord } from '../store/repositories/accounts.ts';
import type { Clock } from './clock.ts';
import { AppError, invalid } from './errors.ts';
import { newId } from './ids.ts';
import { DEFAULT_PLANS, findPlan, type Plan } from './plans.ts';

const PERIOD_DAYS = 30;

function checkPlan(code: string, plans: readonly Plan[]) {
  const plan = findPlan(code, plans);
  if (!plan) throw invalid(`unknown plan ${code}; plans are ${plans.map((p) => p.code).join(', ')}`);
  return plan;
}

function checkCount(name: string, value: number | undefined) {
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
    throw invalid(`${name} must be a whole number of 0 or more`);
  }
}

/** A new account's record, not yet stored: a fresh allowance period when its plan has one. */
export function newAccountRecord(
  clock: Clock,
  input: { plan: string; name?: string },
  plans: readonly Plan[] = DEFAULT_PLANS,
): AccountRecord {
  const plan = checkPlan(input.plan, plans);
  const now = clock.now();
  return {
    id: newId('acc'),
    name: input.name?.trim() || 'My account',
    plan: plan.code,
    remainingUnits: plan.unitsPerPeriod,
    prepaidCredits: 0,
    periodEndsAt:
      plan.unitsPerPeriod === null ? null : new Date(now.getTime() + PERIOD_DAYS * 86_400_000).toISOString(),
    createdAt: now.toISOString(),
  };
}

export async function createAccount(
  store: Store,
  clock: Clock,
  input: { plan: string; name?: string },
  plans: readonly Plan[] = DEFAULT_PLANS,
): Promise<AccountRecord> {
  const account = newAccountRecord(clock, input, plans);
  await store.accounts.create(account);
  return account;
}

export async function updateAccount(
  store: Store,
  id: string,
  patch: { plan?: string; remainingUnits?: number; prepaidCredits?: number },
  plans: readonly Plan[] = DEFAULT_PLANS,
): Promise<AccountRecord> {
  if (patch.plan !== undefined) checkPlan(patch.plan, plans);
  checkCount('remaining units', patch.remainingUnits);
  checkCount('prepaid credits', patch.prepaidCredits);
  if (!(await store.accounts.get(id))) throw new AppError('not_found', `No account ${id}.`);
  await store.accounts.update(id, patch);
  return (await store.accounts.get(id))!;
}
