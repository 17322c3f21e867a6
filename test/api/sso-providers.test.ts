import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type FakeOidcProvider } from '../fakes/oidc-provider.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { testSecrets } from '../support/mail.ts';
import { peopleOf, SAME_ORIGIN } from '../support/people.ts';
import { callbackOf, landing, registerProvider, signInBySso } from '../support/sso.ts';

/**
 * Who may register, change and remove an account's provider, for which domains, at which addresses; and that the
 * client secret is sealed at rest and never answered back.
 */
describe('an account’s single sign-on provider: who configures it, which domains, which addresses', () => {
  let h: Harness;
  let idp: FakeOidcProvider;
  let people: ReturnType<typeof peopleOf>;
  let owner: string;
  let accountId: string;
  let admin: string;
  let member: string;
  let otherOwner: string;
  let otherAccount: string;
  const secrets = testSecrets();
  const raw = () => h.store.identityDatabase.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const post = (url: string, cookie: string, payload: object) =>
    h.request({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie }, payload });

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'premium' }, ssoAllowPrivate: true });
    people = peopleOf(h, secrets);
    owner = await people.signUp('owner@acme.example.com');
    accountId = await people.accountOf(owner);
    admin = (await people.join(owner, accountId, 'admin@acme.example.com', 'admin')).cookie;
    member = (await people.join(owner, accountId, 'member@acme.example.com', 'member')).cookie;
    otherOwner = await people.signUp('owner@other.example.org');
    otherAccount = await people.accountOf(otherOwner);
    idp = await startOidcProvider({ redirectUri: callbackOf(accountId) });
  });
  afterAll(async () => {
    await idp?.close();
    await h?.close();
  });

  it('refuses a member, and a person of another account as if the account did not exist', async () => {
    const byMember = await registerProvider(h, member, accountId, idp, 'acme.example.com');
    expect(byMember.statusCode, byMember.body).toBe(403);
    expect(byMember.json()).toMatchObject({ code: 'INSUFFICIENT_ROLE' });
    const byStranger = await registerProvider(h, otherOwner, accountId, idp, 'acme.example.com');
    expect(byStranger.statusCode, byStranger.body).toBe(404);
    expect(await raw().selectFrom('auth_sso_provider').selectAll().execute()).toEqual([]);
  });

  it('refuses a provider for no account, a SAML one, one without a secret, and domains that are not domains', async () => {
    const noAccount = await post('/auth/sso/register', owner, {
      issuer: idp.issuer,
      domain: 'acme.example.com',
      oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret },
    });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().message).toMatch(/Name the account/);
    const saml = await post('/auth/sso/register', owner, {
      organizationId: accountId,
      issuer: idp.issuer,
      domain: 'acme.example.com',
      samlConfig: { entryPoint: 'https://idp.example.com/sso', cert: 'x', callbackUrl: '/x', spMetadata: {} },
    });
    expect(saml.statusCode).toBe(400);
    expect(saml.json().message).toMatch(/Only OpenID Connect/);
    const noSecret = await post('/auth/sso/register', owner, {
      organizationId: accountId,
      issuer: idp.issuer,
      domain: 'acme.example.com',
      oidcConfig: { clientId: idp.clientId },
    });
    expect(noSecret.statusCode).toBe(400);
    const notDomains = await registerProvider(h, owner, accountId, idp, 'acme.example.com, not a domain');
    expect(notDomains.statusCode).toBe(400);
    expect(notDomains.json().message).toBe('"not a domain" is not an e-mail domain (such as example.com).');
  });

  it('lets an admin register it for the account, with its domains, and never answers the secret back', async () => {
    const r = await registerProvider(h, admin, accountId, idp, 'Acme.Example.com, acme-labs.example.net');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      providerId: accountId,
      organizationId: accountId,
      domain: 'acme.example.com,acme-labs.example.net',
      redirectURI: callbackOf(accountId),
      oidcConfig: { clientId: idp.clientId, pkce: true },
    });
    expect(r.body).not.toContain(idp.clientSecret);
    const listed = await h.request({ method: 'GET', url: '/auth/sso/providers', headers: { cookie: owner } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().providers.map((p: { providerId: string }) => p.providerId)).toEqual([accountId]);
    expect(listed.body).not.toContain(idp.clientSecret);
    const again = await registerProvider(h, owner, accountId, idp, 'acme.example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SSO_PROVIDER_EXISTS' });
  });

  it('keeps the client secret sealed in the database, and opens it only to sign in', async () => {
    const rows = await raw().selectFrom('auth_sso_provider').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(idp.clientSecret);
    const stored = JSON.parse(String(rows[0]!.oidcConfig)) as Record<string, unknown>;
    expect(stored).not.toHaveProperty('clientSecret');
    expect(secrets.open(String(stored.clientSecretSealed))).toBe(idp.clientSecret);
    // The secret opens to what the provider expects: the code exchange (client_secret_basic) succeeds.
    const r = await signInBySso(h, 'wile@acme.example.com');
    expect(landing(r)).toMatchObject({ path: '/app/', error: null });
  });

  it('refuses a domain another account’s provider covers, or one under it, or one above it', async () => {
    for (const domain of ['acme.example.com', 'eu.acme.example.com', 'example.com']) {
      const r = await registerProvider(h, otherOwner, otherAccount, idp, `other.example.org,${domain}`);
      expect(r.statusCode, domain).toBe(409);
      expect(r.json()).toMatchObject({ code: 'SSO_DOMAIN_TAKEN' });
      expect(r.json().message).toMatch(/is already covered by another account's single sign-on/);
    }
    const moved = await post('/auth/sso/update-provider', owner, {
      providerId: accountId,
      domain: 'other.example.org',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const taken = await registerProvider(h, otherOwner, otherAccount, idp, 'other.example.org');
    expect(taken.statusCode).toBe(409);
    const back = await post('/auth/sso/update-provider', owner, {
      providerId: accountId,
      domain: 'acme.example.com',
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('lets only the owner and admins change or remove it', async () => {
    const byMember = await post('/auth/sso/update-provider', member, {
      providerId: accountId,
      domain: 'x.example.com',
    });
    expect(byMember.statusCode).toBe(403);
    const byStranger = await post('/auth/sso/delete-provider', otherOwner, { providerId: accountId });
    expect(byStranger.statusCode).toBe(404);
    const secret = await post('/auth/sso/update-provider', admin, {
      providerId: accountId,
      oidcConfig: { clientSecret: 'a-new-secret-0123456789' },
    });
    expect(secret.statusCode, secret.body).toBe(200);
    expect(secret.body).not.toContain('a-new-secret-0123456789');
    expect(JSON.stringify(await raw().selectFrom('auth_sso_provider').selectAll().execute())).not.toContain(
      'a-new-secret-0123456789',
    );
    const removed = await post('/auth/sso/delete-provider', owner, { providerId: accountId });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await raw().selectFrom('auth_sso_provider').selectAll().execute()).toEqual([]);
  });
});

describe('the issuer’s address, without ANSWERWATCH_SSO_ALLOW_PRIVATE', () => {
  let h: Harness;
  const secrets = testSecrets();
  /** What the issuer's name resolves to, as the tests say. */
  const dns = new Map<string, string[]>();

  beforeAll(async () => {
    h = await createHarness({
      secrets,
      signUp: { mode: 'open', plan: 'premium' },
      ssoResolve: async (name) => dns.get(name) ?? [],
    });
  });
  afterAll(() => h.close());

  it('refuses plain http, loopback, private and metadata addresses, before fetching anything', async () => {
    const people = peopleOf(h, secrets);
    const owner = await people.signUp('owner@acme.example.com');
    const accountId = await people.accountOf(owner);
    const client = { clientId: 'c', clientSecret: 's-0123456789' };
    const cases: [string, RegExp][] = [
      ['http://idp.example.com', /must use https/],
      ['https://127.0.0.1:8443', /127\.0\.0\.1 is not allowed/],
      ['https://10.1.2.3', /10\.1\.2\.3 is not allowed/],
      ['https://169.254.169.254', /169\.254\.169\.254 is not allowed/],
      ['https://user:pw@idp.example.com', /must not contain a username or password/],
    ];
    for (const [issuer, message] of cases) {
      const r = await registerProvider(h, owner, accountId, { issuer, ...client }, 'acme.example.com');
      expect(r.statusCode, issuer).toBe(400);
      expect(r.json()).toMatchObject({ code: 'SSO_ADDRESS_REFUSED' });
      expect(r.json().message, issuer).toMatch(message);
    }
  });

  it('vets the provider again at every sign-in: a name that now resolves to a private address is refused', async () => {
    const people = peopleOf(h, secrets);
    const owner = await people.signUp('owner@turned.example.com');
    const accountId = await people.accountOf(owner);
    const userId = (
      await h.request({ method: 'GET', url: '/auth/get-session', headers: { cookie: owner } })
    ).json().user.id as string;
    const issuer = 'https://login.turned.example.com';
    // Registered when the name was public (registration fetches its discovery document, which needs the internet
    // these tests do not have, so the row is written as registration writes it).
    const db = h.store.identityDatabase.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db
      .insertInto('auth_sso_provider')
      .values({
        id: 'p1',
        issuer,
        providerId: accountId,
        organizationId: accountId,
        userId,
        domain: 'turned.example.com',
        oidcConfig: JSON.stringify({
          issuer,
          clientId: 'c',
          clientSecretSealed: secrets.seal('s-0123456789'),
          pkce: true,
          discoveryEndpoint: `${issuer}/.well-known/openid-configuration`,
          authorizationEndpoint: `${issuer}/auth`,
          tokenEndpoint: `${issuer}/token`,
          jwksEndpoint: `${issuer}/jwks`,
        }),
      })
      .execute();
    dns.set('login.turned.example.com', ['10.1.2.3']);
    const r = await h.request({
      method: 'POST',
      url: '/auth/sign-in/sso',
      headers: SAME_ORIGIN,
      payload: { email: 'ada@turned.example.com', callbackURL: '/app/' },
    });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ code: 'SSO_ADDRESS_REFUSED' });
    expect(r.json().message).toMatch(
      /login\.turned\.example\.com" resolves to 10\.1\.2\.3, which is not allowed/,
    );
  });
});
