import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { SIGN_IN_LIMITS } from '../../server/auth/sign-in-limits.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createSecretBox } from '../../server/domain/secret-box.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { BASE, createHarness, type Harness } from '../support/api-harness.ts';
import { follow, linkIn, mailsTo } from '../support/people-mail.ts';
import { cookiesOf, PASSWORD, SAME_ORIGIN } from '../support/people.ts';
import { TEST_ENGINE } from '../support/test-db.ts';

/** One instance of the service: a Fastify app to inject into. */
type Instance = Pick<FastifyInstance, 'inject'>;

describe('sign-in: limits, sessions on every instance, fixation, methods', () => {
  const secrets = createSecretBox(randomBytes(32));
  let h: Harness;
  /**
   * A second instance on the same database: on PostgreSQL a store of its own (its own pool, as another process
   * has); on SQLite the same store, as the one process that serves a SQLite database shares it.
   */
  let other: FastifyInstance;
  let otherStore: Store | undefined;
  let address = 0;
  /** Each test its own client address, so that the per-address limit is the one test's alone. */
  const newAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

  const call = (app: Instance, o: InjectOptions) =>
    app.inject(o) as unknown as Promise<LightMyRequestResponse>;
  const post = (
    app: Instance,
    url: string,
    body: object,
    from: string,
    headers: Record<string, string> = {},
  ) =>
    call(app, {
      method: 'POST',
      url,
      remoteAddress: from,
      headers: { ...SAME_ORIGIN, ...headers },
      payload: body,
    });
  const signIn = (app: Instance, email: string, password: string, from: string, headers = {}) =>
    post(app, '/auth/sign-in/email', { email, password }, from, headers);
  async function person(email: string): Promise<string> {
    const r = await post(
      h.app,
      '/auth/sign-up/email',
      { name: 'P', email, password: PASSWORD },
      newAddress(),
    );
    expect(r.statusCode, r.body).toBe(200);
    // The session begins at the link of the verification mail, as a person's does.
    const mail = (await mailsTo(h, secrets, email)).at(-1)!;
    const v = await follow(h, linkIn(mail.text));
    expect(v.statusCode, v.body).toBe(200);
    return cookiesOf(v);
  }
  const me = (app: Instance, cookie: string) =>
    call(app, { method: 'GET', url: '/v1/me', headers: { cookie } });

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'free' } });
    otherStore =
      TEST_ENGINE === 'postgres' ? createStore(await openDatabase(h.dbPath, { poolSize: 2 })) : undefined;
    other = await buildApp({
      store: otherStore ?? h.store,
      config: { baseUrl: BASE },
      clock: h.clock,
      secrets,
      webhooks: h.services.webhooks,
      signUp: { mode: 'open', plan: 'free' },
    });
  });
  afterAll(async () => {
    await other.close();
    await otherStore?.close();
    await h.close();
  });

  it('refuses the 11th attempt on one e-mail in 15 minutes with 429 and Retry-After, a right password too', async () => {
    await person('ivy@example.com');
    const from = newAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail.perMinute; i += 1) {
      const r = await signIn(h.app, 'Ivy@example.com', 'not the password at all', from);
      expect(r.statusCode, r.body).toBe(401);
    }
    const refused = await signIn(h.app, 'ivy@example.com', PASSWORD, newAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(cookiesOf(refused)).not.toMatch(/session_token/);

    h.clock.advance(retryAfter * 1000);
    const later = await signIn(h.app, 'ivy@example.com', PASSWORD, newAddress());
    expect(later.statusCode, later.body).toBe(200);
  });

  it('limits the calls that mail an address as it limits sign-ins: the 11th reset for one e-mail is 429', async () => {
    await person('una@example.com');
    const before = (await mailsTo(h, secrets, 'una@example.com')).length;
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail.perMinute; i += 1) {
      const r = await post(h.app, '/auth/request-password-reset', { email: 'una@example.com' }, newAddress());
      expect(r.statusCode, r.body).toBe(200);
    }
    const refused = await post(
      h.app,
      '/auth/request-password-reset',
      { email: 'una@example.com' },
      newAddress(),
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mailsTo(h, secrets, 'una@example.com')).length).toBe(
      before + SIGN_IN_LIMITS.perEmail.perMinute,
    );
  });

  it('answers an unknown e-mail and a wrong password alike, under the limit and past it', async () => {
    await person('jay@example.com');
    const from = newAddress();
    const limit = SIGN_IN_LIMITS.perEmail.perMinute;
    for (let i = 0; i <= limit; i += 1) {
      const wrong = await signIn(h.app, 'jay@example.com', 'not the password at all', from);
      const unknown = await signIn(h.app, 'nobody-jay@example.com', 'not the password at all', from);
      expect(wrong.statusCode).toBe(i < limit ? 401 : 429);
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
      // Every problem names its own request; the rest is the same.
      const { instance: _a, requestId: _c, ...unknownBody } = unknown.json();
      const { instance: _b, requestId: _d, ...wrongBody } = wrong.json();
      expect(unknownBody).toEqual(wrongBody);
    }
  });

  it('refuses the 31st attempt in a minute from one address, whatever the e-mail, on any instance', async () => {
    const from = newAddress();
    h.clock.advance(60_000 - (h.clock.now().getTime() % 60_000)); // a fresh minute: the window is the minute
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.perMinute; i += 1) {
      const r = await signIn(
        i % 2 ? h.app : other,
        `guess-${i}@example.com`,
        'not the password at all',
        from,
      );
      expect(r.statusCode, r.body).toBe(401);
    }
    for (const app of [h.app, other]) {
      const r = await signIn(app, 'someone-new@example.com', PASSWORD, from);
      expect(r.statusCode).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not held back.
    expect((await signIn(other, 'someone-new@example.com', PASSWORD, newAddress())).statusCode).toBe(401);
  });

  it('counts one e-mail’s attempts across instances', async () => {
    await person('kim@example.com');
    const limit = SIGN_IN_LIMITS.perEmail.perMinute;
    for (let i = 0; i < limit; i += 1) {
      const r = await signIn(i % 2 ? h.app : other, 'kim@example.com', 'wrong password here', newAddress());
      expect(r.statusCode).toBe(401);
    }
    expect((await signIn(h.app, 'kim@example.com', PASSWORD, newAddress())).statusCode).toBe(429);
    expect((await signIn(other, 'kim@example.com', PASSWORD, newAddress())).statusCode).toBe(429);
  });

  it('ends a session on every instance at sign-out, even one that has just read /v1 with it', async () => {
    const cookie = await person('lee@example.com');
    expect((await me(h.app, cookie)).statusCode).toBe(200);
    expect((await me(other, cookie)).statusCode).toBe(200);
    const out = await post(h.app, '/auth/sign-out', {}, newAddress(), { cookie });
    expect(out.statusCode, out.body).toBe(200);
    expect((await me(other, cookie)).statusCode).toBe(401);
    expect((await me(h.app, cookie)).statusCode).toBe(401);
  });

  it('signs out everywhere: every session of the person ends on every instance at once', async () => {
    const first = await person('max@example.com');
    const second = cookiesOf(await signIn(other, 'max@example.com', PASSWORD, newAddress()));
    const bystander = await person('ned@example.com');
    for (const [app, cookie] of [
      [h.app, first],
      [other, first],
      [h.app, second],
      [other, second],
      [other, bystander],
    ] as const) {
      expect((await me(app, cookie)).statusCode).toBe(200);
    }
    const revoke = await post(other, '/auth/revoke-sessions', {}, newAddress(), { cookie: first });
    expect(revoke.statusCode, revoke.body).toBe(200);
    for (const [app, cookie] of [
      [h.app, first],
      [other, first],
      [h.app, second],
      [other, second],
    ] as const) {
      expect((await me(app, cookie)).statusCode).toBe(401);
    }
    expect((await me(other, bystander)).statusCode).toBe(200);
  });

  it('takes an account switch at once, though what the session resolved to is remembered', async () => {
    const cookie = await person('ola@example.com');
    expect((await me(other, cookie)).statusCode).toBe(200);
    const session = await call(h.app, { method: 'GET', url: '/auth/get-session', headers: { cookie } });
    const token = session.json().session.token as string;
    // The session's row names another account now (written straight to it, as another instance's switch would).
    const elsewhere = (await h.account()).accountId;
    const db = h.store.identityDatabase.db;
    await db
      .updateTable('auth_session' as never)
      .set({ activeOrganizationId: elsewhere } as never)
      .where('token' as never, '=', token as never)
      .execute();
    const after = await me(other, cookie);
    // Not the remembered account: the one the row names, which is not this person's.
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe('not_found');
  });

  it('gives a new session id at sign-in: a cookie held before is never the one after', async () => {
    await person('pat@example.com');
    const planted = cookiesOf(await signIn(h.app, 'pat@example.com', PASSWORD, newAddress()));
    await person('quinn@example.com');
    // Whoever planted their session cookie in a browser does not get the next sign-in on it.
    const r = await signIn(h.app, 'quinn@example.com', PASSWORD, newAddress(), { cookie: planted });
    expect(r.statusCode, r.body).toBe(200);
    const issued = cookiesOf(r);
    expect(issued).toMatch(/answerwatch\.session_token=/);
    expect(issued).not.toBe(planted);
    expect((await me(h.app, planted)).json().label).toBe('pat@example.com (signed in)');
    expect((await me(h.app, issued)).json().label).toBe('quinn@example.com (signed in)');
    // A made-up cookie is not taken up either.
    const forged = 'answerwatch.session_token=made-up-session-id.signature';
    const fresh = cookiesOf(
      await signIn(h.app, 'quinn@example.com', PASSWORD, newAddress(), { cookie: forged }),
    );
    expect(fresh).toMatch(/answerwatch\.session_token=/);
    expect(fresh).not.toBe(forged);
    expect(fresh).not.toBe(issued);
  });

  it('answers PUT and DELETE on /auth/* with 405 and Allow', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const r = await call(h.app, { method, url: '/auth/sign-out', remoteAddress: newAddress() });
      expect(r.statusCode).toBe(405);
      expect(r.headers.allow).toMatch(/GET/);
      expect(r.headers.allow).toMatch(/POST/);
      expect(r.json().code).toBe('method_not_allowed');
    }
  });
});
