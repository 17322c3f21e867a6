import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, updateAccount } from '../../server/domain/accounts.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';

describe('accounts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('starts a fresh allowance period, and updates only what is given (nothing given changes nothing)', async () => {
    const a = await createAccount(h.store, h.clock, { plan: 'premium', name: ' Acme ' });
    expect(a).toMatchObject({ name: 'Acme', plan: 'premium', remainingUnits: 20_000, prepaidCredits: 0 });
    expect(a.periodEndsAt).toBe(new Date(h.clock.now().getTime() + 30 * 86_400_000).toISOString());
    expect(await updateAccount(h.store, a.id, {})).toEqual(a);
    expect(await updateAccount(h.store, a.id, { prepaidCredits: 500 })).toMatchObject({
      prepaidCredits: 500,
      remainingUnits: 20_000,
    });
    expect(await updateAccount(h.store, a.id, { plan: 'byok', remainingUnits: 0 })).toMatchObject({
      plan: 'byok',
      remainingUnits: 0,
    });
    const byok = await createAccount(h.store, h.clock, { plan: 'byok' });
    expect(byok).toMatchObject({ remainingUnits: null, periodEndsAt: null });
  });

  it('refuses unknown plans, negative or fractional counts, and unknown accounts', async () => {
    const a = await createAccount(h.store, h.clock, { plan: 'free' });
    await expect(createAccount(h.store, h.clock, { plan: 'gold' })).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    await expect(updateAccount(h.store, a.id, { plan: 'gold' })).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    await expect(updateAccount(h.store, a.id, { remainingUnits: -1 })).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    await expect(updateAccount(h.store, a.id, { prepaidCredits: 1.5 })).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    await expect(updateAccount(h.store, 'accNope', {})).rejects.toMatchObject({ code: 'not_found' });
  });
});
