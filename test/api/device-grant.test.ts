import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AGENT_CLIENT_ID } from '../../server/contract/host-sync.ts';
import { unpairHost } from '../../server/domain/host-pairing.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { follow, linkIn, mailsTo } from '../support/people-mail.ts';
import { cookiesOf, ORIGIN, SAME_ORIGIN } from '../support/people.ts';
import { createProject } from '../support/fixtures.ts';

const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const INTERVAL_MS = 5_000;

/**
 * RFC 8628 for host computers: the agent asks for a code, a signed-in person approves it for one of their accounts,
 * the agent's poll answers a one-time pair code of that account, which pairs the computer through /host/v1/pair.
 * Time moves with the system clock the identity library reads (faked here: Date only).
 */
describe('computers pair themselves: the device authorization grant', () => {
  let h: Harness;
  let seq = 0;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    h.request({ method: 'POST', url, headers: { ...SAME_ORIGIN, ...headers }, payload: body as object });
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  /** A new person (owner of a new account) and the cookie of their session. */
  async function person() {
    seq += 1;
    const email = `person${seq}@example.com`;
    const r = await post('/auth/sign-up/email', {
      name: `p${seq}`,
      email,
      password: 'correct horse battery',
    });
    expect(r.statusCode, r.body).toBe(200);
    // The session begins at the link of the verification mail, as a person's does.
    const mail = (await mailsTo(h, h.services.secrets, email)).at(-1)!;
    const verified = await follow(h, linkIn(mail.text));
    expect(verified.statusCode, verified.body).toBe(200);
    const cookie = cookiesOf(verified);
    const session = await h.request({ method: 'GET', url: '/auth/get-session', headers: { cookie } });
    return { cookie, accountId: session.json().session.activeOrganizationId as string };
  }
  async function deviceCode() {
    const r = await post('/auth/device/code', { client_id: AGENT_CLIENT_ID });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as {
      device_code: string;
      user_code: string;
      verification_uri: string;
      verification_uri_complete: string;
      expires_in: number;
      interval: number;
    };
  }
  /** What the approval page does: open the code while signed in (the library ties it to the person), then approve. */
  async function approve(userCode: string, cookie: string, accountId: string) {
    const opened = await h.request({
      method: 'GET',
      url: `/auth/device?user_code=${encodeURIComponent(userCode)}`,
      headers: { cookie },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    return post('/auth/device/approve', { userCode, accountId }, { cookie });
  }
  const poll = (code: string) =>
    post('/auth/device/token', { grant_type: GRANT, device_code: code, client_id: AGENT_CLIENT_ID });
  const pair = (code: string) =>
    post('/host/v1/pair', { code, deviceLabel: 'laptop', agentVersion: '1.0.0', engineIds: [] });
  const checkIn = (token: string) =>
    h.request({
      method: 'POST',
      url: '/host/v1/check-in',
      headers: { authorization: `Bearer ${token}` },
      payload: { agentVersion: '1.0.0', engineIds: [] },
    });

  beforeAll(async () => {
    h = await createHarness({ signUp: { mode: 'open', plan: 'free' } });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => h.close());

  it('code, approval for an account, a pair code, a paired host that checks in; unpaired, refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { cookie, accountId } = await person();
    const project = await createProject(h.store, accountId);
    const grant = await deviceCode();
    expect(grant).toMatchObject({ expires_in: 900, interval: 5 });
    expect(grant.user_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(grant.verification_uri).toBe(`${ORIGIN}/app/device`);
    expect(grant.verification_uri_complete).toBe(`${ORIGIN}/app/device?user_code=${grant.user_code}`);

    const pending = await poll(grant.device_code);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({ error: 'authorization_pending' });

    const approved = await approve(grant.user_code, cookie, accountId);
    expect(approved.statusCode, approved.body).toBe(200);
    later(INTERVAL_MS + 1);
    const token = await poll(grant.device_code);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.headers['set-cookie']).toBeUndefined();
    const issued = token.json();
    expect(issued).toMatchObject({ token_type: 'pair_code', account_id: accountId, expires_in: 900 });
    // No session of the person was handed out: the library's one is ended before the answer leaves.
    const sessions = await h.store.identityDatabase.db
      .selectFrom('auth_session' as never)
      .select('token' as never)
      .execute();
    expect(sessions.map((s) => (s as { token: string }).token)).not.toContain(issued.access_token);

    const paired = await pair(issued.access_token);
    expect(paired.statusCode, paired.body).toBe(201);
    const host = paired.json() as { hostId: string; accountId: string; token: string };
    expect(host.accountId).toBe(accountId);
    expect((await checkIn(host.token)).statusCode).toBe(200);
    expect((await h.store.hosts.list(accountId)).map((x) => x.id)).toEqual([host.hostId]);
    expect((await h.store.projects.get(project.id))?.hostId).toBe(host.hostId);

    // The pair code, like any, works once.
    expect((await pair(issued.access_token)).json()).toMatchObject({ code: 'invalid_key' });

    await unpairHost(h.store, h.clock, accountId, host.hostId);
    const refused = await checkIn(host.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_key' });
    expect(await h.store.hosts.list(accountId)).toEqual([]);
    expect((await h.store.projects.get(project.id))?.hostId ?? null).toBeNull();
  });

  it('a code is used once: a second poll after the pair code was issued is an invalid grant', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { cookie, accountId } = await person();
    const grant = await deviceCode();
    expect((await approve(grant.user_code, cookie, accountId)).statusCode).toBe(200);
    expect((await poll(grant.device_code)).statusCode).toBe(200);
    later(INTERVAL_MS + 1);
    const again = await poll(grant.device_code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    // Nor can it be approved again.
    const reapproved = await post(
      '/auth/device/approve',
      { userCode: grant.user_code, accountId },
      { cookie },
    );
    expect(reapproved.statusCode).toBe(400);
  });

  it('polling faster than the interval answers slow_down', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const grant = await deviceCode();
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'authorization_pending' });
    later(INTERVAL_MS - 1_000);
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'slow_down' });
    later(INTERVAL_MS + 1);
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'authorization_pending' });
  });

  it('a code expires after 15 minutes: it can no longer be approved or redeemed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { cookie, accountId } = await person();
    const grant = await deviceCode();
    later(15 * 60_000 + 1_000);
    const opened = await h.request({
      method: 'GET',
      url: `/auth/device?user_code=${grant.user_code}`,
      headers: { cookie },
    });
    expect(opened.json()).toMatchObject({ error: 'expired_token' });
    expect(
      (await post('/auth/device/approve', { userCode: grant.user_code, accountId }, { cookie })).json(),
    ).toMatchObject({ error: 'expired_token' });
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'expired_token' });
  });

  it('a denied code answers access_denied to the agent, and nothing is paired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { cookie, accountId } = await person();
    const grant = await deviceCode();
    await h.request({ method: 'GET', url: `/auth/device?user_code=${grant.user_code}`, headers: { cookie } });
    const denied = await post('/auth/device/deny', { userCode: grant.user_code }, { cookie });
    expect(denied.statusCode, denied.body).toBe(200);
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'access_denied' });
    expect(await h.store.hosts.list(accountId)).toEqual([]);
  });

  it('approving needs a session and an account the person owns or administers', async () => {
    const { cookie, accountId } = await person();
    const other = await person();
    const grant = await deviceCode();
    const anonymous = await post('/auth/device/approve', { userCode: grant.user_code, accountId });
    expect(anonymous.statusCode).toBe(401);
    await h.request({ method: 'GET', url: `/auth/device?user_code=${grant.user_code}`, headers: { cookie } });
    const noAccount = await post('/auth/device/approve', { userCode: grant.user_code }, { cookie });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().error_description).toMatch(/Pick the account/);
    const foreign = await post(
      '/auth/device/approve',
      { userCode: grant.user_code, accountId: other.accountId },
      { cookie },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'access_denied' });
    // Someone else cannot approve the code this person opened, even for their own account.
    const stolen = await post(
      '/auth/device/approve',
      { userCode: grant.user_code, accountId: other.accountId },
      { cookie: other.cookie },
    );
    expect(stolen.statusCode).toBe(403);
    expect((await poll(grant.device_code)).json()).toMatchObject({ error: 'authorization_pending' });
  });

  it('refuses another client and a scope the agent asks for itself', async () => {
    const client = await post('/auth/device/code', { client_id: 'someone-else' });
    expect(client.statusCode).toBe(400);
    expect(client.json()).toMatchObject({ error: 'invalid_client' });
    const scoped = await post('/auth/device/code', { client_id: AGENT_CLIENT_ID, scope: 'host:accXYZ' });
    expect(scoped.statusCode).toBe(400);
    expect(scoped.json()).toMatchObject({ error: 'invalid_scope' });
  });
});
