/**
 * The sign-in mails, through the outbox: the verification mail at sign-up and its link, password reset end to end,
 * used and expired links refused in a sentence, and the invitation mail and its page.
 */
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_SIGNALS } from '../../server/domain/context.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { testSecrets } from '../support/mail.ts';
import { follow, linkIn, mailsTo } from '../support/people-mail.ts';
import { cookiesOf, ORIGIN, PASSWORD, SAME_ORIGIN } from '../support/people.ts';
import { TEST_ENGINE } from '../support/test-db.ts';

describe('people: the mails of sign-in', () => {
  let h: Harness;
  const secrets = testSecrets();
  const signals = { ...NO_SIGNALS, mailQueued: vi.fn() };
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    h.request({ method: 'POST', url, headers: { ...SAME_ORIGIN, ...headers }, payload: body as object });
  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN) =>
    h.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  const signUp = (email: string, password = PASSWORD) =>
    post('/auth/sign-up/email', { name: email.split('@')[0], email, password });
  const signIn = (email: string, password = PASSWORD) => post('/auth/sign-in/email', { email, password });
  const lastMail = async (email: string) => (await mailsTo(h, secrets, email)).at(-1)!;
  async function person(email: string) {
    expect((await signUp(email)).statusCode).toBe(200);
    const v = await follow(h, linkIn((await lastMail(email)).text));
    expect(v.statusCode, v.body).toBe(200);
    return cookiesOf(v);
  }

  beforeAll(async () => {
    h = await createHarness({ secrets, signals, signUp: { mode: 'open', plan: 'free' } });
  });
  afterAll(() => h.close());
  afterEach(() => vi.useRealTimers());

  it('queues a verification mail at sign-up whose link confirms the address and signs in', async () => {
    signals.mailQueued.mockClear();
    const r = await signUp('ada@example.com');
    expect(r.statusCode, r.body).toBe(200);
    expect(cookiesOf(r)).not.toMatch(/session_token/);
    const mails = await mailsTo(h, secrets, 'ada@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'verification',
      subject: 'Confirm your e-mail address for Answerwatch',
    });
    expect(signals.mailQueued).toHaveBeenCalled();
    const link = linkIn(mails[0]!.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/app/verify-email`);

    // Not signed in before the link is followed, even with the right password.
    const early = await signIn('ada@example.com');
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    const page = await follow(h, link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.body).toContain('Your e-mail address is confirmed and you are signed in.');
    const me = await h.get('/v1/me', undefined, { cookie: cookiesOf(page) });
    expect(me.statusCode, me.body).toBe(200);
    expect((await signIn('ada@example.com')).statusCode).toBe(200);

    const again = await follow(h, link);
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link was used already');
    expect(cookiesOf(again)).not.toMatch(/session_token/);
  });

  it('answers a sign-up for an address that has an account as for a new one, and sends no mail', async () => {
    await person('grace@example.com');
    const before = await mailsTo(h, secrets, 'grace@example.com');
    const existing = await signUp('grace@example.com', 'another long password');
    const fresh = await signUp('hopper@example.com', 'another long password');
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(existing.json())).toEqual(Object.keys(fresh.json()));
    expect(existing.json().token).toBeNull();
    expect(cookiesOf(existing)).toBe('');
    expect(await mailsTo(h, secrets, 'grace@example.com')).toHaveLength(before.length);
    // The other password was not taken: the account keeps its own.
    expect((await signIn('grace@example.com', 'another long password')).statusCode).toBe(401);
  });

  it('sends a new link to an unconfirmed person who signs in with the right password, and no link otherwise', async () => {
    expect((await signUp('late@example.com')).statusCode).toBe(200);
    expect((await signIn('late@example.com', 'not the password at all')).statusCode).toBe(401);
    expect(await mailsTo(h, secrets, 'late@example.com')).toHaveLength(1);
    expect((await signIn('late@example.com')).statusCode).toBe(403);
    const mails = await mailsTo(h, secrets, 'late@example.com');
    expect(mails.map((m) => m.kind)).toEqual(['verification', 'verification']);
    expect((await follow(h, linkIn(mails[1]!.text))).statusCode).toBe(200);
  });

  it('refuses an expired or altered verification link in a sentence', async () => {
    expect((await signUp('slow@example.com')).statusCode).toBe(200);
    const link = linkIn((await lastMail('slow@example.com')).text);
    const altered = new URL(link);
    altered.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const bad = await follow(h, altered);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('This link is not one Answerwatch sent');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const expired = await follow(h, link);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect(cookiesOf(expired)).toBe('');
  });

  it('resets a password end to end: mail, form, new password, every session ended, link used once', async () => {
    const cookie = await person('reset@example.com');
    const asked = await post('/auth/request-password-reset', { email: 'reset@example.com' });
    expect(asked.statusCode, asked.body).toBe(200);
    const unknown = await post('/auth/request-password-reset', { email: 'nobody@example.com' });
    expect(unknown.json()).toEqual(asked.json());
    expect(await mailsTo(h, secrets, 'nobody@example.com')).toEqual([]);

    const mail = await lastMail('reset@example.com');
    expect(mail).toMatchObject({ kind: 'password-reset', subject: 'Choose a new Answerwatch password' });
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/app/reset-password');
    const token = link.searchParams.get('token')!;
    const page = await follow(h, link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/app/reset-password">');
    expect(page.body).not.toContain('<script');

    const short = await form('/app/reset-password', { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('That password is too short');
    const done = await form('/app/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('Your password is changed');

    expect((await h.get('/v1/me', undefined, { cookie })).statusCode).toBe(401);
    expect((await signIn('reset@example.com')).statusCode).toBe(401);
    expect((await signIn('reset@example.com', 'a brand new passphrase')).statusCode).toBe(200);

    const reused = await follow(h, link);
    expect(reused.statusCode).toBe(410);
    expect(reused.body).toContain('This link was used already');
    const api = await post('/auth/reset-password', { token, newPassword: 'yet another passphrase' });
    expect(api.statusCode).toBe(400);
    expect(api.json().code).toBe('INVALID_TOKEN');
    expect((await signIn('reset@example.com', 'yet another passphrase')).statusCode).toBe(401);
  });

  it('refuses an expired reset link in a sentence, on the page and at /auth/reset-password', async () => {
    await person('expired@example.com');
    expect((await post('/auth/request-password-reset', { email: 'expired@example.com' })).statusCode).toBe(
      200,
    );
    const link = linkIn((await lastMail('expired@example.com')).text);
    const token = link.searchParams.get('token')!;
    const db = h.store.identityDatabase.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db
      .updateTable('auth_verification')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('identifier', '=', `reset-password:${token}`)
      .execute();
    const page = await follow(h, link);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
    const sent = await form('/app/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(sent.statusCode).toBe(410);
    const api = await post('/auth/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(api.json().code).toBe('INVALID_TOKEN');
    expect((await signIn('expired@example.com')).statusCode).toBe(200);
  });

  it('asks for a reset link from a form, saying the same for any address', async () => {
    await person('forgot@example.com');
    const known = await form('/app/forgot-password', { email: 'forgot@example.com' });
    const unknown = await form('/app/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.body.replace('forgot@', 'ghost@')).toBe(unknown.body);
    expect((await lastMail('forgot@example.com')).kind).toBe('password-reset');
    const bad = await form('/app/forgot-password', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('That is not an e-mail address.');
  });

  it('mails an invitation whose page lets the invited person join, once', async () => {
    const owner = await person('olga@example.com');
    const session = await h.request({ method: 'GET', url: '/auth/get-session', headers: { cookie: owner } });
    const accountId = session.json().session.activeOrganizationId as string;
    const invite = await post(
      '/auth/organization/invite-member',
      { email: 'mia@example.com', role: 'member', organizationId: accountId },
      { cookie: owner },
    );
    expect(invite.statusCode, invite.body).toBe(200);
    const mail = await lastMail('mia@example.com');
    expect(mail).toMatchObject({
      kind: 'invitation',
      subject: 'You are invited to an account on Answerwatch',
    });
    expect(mail.text).toContain(
      'olga@example.com invited you to the account "olga" on Answerwatch, as member.',
    );
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/app/accept-invitation');
    expect(link.searchParams.get('id')).toBe(invite.json().id);

    expect((await follow(h, link)).body).toContain('Sign in first');
    const mia = await person('mia@example.com');
    const page = await follow(h, link, { cookie: mia });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('olga@example.com invited you to the account “olga” as member.');

    const id = invite.json().id as string;
    const crossSite = await form(
      '/app/accept-invitation',
      { id },
      { cookie: mia, origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    const joined = await form('/app/accept-invitation', { id }, { cookie: mia, ...SAME_ORIGIN });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.body).toContain('You joined the account.');
    const me = await h.get('/v1/me', undefined, { cookie: mia, 'x-answerwatch-account': accountId });
    expect(me.statusCode, me.body).toBe(200);
    const twice = await form('/app/accept-invitation', { id }, { cookie: mia, ...SAME_ORIGIN });
    expect(twice.statusCode).toBe(410);
    expect(twice.body).toContain('This invitation was accepted or withdrawn already');
  });
});

describe('people: sign-up by invitation only, with the mails', () => {
  let h: Harness;
  const secrets = testSecrets();
  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'invite', plan: 'free' } });
  });
  afterAll(() => h.close());

  it('refuses an uninvited address alike whether it has an account or not', async () => {
    const db = h.store.identityDatabase.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    await db
      .insertInto('auth_user')
      .values({
        id: 'u1',
        name: 'Here',
        email: 'here@example.com',
        emailVerified: TEST_ENGINE === 'postgres' ? false : 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const signUp = (email: string) =>
      h.request({
        method: 'POST',
        url: '/auth/sign-up/email',
        headers: SAME_ORIGIN,
        payload: { name: 'Someone', email, password: PASSWORD },
      });
    const existing = await signUp('here@example.com');
    const unknown = await signUp('new@example.com');
    expect(existing.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(existing.json()).toEqual(unknown.json());
    expect(await mailsTo(h, secrets, 'new@example.com')).toEqual([]);
  });
});
