import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../server/domain/api-keys.ts';
import { createPairCode, pairHost } from '../../server/domain/host-pairing.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { testSecrets } from '../support/mail.ts';
import { peopleOf, SAME_ORIGIN } from '../support/people.ts';

interface Listed {
  keyId: string;
  label: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The account's settings on /v1/account with a session: who may read and change keys and computers. */
describe('account settings: keys, computers, the plan', () => {
  let h: Harness;
  let p: ReturnType<typeof peopleOf>;
  const secrets = testSecrets();
  let owner: string;
  let accountId: string;
  const people: Record<'admin' | 'member' | 'viewer', string> = { admin: '', member: '', viewer: '' };
  let other: { accountId: string; key: string };

  const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    h.request({
      method,
      url: `/v1${url}`,
      headers: {
        cookie,
        ...SAME_ORIGIN,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
  const audit = async () =>
    (await as(owner, 'GET', '/account/audit-log?limit=200')).json().data as {
      kind: string;
      actor: { type: string; label: string };
      target: string | null;
      address: string | null;
    }[];
  const checkIn = (token: string) =>
    h.request({
      method: 'POST',
      url: '/host/v1/check-in',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ agentVersion: '1.0.0', engineIds: [] }),
    });
  async function pairComputer(account: string, label: string) {
    const { code } = await createPairCode(h.store, h.clock, account);
    return pairHost(h.store, h.clock, { code, deviceLabel: label, agentVersion: '1.0.0', engineIds: [] });
  }

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'premium' } });
    p = peopleOf(h, secrets);
    owner = await p.signUp('owner@example.com');
    accountId = await p.accountOf(owner);
    for (const role of ['admin', 'member', 'viewer'] as const)
      people[role] = (await p.join(owner, accountId, `${role}@example.com`, role)).cookie;
    other = await h.account('premium');
  });
  afterAll(() => h.close());

  it('shows every person their role, the plan and the allowance, and no API key', async () => {
    const mine = await as(owner, 'GET', '/account');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      id: accountId,
      role: 'owner',
      plan: { code: 'premium', accessMode: 'managed', apiAccess: true, limits: { maxProjects: 25 } },
      allowance: { unitsPerPeriod: 20_000, remainingUnits: 20_000, prepaidCreditsRemaining: 0 },
    });
    for (const role of ['admin', 'member', 'viewer'] as const)
      expect((await as(people[role], 'GET', '/account')).json().role).toBe(role);
    const byKey = await h.get('/v1/account', other.key);
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().code).toBe('insufficient_scope');
  });

  it('lets the owner alone create and revoke keys; everyone reads them, never the secret', async () => {
    const project = await createProject(h.store, accountId, { name: 'Keyed' });
    const made = await as(owner, 'POST', '/account/keys', {
      label: 'BI server',
      scopes: ['tracking:write'],
      projectIds: [project.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json();
    expect(created).toMatchObject({
      label: 'BI server',
      scopes: ['visibility:read', 'tracking:write'],
      projects: [project.id],
      expiresAt: null,
    });
    expect(created.key).toMatch(/^aw_live_[A-Za-z0-9]{40}$/);

    for (const cookie of [owner, people.admin, people.member, people.viewer]) {
      const r = await as(cookie, 'GET', '/account/keys');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).not.toContain(created.key);
      expect(r.body).not.toContain(hashKey(created.key));
      const listed = (r.json().data as Listed[]).find((k) => k.keyId === created.keyId)!;
      expect(listed).toMatchObject({ label: 'BI server', lastUsedAt: null, revokedAt: null });
      expect(Object.keys(listed).sort()).toEqual(
        ['createdAt', 'expiresAt', 'keyId', 'label', 'lastUsedAt', 'projects', 'revokedAt', 'scopes'].sort(),
      );
    }

    // Its use shows, to the minute: a busy key writes once a minute, not once a request.
    expect((await h.get('/v1/me', created.key)).statusCode).toBe(200);
    const usedAt = h.clock.now().toISOString();
    const lastUsed = async () =>
      ((await as(owner, 'GET', '/account/keys')).json().data as Listed[]).find(
        (k) => k.keyId === created.keyId,
      )!.lastUsedAt;
    expect(await lastUsed()).toBe(usedAt);
    h.clock.advance(30_000);
    await h.get('/v1/me', created.key);
    expect(await lastUsed()).toBe(usedAt);
    h.clock.advance(31_000);
    await h.get('/v1/me', created.key);
    expect(await lastUsed()).toBe(h.clock.now().toISOString());

    for (const role of ['admin', 'member', 'viewer'] as const) {
      for (const r of [
        await as(people[role], 'POST', '/account/keys', { label: `${role}'s key` }),
        await as(people[role], 'DELETE', `/account/keys/${created.keyId}`),
      ]) {
        expect(r.statusCode, `${role}: ${r.body}`).toBe(403);
        expect(r.json().code).toBe('insufficient_scope');
      }
    }
    expect((await h.store.apiKeys.listByAccount(accountId)).map((k) => k.label)).toEqual(['BI server']);

    const revoked = await as(owner, 'DELETE', `/account/keys/${created.keyId}`);
    expect(revoked.json()).toEqual({ revoked: true });
    expect((await as(owner, 'DELETE', `/account/keys/${created.keyId}`)).json()).toEqual({ revoked: false });
    expect((await h.get('/v1/me', created.key)).json().code).toBe('key_revoked');
    expect(((await as(owner, 'GET', '/account/keys')).json().data as Listed[])[0]!.revokedAt).not.toBeNull();

    const entries = await audit();
    const byOwner = { actor: { type: 'person', label: 'owner@example.com' }, address: '127.0.0.1' };
    expect(entries.find((e) => e.kind === 'key_created')).toMatchObject({
      ...byOwner,
      target: created.keyId,
    });
    const revokes = entries.filter((e) => e.kind === 'key_revoked');
    expect(revokes).toHaveLength(1);
    expect(revokes[0]).toMatchObject({ ...byOwner, target: created.keyId });
  });

  it('refuses bad key input with a clear problem and writes nothing', async () => {
    const before = (await h.store.apiKeys.listByAccount(accountId)).length;
    const foreignProject = await createProject(h.store, other.accountId);
    for (const [body, field] of [
      [{ label: '   ' }, 'label'],
      [{ label: 'x', scopes: ['admin:everything'] }, 'scopes'],
      [{ label: 'x', expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ label: 'x', projectIds: [foreignProject.id] }, foreignProject.id],
    ] as const) {
      const r = await as(owner, 'POST', '/account/keys', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
      expect(r.json().detail).toContain(field);
    }
    expect(await h.store.apiKeys.listByAccount(accountId)).toHaveLength(before);
  });

  it('never lets an API key manage or read keys and computers, whatever its scopes', async () => {
    const ownKey = await h.key(accountId);
    const victim = (await h.store.apiKeys.listByAccount(accountId)).find((k) => !k.revokedAt)!;
    for (const [method, url] of [
      ['GET', '/account/keys'],
      ['POST', '/account/keys'],
      ['DELETE', `/account/keys/${victim.id}`],
      ['GET', '/account/computers'],
      ['DELETE', '/account/computers/hstNope'],
    ] as const) {
      const r =
        method === 'GET'
          ? await h.get(`/v1${url}`, ownKey)
          : await h.write(method, `/v1${url}`, ownKey, method === 'POST' ? { label: 'k' } : undefined);
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(r.json().code).toBe('insufficient_scope');
    }
    expect((await h.store.apiKeys.get(victim.id))!.revokedAt).toBeNull();
  });

  it('answers 404 for another account’s key and computer, and leaves them alone', async () => {
    const theirs = await h.store.apiKeys.listByAccount(other.accountId);
    const r = await as(owner, 'DELETE', `/account/keys/${theirs[0]!.id}`);
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('not_found');
    expect((await h.get('/v1/me', other.key)).statusCode).toBe(200);

    const foreign = await pairComputer(other.accountId, 'Their Mac');
    for (const cookie of [owner, people.admin]) {
      const gone = await as(cookie, 'DELETE', `/account/computers/${foreign.hostId}`);
      expect(gone.statusCode).toBe(404);
    }
    expect((await checkIn(foreign.token)).statusCode).toBe(200);
    expect(JSON.stringify((await as(owner, 'GET', '/account/computers')).json())).not.toContain(
      foreign.hostId,
    );
  });

  it('lists computers for the owner and admins, and unpairs one at once', async () => {
    const project = await createProject(h.store, accountId, { name: 'Served' });
    const mac = await pairComputer(accountId, 'Studio Mac');
    await h.store.hosts.adoptProjects(mac.hostId, accountId);
    for (const cookie of [owner, people.admin]) {
      const r = await as(cookie, 'GET', '/account/computers');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toEqual([
        {
          id: mac.hostId,
          label: 'Studio Mac',
          lastSeenAt: h.clock.now().toISOString(),
          online: true,
          projects: expect.arrayContaining([project.id]),
        },
      ]);
      expect(r.body).not.toContain(mac.token);
    }
    h.clock.advance(4 * 60_000);
    expect((await as(owner, 'GET', '/account/computers')).json().data[0].online).toBe(false);

    for (const role of ['member', 'viewer'] as const) {
      for (const r of [
        await as(people[role], 'GET', '/account/computers'),
        await as(people[role], 'DELETE', `/account/computers/${mac.hostId}`),
      ]) {
        expect(r.statusCode, role).toBe(403);
        expect(r.json().code).toBe('insufficient_scope');
      }
    }
    expect((await checkIn(mac.token)).statusCode).toBe(200);

    const unpaired = await as(people.admin, 'DELETE', `/account/computers/${mac.hostId}`);
    expect(unpaired.statusCode, unpaired.body).toBe(200);
    expect(unpaired.json()).toEqual({ unpaired: true });
    expect((await checkIn(mac.token)).statusCode).toBe(401);
    expect((await as(owner, 'GET', '/account/computers')).json().data).toEqual([]);
    expect((await as(owner, 'DELETE', `/account/computers/${mac.hostId}`)).statusCode).toBe(404);
    expect((await audit()).find((e) => e.kind === 'host_unpaired')).toMatchObject({
      actor: { type: 'person', label: 'admin@example.com' },
      target: mac.hostId,
      address: '127.0.0.1',
    });
  });

  it('refuses a cross-site write with the session cookie', async () => {
    const r = await h.request({
      method: 'POST',
      url: '/v1/account/keys',
      headers: {
        cookie: owner,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ label: 'stolen' }),
    });
    expect(r.statusCode).toBe(403);
    expect((await h.store.apiKeys.listByAccount(accountId)).map((k) => k.label)).not.toContain('stolen');
  });
});
