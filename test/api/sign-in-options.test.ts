import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';

/** GET /auth/sign-in-options: what the web UI's sign-in page offers, before anyone signs in. */
describe('GET /auth/sign-in-options', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });
  const read = async () => {
    const r = await h!.request({ method: 'GET', url: '/auth/sign-in-options' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers).not.toHaveProperty('access-control-allow-origin');
    return r.json();
  };

  it('says sign-up is by invitation by default, on a service without an owner link (serve)', async () => {
    h = await createHarness();
    expect(await read()).toEqual({ signUp: 'invite', ownerLink: false, app: 'http://127.0.0.1:8787/app/' });
  });

  it('says sign-up is open when the operator opened it', async () => {
    h = await createHarness({ signUp: { mode: 'open', plan: 'free' } });
    expect(await read()).toEqual({ signUp: 'open', ownerLink: false, app: 'http://127.0.0.1:8787/app/' });
  });

  it('says the owner opens `start` with its link', async () => {
    h = await createHarness({ localOwner: { token: 'awl_test_owner_token_0123456789' } });
    expect(await read()).toEqual({ signUp: 'invite', ownerLink: true, app: 'http://127.0.0.1:8787/app/' });
  });

  it('leaves the library’s own endpoints beside it as they are', async () => {
    h = await createHarness();
    const r = await h.request({ method: 'GET', url: '/auth/get-session' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('null');
  });
});
