import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_ONLY } from '../../server/auth/sign-up.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { testSecrets } from '../support/mail.ts';
import { follow, linkIn, mailsTo } from '../support/people-mail.ts';
import { cookiesOf, SAME_ORIGIN } from '../support/people.ts';
import { TEST_ENGINE } from '../support/test-db.ts';

/** The service's own origin: the harness serves http://127.0.0.1:8787/v1. */

/** The cookies a response sets, as a Cookie header sends them back. */
describe('people: sign-up, sign-in and the session on /v1', () => {
  let h: Harness;
  const secrets = testSecrets();
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    h.request({ method: 'POST', url, headers: { ...SAME_ORIGIN, ...headers }, payload: body as object });
  const signUp = (email: string, password = 'correct horse battery') =>
    post('/auth/sign-up/email', { name: email.split('@')[0], email, password });
  const signIn = (email: string, password: string) => post('/auth/sign-in/email', { email, password });
  /** The session the link of the last verification mail to this address begins. */
  async function verify(email: string) {
    const mail = (await mailsTo(h, secrets, email)).at(-1)!;
    expect(mail.kind).toBe('verification');
    return follow(h, linkIn(mail.text));
  }
  /** A new person who signed up and followed the link in the verification mail, with the cookie it set. */
  async function person(email: string) {
    const r = await signUp(email);
    expect(r.statusCode, r.body).toBe(200);
    const v = await verify(email);
    expect(v.statusCode, v.body).toBe(200);
    return cookiesOf(v);
  }

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'free' } });
  });
  afterAll(() => h.close());

  it('signs up, keeps the session in an HttpOnly SameSite=Lax cookie, and reads /v1 through it as the owner', async () => {
    const r = await signUp('ada@example.com');
    expect(r.statusCode, r.body).toBe(200);
    // No session before the address is confirmed: the verification link begins it.
    expect(cookiesOf(r)).not.toMatch(/session_token/);
    const v = await verify('ada@example.com');
    expect(v.statusCode, v.body).toBe(200);
    const setCookie = String(v.headers['set-cookie']);
    expect(setCookie).toMatch(/answerwatch\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(r.headers).not.toHaveProperty('access-control-allow-origin');
    const cookie = cookiesOf(v);

    const session = await h.request({ method: 'GET', url: '/auth/get-session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    const { user, session: s } = session.json();
    expect(user.email).toBe('ada@example.com');
    expect(s.activeOrganizationId).toMatch(/^acc/);

    // The organization is the contract's account, under the same id, on the sign-up plan.
    const account = await h.store.accounts.get(s.activeOrganizationId);
    expect(account).toMatchObject({ id: s.activeOrganizationId, plan: 'free', name: 'ada' });

    const me = await h.get('/v1/me', undefined, { cookie });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      label: 'ada@example.com (signed in)',
      scopes: ['visibility:read', 'tracking:write', 'runs:execute', 'traffic:write'],
      account: { plan: 'free' },
      projects: [],
    });
    expect(me.headers).not.toHaveProperty('access-control-allow-origin');
  });

  it('signs in again with the password, and answers a wrong password and an unknown e-mail alike', async () => {
    await person('grace@example.com');
    const ok = await signIn('grace@example.com', 'correct horse battery');
    expect(ok.statusCode).toBe(200);
    expect(cookiesOf(ok)).toMatch(/answerwatch\.session_token=/);

    const wrong = await signIn('grace@example.com', 'not the password at all');
    const unknown = await signIn('nobody@example.com', 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(cookiesOf(wrong)).not.toMatch(/session_token/);
  });

  it('refuses a password under 10 characters and writes nothing', async () => {
    const r = await signUp('short@example.com', 'nine-char');
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('PASSWORD_TOO_SHORT');
    const again = await signIn('short@example.com', 'nine-char');
    expect(again.statusCode).toBe(401);
  });

  it('gives a person of account A a 404 for account B’s project, and refuses naming B', async () => {
    const a = await person('alice@example.com');
    const bCookie = await person('bob@example.com');
    const bSession = await h.request({
      method: 'GET',
      url: '/auth/get-session',
      headers: { cookie: bCookie },
    });
    const accountB = bSession.json().session.activeOrganizationId as string;
    const projectB = (await createProject(h.store, accountB)).id;

    expect((await h.get(`/v1/projects/${projectB}`, undefined, { cookie: bCookie })).statusCode).toBe(200);
    const r = await h.get(`/v1/projects/${projectB}`, undefined, { cookie: a });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('not_found');
    const named = await h.get('/v1/me', undefined, { cookie: a, 'x-answerwatch-account': accountB });
    expect(named.statusCode).toBe(404);
    expect(named.json().code).toBe('not_found');
  });

  it('refuses a cross-site write with the cookie, and takes the same write from the service’s own page', async () => {
    const cookie = await person('carol@example.com');
    const body = { name: 'Carol', websiteUrl: 'https://carol.example' };
    const write = (headers: Record<string, string>) =>
      h.request({
        method: 'POST',
        url: '/v1/projects',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of crossSite) {
      const r = await write(headers);
      expect(r.statusCode, JSON.stringify(headers)).toBe(403);
      expect(r.json().code).toBe('insufficient_scope');
    }
    const me = await h.get('/v1/me', undefined, { cookie });
    expect(me.json().projects).toEqual([]);
    const ok = await write(SAME_ORIGIN);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('ends the session at sign-out: the next /v1 read with the old cookie is 401', async () => {
    const cookie = await person('dan@example.com');
    expect((await h.get('/v1/me', undefined, { cookie })).statusCode).toBe(200);
    const out = await post('/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const after = await h.get('/v1/me', undefined, { cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('invalid_key');
    expect(after.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('lets an invited viewer read the account and refuses the viewer’s writes with 403 insufficient_scope', async () => {
    const owner = await person('olga@example.com');
    const ownerSession = await h.request({
      method: 'GET',
      url: '/auth/get-session',
      headers: { cookie: owner },
    });
    const accountId = ownerSession.json().session.activeOrganizationId as string;
    const projectId = (await createProject(h.store, accountId)).id;
    const invite = await post(
      '/auth/organization/invite-member',
      { email: 'vera@example.com', role: 'viewer', organizationId: accountId },
      { cookie: owner },
    );
    expect(invite.statusCode, invite.body).toBe(200);

    const before = (await h.store.accounts.ids()).length;
    const viewer = await person('vera@example.com');
    // Invited: she joins the inviting account rather than getting one of her own.
    expect((await h.store.accounts.ids()).length).toBe(before);
    const accept = await post(
      '/auth/organization/accept-invitation',
      { invitationId: invite.json().id },
      { cookie: viewer },
    );
    expect(accept.statusCode, accept.body).toBe(200);

    const me = await h.get('/v1/me', undefined, { cookie: viewer });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ scopes: ['visibility:read'], projects: [projectId] });
    expect((await h.get(`/v1/projects/${projectId}`, undefined, { cookie: viewer })).statusCode).toBe(200);
    const write = await h.request({
      method: 'POST',
      url: '/v1/projects',
      headers: { cookie: viewer, 'content-type': 'application/json', ...SAME_ORIGIN },
      payload: JSON.stringify({ name: 'Not hers', websiteUrl: 'https://vera.example' }),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      code: 'insufficient_scope',
      detail: 'Your role in this account (viewer) only reads: ask its owner or an admin for another role.',
    });
  });

  it('makes no second account for a person who asks /auth for another organization', async () => {
    const cookie = await person('frank@example.com');
    const before = (await h.store.accounts.ids()).length;
    const r = await post('/auth/organization/create', { name: 'Second', slug: 'second' }, { cookie });
    expect(r.statusCode).toBe(403);
    expect((await h.store.accounts.ids()).length).toBe(before);
  });

  it('keeps bearer keys as they were: a key wins over a cookie sent beside it', async () => {
    const cookie = await person('erin@example.com');
    const { key } = await h.account('premium');
    const r = await h.get('/v1/me', key, { cookie });
    expect(r.statusCode).toBe(200);
    expect(r.json().label).toBe('test');
  });
});

describe('people: sign-up by invitation only', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ signUp: { mode: 'invite', plan: 'free' } });
  });
  afterAll(() => h.close());

  it('refuses a sign-up nobody invited, with a clear error, and writes no account', async () => {
    const before = (await h.store.accounts.ids()).length;
    const r = await h.request({
      method: 'POST',
      url: '/auth/sign-up/email',
      headers: SAME_ORIGIN,
      payload: { name: 'Mallory', email: 'mallory@example.com', password: 'correct horse battery' },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ code: 'SIGN_UP_BY_INVITATION_ONLY', message: INVITE_ONLY });
    expect(r.headers['set-cookie']).toBeUndefined();
    expect((await h.store.accounts.ids()).length).toBe(before);
  });

  it('lets in an address with a pending invitation, and not one whose invitation expired', async () => {
    // The invitation as an owner's invite-member writes it (an operator's way to invite is a later slice).
    const db = h.store.identityDatabase.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const iso = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString();
    await db
      .insertInto('auth_user')
      .values({
        id: 'u1',
        name: 'Owner',
        email: 'owner@example.com',
        emailVerified: TEST_ENGINE === 'postgres' ? false : 0,
        createdAt: iso(0),
        updatedAt: iso(0),
      })
      .execute();
    await db
      .insertInto('auth_organization')
      .values({ id: 'accInvitingAccount1', name: 'Inviting', slug: 'inviting', createdAt: iso(0) })
      .execute();
    for (const [id, email, expires] of [
      ['i1', 'invited@example.com', iso(86_400_000)],
      ['i2', 'late@example.com', iso(-1000)],
    ] as const) {
      await db
        .insertInto('auth_invitation')
        .values({
          id,
          organizationId: 'accInvitingAccount1',
          email,
          role: 'member',
          status: 'pending',
          expiresAt: expires,
          createdAt: iso(0),
          inviterId: 'u1',
        })
        .execute();
    }
    const signUp = (email: string) =>
      h.request({
        method: 'POST',
        url: '/auth/sign-up/email',
        headers: SAME_ORIGIN,
        payload: { name: 'Someone', email, password: 'correct horse battery' },
      });
    expect((await signUp('invited@example.com')).statusCode).toBe(200);
    expect((await signUp('late@example.com')).statusCode).toBe(403);
  });
});

describe('people behind https', () => {
  let h: Harness;
  const secrets = testSecrets();
  beforeAll(async () => {
    h = await createHarness({
      secrets,
      signUp: { mode: 'open', plan: 'free' },
      baseUrl: 'https://watch.example/v1',
    });
  });
  afterAll(() => h.close());

  it('sets the session cookie Secure under the __Secure- prefix, and /v1 reads it', async () => {
    const r = await h.request({
      method: 'POST',
      url: '/auth/sign-up/email',
      headers: { origin: 'https://watch.example', 'sec-fetch-site': 'same-origin' },
      payload: { name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const link = linkIn((await mailsTo(h, secrets, 'ada@example.com'))[0]!.text);
    expect(link.origin).toBe('https://watch.example');
    const v = await follow(h, link);
    const setCookie = String(v.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Secure-answerwatch\.session_token=/);
    expect(setCookie).toMatch(/; Secure/);
    const me = await h.get('/v1/me', undefined, { cookie: cookiesOf(v) });
    expect(me.statusCode, me.body).toBe(200);
  });
});
