import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_NAME_MAX, RELYING_PARTY_NAME } from '../../server/auth/passkeys.ts';
import { SIGN_IN_LIMITS } from '../../server/auth/sign-in-limits.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { testSecrets } from '../support/mail.ts';
import { cookiesOf, peopleOf, SAME_ORIGIN } from '../support/people.ts';

/**
 * Passkeys through /auth, as far as they go without an authenticator: who may ask for a ceremony, what the
 * ceremony names, and whose passkeys a person reaches. The ceremonies themselves run in real Chromium with a
 * virtual authenticator (test/e2e/passkeys.test.ts).
 */
describe('people: passkeys', () => {
  let h: Harness;
  let p: ReturnType<typeof peopleOf>;
  const secrets = testSecrets();
  let ann: string;
  let bob: string;
  let address = 0;
  /** Each test its own client address, so that the per-address sign-in limit is the one test's alone. */
  const newAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

  const get = (url: string, cookie?: string) =>
    h.request({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: newAddress() });
  const post = (url: string, body: object, cookie?: string, from = newAddress()) =>
    h.request({
      method: 'POST',
      url,
      remoteAddress: from,
      headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: body,
    });
  const userId = async (cookie: string) => (await get('/auth/get-session', cookie)).json().user.id as string;
  /** A stored passkey of the person, as the plugin writes one once a registration is verified. */
  async function storedPasskey(cookie: string, name: string): Promise<string> {
    const id = `pk-${name.toLowerCase().replace(/\W/g, '-')}`;
    await p
      .identityDb()
      .insertInto('auth_passkey')
      .values({
        id,
        name,
        userId: await userId(cookie),
        publicKey: 'cHVibGljLWtleQ',
        credentialID: `cred-${id}`,
        counter: 0,
        deviceType: 'multiDevice',
        backedUp: h.store.identityDatabase.engine === 'postgres' ? true : 1,
        transports: 'internal',
        createdAt: new Date().toISOString(),
      })
      .execute();
    return id;
  }
  const list = async (cookie: string) => {
    const r = await get('/auth/passkey/list-user-passkeys', cookie);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { id: string; name: string | null }[];
  };

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'free' } });
    p = peopleOf(h, secrets);
    ann = await p.signUp('ann@example.com');
    bob = await p.signUp('bob@example.com');
  });
  afterAll(() => h.close());

  it('refuses to start or finish adding a passkey, or to list passkeys, without a session', async () => {
    const options = await get('/auth/passkey/generate-register-options');
    expect(options.statusCode).toBe(401);
    expect(cookiesOf(options)).not.toMatch(/passkey/);
    const verify = await post('/auth/passkey/verify-registration', { response: { id: 'x' } });
    expect(verify.statusCode).toBe(401);
    expect((await get('/auth/passkey/list-user-passkeys')).statusCode).toBe(401);
    expect((await post('/auth/passkey/delete-passkey', { id: 'pk-any' })).statusCode).toBe(401);
    const rows = await p.identityDb().selectFrom('auth_passkey').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('offers a signed-in person a ceremony for the service’s own host, for their own address', async () => {
    const existing = await storedPasskey(ann, 'Old laptop');
    const r = await get('/auth/passkey/generate-register-options', ann);
    expect(r.statusCode, r.body).toBe(200);
    const options = r.json();
    // The harness serves http://127.0.0.1:8787/v1: the relying party is that host, whatever the request said.
    expect(options.rp).toEqual({ name: RELYING_PARTY_NAME, id: '127.0.0.1' });
    expect(options.user).toMatchObject({ name: 'ann@example.com', displayName: 'ann@example.com' });
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);
    expect(options.attestation).toBe('none');
    // A passkey the person has is not made twice on the same authenticator.
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: `cred-${existing}` })]);
    // The challenge is kept by the service, named by a signed, HttpOnly cookie.
    expect(String(r.headers['set-cookie'])).toMatch(/answerwatch\.better-auth-passkey=[^;]+;.*HttpOnly/i);

    const signIn = await get('/auth/passkey/generate-authenticate-options');
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().rpId).toBe('127.0.0.1');
    // Signed out, nobody's credentials are listed: the authenticator offers what it holds for this host.
    expect(signIn.json().allowCredentials).toBeUndefined();
  });

  it('lists, renames and deletes a person’s own passkeys', async () => {
    const id = await storedPasskey(bob, 'Phone');
    expect((await list(bob)).map((k) => [k.id, k.name])).toEqual([[id, 'Phone']]);
    const renamed = await post('/auth/passkey/update-passkey', { id, name: '  Work phone ' }, bob);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list(bob)).map((k) => k.name)).toEqual(['Work phone']);

    const tooLong = await post(
      '/auth/passkey/update-passkey',
      { id, name: 'x'.repeat(PASSKEY_NAME_MAX + 1) },
      bob,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(`A passkey's name is at most ${PASSKEY_NAME_MAX} characters.`);
    const empty = await post('/auth/passkey/update-passkey', { id, name: '   ' }, bob);
    expect(empty.statusCode).toBe(400);
    expect((await list(bob)).map((k) => k.name)).toEqual(['Work phone']);

    const deleted = await post('/auth/passkey/delete-passkey', { id }, bob);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await list(bob)).toEqual([]);
    const again = await post('/auth/passkey/delete-passkey', { id }, bob);
    expect(again.statusCode).toBe(404);
  });

  it('answers another person’s passkey as one that does not exist, and leaves it as it was', async () => {
    const anns = await storedPasskey(ann, 'Ann’s key');
    expect((await list(bob)).map((k) => k.id)).not.toContain(anns);
    const unknown = await post('/auth/passkey/delete-passkey', { id: 'pk-no-such-key' }, bob);
    expect(unknown.statusCode).toBe(404);
    const deleted = await post('/auth/passkey/delete-passkey', { id: anns }, bob);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ ...unknown.json() });
    const renamed = await post('/auth/passkey/update-passkey', { id: anns, name: 'Mine now' }, bob);
    expect(renamed.statusCode).toBe(404);
    expect((await list(ann)).find((k) => k.id === anns)?.name).toBe('Ann’s key');
  });

  it('signs nobody in with a passkey the service does not know, or without the challenge it issued; logs the failure', async () => {
    const options = await get('/auth/passkey/generate-authenticate-options');
    const challengeCookie = cookiesOf(options);
    const forged = { id: 'cred-unknown', rawId: 'cred-unknown', type: 'public-key', response: {} };
    const unknown = await post('/auth/passkey/verify-authentication', { response: forged }, challengeCookie);
    expect(unknown.statusCode).toBe(401);
    expect(cookiesOf(unknown)).not.toMatch(/session_token/);
    // Ann's credential, but no challenge of the service's: refused before any signature is looked at.
    const anns = await storedPasskey(ann, 'Spare key');
    const noChallenge = await post('/auth/passkey/verify-authentication', {
      response: { ...forged, id: `cred-${anns}`, rawId: `cred-${anns}` },
    });
    expect(noChallenge.statusCode).toBe(400);
    expect(cookiesOf(noChallenge)).not.toMatch(/session_token/);
    // The attempt on Ann's passkey is a failed sign-in in her account's audit log; the unknown one is in no log.
    const log = await h.get('/v1/account/audit-log?limit=200', undefined, { cookie: ann });
    expect(log.statusCode, log.body).toBe(200);
    const failed = (log.json().data as { kind: string; target: string; count: number }[]).filter(
      (e) => e.kind === 'sign_in_failed',
    );
    expect(failed).toEqual([expect.objectContaining({ target: 'ann@example.com', count: 1 })]);
  });

  it('counts passkey sign-ins against the per-address sign-in limit: the 31st in a minute is 429', async () => {
    const from = newAddress();
    h.clock.advance(60_000 - (h.clock.now().getTime() % 60_000)); // a fresh minute: the window is the minute
    const attempt = () =>
      post('/auth/passkey/verify-authentication', { response: { id: 'cred-guess' } }, undefined, from);
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.perMinute; i += 1) {
      expect((await attempt()).statusCode).toBe(400);
    }
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // An e-mail sign-in from the same address is held back too: one limit for every way of signing in.
    const email = await post(
      '/auth/sign-in/email',
      { email: 'ann@example.com', password: 'x' },
      undefined,
      from,
    );
    expect(email.statusCode).toBe(429);
  });
});
