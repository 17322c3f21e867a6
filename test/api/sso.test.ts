import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type FakeOidcProvider } from '../fakes/oidc-provider.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { testSecrets } from '../support/mail.ts';
import { cookiesOf, peopleOf, SAME_ORIGIN } from '../support/people.ts';
import {
  arrive,
  callbackOf,
  landing,
  registerProvider,
  signInBySso,
  startSignIn,
  throughProvider,
} from '../support/sso.ts';

/**
 * Single sign-on through an account's own OpenID Connect provider: a real one (oidc-provider) on 127.0.0.1, the
 * service in-process with ANSWERWATCH_SSO_ALLOW_PRIVATE on, as a developer runs it.
 */
describe('single sign-on through the account’s own OpenID Connect provider', () => {
  let h: Harness;
  let idp: FakeOidcProvider;
  let people: ReturnType<typeof peopleOf>;
  let owner: string;
  let accountId: string;
  const secrets = testSecrets();
  const signUp: { mode: 'open' | 'invite'; plan: string } = { mode: 'open', plan: 'premium' };
  const raw = () => h.store.identityDatabase.db as unknown as Kysely<Record<string, Record<string, unknown>>>;

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp, ssoAllowPrivate: true });
    people = peopleOf(h, secrets);
    owner = await people.signUp('owner@example.com');
    accountId = await people.accountOf(owner);
    // The owner signed up; from here on sign-up is by invitation, as `serve` has it by default.
    signUp.mode = 'invite';
    idp = await startOidcProvider({ redirectUri: callbackOf(accountId) });
  });
  afterAll(async () => {
    await idp?.close();
    await h?.close();
  });

  it('registers the provider for the owner, answers without the secret and stores it sealed', async () => {
    const r = await registerProvider(h, owner, accountId, idp);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).not.toContain(idp.clientSecret);
    expect(r.json()).toMatchObject({
      providerId: accountId,
      organizationId: accountId,
      domain: 'example.com',
    });
    const rows = await raw().selectFrom('auth_sso_provider').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(idp.clientSecret);
    expect(JSON.parse(String(rows[0]!.oidcConfig))).toMatchObject({
      clientSecretSealed: expect.stringMatching(/^v1\./),
    });
  });

  it('signs a new person of the domain in, as a member of the account, with a session that reads /v1', async () => {
    const uninvited = await people.post('/auth/sign-up/email', {
      name: 'ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(uninvited.statusCode, 'sign-up is by invitation only').toBe(403);
    const r = await signInBySso(h, 'ada@example.com');
    expect(r.statusCode, r.body).toBe(302);
    expect(landing(r)).toMatchObject({ path: '/app/', error: null });
    const cookie = cookiesOf(r);
    const session = await h.request({ method: 'GET', url: '/auth/get-session', headers: { cookie } });
    expect(session.json().session.activeOrganizationId).toBe(accountId);
    expect(await people.roles(accountId)).toMatchObject({ 'ada@example.com': 'member' });
    const me = await h.get('/v1/me', undefined, { cookie });
    expect(me.statusCode, me.body).toBe(200);
    // The sign-in is in the account's audit log, as every sign-in is.
    const log = await h.get('/v1/account/audit-log?limit=200', undefined, { cookie: owner });
    expect(log.json().data).toContainEqual(
      expect.objectContaining({
        kind: 'sign_in',
        target: 'ada@example.com',
        detail: { via: '/sso/callback/:providerId' },
      }),
    );
    // No account of their own: the provider's account is theirs.
    const memberships = await raw()
      .selectFrom('auth_member')
      .innerJoin('auth_user', 'auth_user.id', 'auth_member.userId')
      .select('auth_member.organizationId as accountId')
      .where('auth_user.email', '=', 'ada@example.com')
      .execute();
    expect(memberships).toEqual([{ accountId }]);
  });

  it('signs the same person in again, still a member, with a new session', async () => {
    const r = await signInBySso(h, 'ada@example.com');
    expect(landing(r)).toMatchObject({ path: '/app/', error: null });
    expect(cookiesOf(r)).toMatch(/session_token/);
    expect(await people.roles(accountId)).toMatchObject({ 'ada@example.com': 'member' });
  });

  it('sends the authorization request with state, nonce and a PKCE challenge (S256)', async () => {
    const { url } = await startSignIn(h, 'ada@example.com');
    const q = new URL(url).searchParams;
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(q.get('code_challenge')).toBeTruthy();
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toBe('openid email profile');
  });

  it('refuses a callback whose state is not the one this browser was given', async () => {
    const start = await startSignIn(h, 'eve@example.com');
    const back = await throughProvider(start.url, 'eve@example.com');
    back.searchParams.set('state', 'a-state-nobody-issued');
    const r = await arrive(h, back, start.cookie);
    expect(r.statusCode).toBe(302);
    // Back on the web UI's sign-in page, which says why (no state: not the library's own error page).
    expect(landing(r)).toMatchObject({ path: '/app/', error: expect.stringMatching(/state/) });
    expect(cookiesOf(r)).not.toMatch(/session_token=[^;]/);
    expect(await people.roles(accountId)).not.toHaveProperty(['eve@example.com']);
  });

  it('refuses a code that was issued to another sign-in (the PKCE verifier does not match)', async () => {
    const mine = await startSignIn(h, 'eve@example.com');
    const theirs = await startSignIn(h, 'eve@example.com');
    const theirCode = (await throughProvider(theirs.url, 'eve@example.com')).searchParams.get('code')!;
    const back = await throughProvider(mine.url, 'eve@example.com');
    back.searchParams.set('code', theirCode);
    const r = await arrive(h, back, mine.cookie);
    expect(landing(r)).toMatchObject({ path: '/app/sign-in', error: 'invalid_provider' });
    expect(cookiesOf(r)).not.toMatch(/session_token=[^;]/);
  });

  it.each([
    ['issuer', 'token_not_verified'],
    ['audience', 'token_not_verified'],
    ['expired', 'token_not_verified'],
    ['signature', 'token_not_verified'],
  ] as const)('refuses an ID token with another %s', async (how, description) => {
    idp.misbehave(how);
    try {
      const r = await signInBySso(h, 'mallory@example.com');
      expect(landing(r)).toMatchObject({ path: '/app/sign-in', error: 'invalid_provider', description });
      expect(cookiesOf(r)).not.toMatch(/session_token=[^;]/);
    } finally {
      idp.misbehave(null);
    }
    const users = await raw()
      .selectFrom('auth_user')
      .select('email')
      .where('email', '=', 'mallory@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses an ID token without the nonce this sign-in sent, and writes no one', async () => {
    idp.misbehave('nonce');
    try {
      const r = await signInBySso(h, 'mallory@example.com');
      expect(landing(r)).toMatchObject({ path: '/app/sign-in', error: 'sso_nonce_mismatch' });
    } finally {
      idp.misbehave(null);
    }
    const users = await raw()
      .selectFrom('auth_user')
      .select('email')
      .where('email', '=', 'mallory@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses a person the provider vouches for outside the account’s domains', async () => {
    const r = await signInBySso(h, 'bob@example.com', 'bob@elsewhere.org');
    expect(landing(r)).toMatchObject({ path: '/app/sign-in', error: 'email_outside_sso_domains' });
    const users = await raw()
      .selectFrom('auth_user')
      .select('email')
      .where('email', '=', 'bob@elsewhere.org')
      .execute();
    expect(users).toEqual([]);
  });

  it('serves no SAML and no shared callback (which would take the provider from the state)', async () => {
    const start = await startSignIn(h, 'ada@example.com');
    const back = await throughProvider(start.url, 'ada@example.com');
    const shared = await h.request({
      method: 'GET',
      url: `/auth/sso/callback${back.search}`,
      headers: { cookie: start.cookie },
    });
    expect(shared.statusCode).toBe(404);
    expect(cookiesOf(shared)).not.toMatch(/session_token=[^;]/);
    const acs = await h.request({
      method: 'POST',
      url: `/auth/sso/saml2/sp/acs/${accountId}`,
      headers: SAME_ORIGIN,
      payload: { SAMLResponse: 'x' },
    });
    expect(acs.statusCode).toBe(404);
  });

  it('says plainly when no account signs in an e-mail’s domain with single sign-on', async () => {
    const r = (await startSignIn(h, 'someone@nowhere.example')).r;
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'SSO_NOT_CONFIGURED' });
    expect(r.json().message).toMatch(/No account signs in people of nowhere\.example/);
  });
});
