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
  const raw = () => h.store.identityDatabase.db as unknown as Kysely<Record<string, Record<string, unknown>>>;

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'premium' }, ssoAllowPrivate: true });
    people = peopleOf(h, secrets);
    owner = await people.signUp('owner@example.com');
    accountId = await people.accountOf(owner);
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
    expect(r.json()).toMatchObject({ providerId: accountId, organizationId: accountId, domain: 'example.com' });
    const rows = await raw().selectFrom('auth_sso_provider').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(idp.clientSecret);
    expect(JSON.parse(String(rows[0]!.oidcConfig))).toMatchObject({ clientSecretSealed: expect.stringMatching(/^v1\./) });
  });

  it('signs a new person of the domain in, as a member of the account, with a session that reads /v1', async () => {
    const r = await signInBySso(h, 'ada@example.com');
    expect(r.statusCode, r.body).toBe(302);
    expect(landing(r)).toMatchObject({ path: '/app/', error: null });
    const cookie = cookiesOf(r);
    const session = await h.request({ method: 'GET', url: '/auth/get-session', headers: { cookie } });
    expect(session.json().session.activeOrganizationId).toBe(accountId);
    expect(await people.roles(accountId)).toMatchObject({ 'ada@example.com': 'member' });
    const me = await h.get('/v1/me', undefined, { cookie });
    expect(me.statusCode, me.body).toBe(200);
  });
});
