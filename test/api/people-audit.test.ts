import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKey } from '../../server/domain/api-keys.ts';
import { createPairCode, pairHost, unpairHost } from '../../server/domain/host-pairing.ts';
import { testSecrets } from '../support/mail.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { peopleOf, SAME_ORIGIN } from '../support/people.ts';

interface Entry {
  id: string;
  kind: string;
  actor: { type: string; id: string | null; label: string };
  address: string | null;
  target: string | null;
  detail: Record<string, unknown> | null;
  count: number;
}

describe('people: the audit log', () => {
  let h: Harness;
  let p: ReturnType<typeof peopleOf>;
  const secrets = testSecrets();
  let owner: string;
  let accountId: string;
  const log = async (cookie: string, query = '') => {
    const r = await h.get(`/v1/account/audit-log${query}`, undefined, { cookie });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { data: Entry[]; nextCursor: string | null };
  };
  const all = async () => (await log(owner, '?limit=200')).data;

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'premium' } });
    p = peopleOf(h, secrets);
    owner = await p.signUp('owner@example.com');
    accountId = await p.accountOf(owner);
  });
  afterAll(() => h.close());

  it('records sign-ins with the address, and a burst of failed sign-ins once, counting the attempts', async () => {
    expect((await p.signIn('owner@example.com')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await p.signIn('owner@example.com', 'wrong password here')).statusCode).toBe(401);
    expect((await p.signIn('nobody@example.com', 'wrong password here')).statusCode).toBe(401);
    const entries = await all();
    const signIns = entries.filter((e) => e.kind === 'sign_in');
    expect(signIns.length).toBeGreaterThanOrEqual(2);
    expect(signIns[0]).toMatchObject({
      actor: { type: 'person', label: 'owner@example.com' },
      address: '127.0.0.1',
      target: 'owner@example.com',
    });
    const failed = entries.filter((e) => e.kind === 'sign_in_failed');
    expect(failed).toEqual([
      expect.objectContaining({ target: 'owner@example.com', address: '127.0.0.1', count: 3 }),
    ]);
    expect(JSON.stringify(entries)).not.toContain('nobody@example.com');
    // A new window is a new entry.
    h.clock.advance(16 * 60_000);
    await p.signIn('owner@example.com', 'wrong password here');
    expect((await all()).filter((e) => e.kind === 'sign_in_failed').map((e) => e.count)).toEqual([1, 3]);
  });

  it('records keys, people, webhooks and hosts with who did it', async () => {
    const before = (await h.store.apiKeys.listByAccount(accountId)).map((k) => k.id);
    await h.key(accountId);
    const created = (await h.store.apiKeys.listByAccount(accountId)).find((k) => !before.includes(k.id))!;
    await revokeKey(h.store, h.clock, created.id);

    const leaver = await p.join(owner, accountId, 'leaver@example.com', 'viewer');
    expect(
      (await p.post('/auth/organization/leave', { organizationId: accountId }, leaver.cookie)).statusCode,
    ).toBe(200);
    const left = (await all()).find((e) => e.kind === 'person_removed')!;
    expect(left).toMatchObject({ actor: { label: 'leaver@example.com' }, target: 'leaver@example.com' });
    const member = await p.join(owner, accountId, 'member@example.com', 'member');
    expect((await p.setRole(owner, accountId, member.memberId, 'viewer')).statusCode).toBe(200);
    expect((await p.remove(owner, accountId, member.memberId)).statusCode).toBe(200);
    const invite = await p.invite(owner, accountId, 'later@example.com', 'viewer');
    const cancel = await p.post(
      '/auth/organization/cancel-invitation',
      { invitationId: invite.json().id },
      owner,
    );
    expect(cancel.statusCode).toBe(200);

    const project = await createProject(h.store, accountId);
    const made = await h.request({
      method: 'POST',
      url: `/v1/projects/${project.id}/webhooks`,
      headers: { cookie: owner, 'content-type': 'application/json', ...SAME_ORIGIN },
      payload: JSON.stringify({ url: 'https://hooks.acme.com/aw' }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const gone = await h.request({
      method: 'DELETE',
      url: `/v1/projects/${project.id}/webhooks/${made.json().id}`,
      headers: { cookie: owner, ...SAME_ORIGIN },
    });
    expect(gone.statusCode, gone.body).toBe(200);

    const { code } = await createPairCode(h.store, h.clock, accountId);
    const paired = await pairHost(
      h.store,
      h.clock,
      { code, deviceLabel: 'Studio Mac', agentVersion: '1.0.0', engineIds: [] },
      '198.51.100.4',
    );

    await unpairHost(h.store, h.clock, accountId, paired.hostId);

    // The newest entry of each kind (the list is newest first).
    const byKind = new Map((await all()).reverse().map((e) => [e.kind, e]));
    expect(byKind.get('key_created')).toMatchObject({
      actor: { type: 'operator' },
      target: created.id,
      address: null,
    });
    expect(byKind.get('key_revoked')).toMatchObject({ actor: { type: 'operator' }, target: created.id });
    const byOwner = { actor: { type: 'person', label: 'owner@example.com' }, address: '127.0.0.1' };
    expect(byKind.get('person_invited')).toMatchObject({
      ...byOwner,
      target: 'later@example.com',
      detail: { role: 'viewer' },
    });
    expect(byKind.get('invitation_revoked')).toMatchObject({ ...byOwner, target: 'later@example.com' });
    expect(byKind.get('person_role_changed')).toMatchObject({
      ...byOwner,
      target: 'member@example.com',
      detail: { role: 'viewer' },
    });
    expect(byKind.get('person_removed')).toMatchObject({ ...byOwner, target: 'member@example.com' });
    expect(byKind.get('webhook_created')).toMatchObject({
      ...byOwner,
      target: made.json().id,
      detail: { projectId: project.id, url: 'https://hooks.acme.com/aw' },
    });
    expect(byKind.get('webhook_deleted')).toMatchObject({ ...byOwner, target: made.json().id });
    expect(byKind.get('host_paired')).toMatchObject({
      actor: { type: 'host', id: paired.hostId, label: 'Studio Mac' },
      address: '198.51.100.4',
    });
    expect(byKind.get('host_unpaired')).toMatchObject({ actor: { type: 'operator' }, target: paired.hostId });
  });

  it('records an accepted invitation, through /auth and on the mail’s page, as the person who joined', async () => {
    await p.join(owner, accountId, 'joiner@example.com', 'member');
    const invite = await p.invite(owner, accountId, 'mailed@example.com', 'viewer');
    const mailed = await p.signUp('mailed@example.com');
    const onPage = (cookie: string) =>
      h.request({
        method: 'POST',
        url: '/app/accept-invitation',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...SAME_ORIGIN },
        payload: new URLSearchParams({ id: invite.json().id }).toString(),
      });
    const joined = await onPage(mailed);
    expect(joined.statusCode, joined.body).toBe(200);
    // Accepting again is refused, and records nothing more.
    expect((await onPage(mailed)).statusCode).toBe(410);
    expect((await p.accept(mailed, invite.json().id)).statusCode).toBe(400);

    const accepted = (await all()).filter((e) => e.kind === 'invitation_accepted');
    const by = (email: string) => accepted.filter((e) => e.target === email);
    expect(by('mailed@example.com')).toEqual([
      expect.objectContaining({
        actor: { type: 'person', id: expect.any(String), label: 'mailed@example.com' },
        address: '127.0.0.1',
        detail: { role: 'viewer' },
      }),
    ]);
    expect(by('joiner@example.com')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ type: 'person', label: 'joiner@example.com' }),
        address: '127.0.0.1',
        detail: { role: 'member' },
      }),
    ]);
  });

  it('pages newest first with opaque cursors, and refuses an edited cursor', async () => {
    const every = (await all()).map((e) => e.id);
    expect(every.length).toBeGreaterThan(4);
    const first = await log(owner, '?limit=2');
    expect(first.data.map((e) => e.id)).toEqual(every.slice(0, 2));
    const second = await log(owner, `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.data.map((e) => e.id)).toEqual(every.slice(2, 4));
    const last = await log(owner, `?limit=200&cursor=${encodeURIComponent(second.nextCursor!)}`);
    expect(last.nextCursor).toBeNull();
    expect(last.data.map((e) => e.id)).toEqual(every.slice(4));
    const edited = await h.get(
      `/v1/account/audit-log?cursor=${first.nextCursor!.slice(0, -2)}xx`,
      undefined,
      {
        cookie: owner,
      },
    );
    expect(edited.statusCode).toBe(400);
  });

  it('is for the owner and admins only: a member, a viewer and every API key get 403 insufficient_scope', async () => {
    const admin = await p.join(owner, accountId, 'admin@example.com', 'admin');
    const member = await p.join(owner, accountId, 'm2@example.com', 'member');
    const viewer = await p.join(owner, accountId, 'v2@example.com', 'viewer');
    expect((await h.get('/v1/account/audit-log', undefined, { cookie: admin.cookie })).statusCode).toBe(200);
    const key = await h.key(accountId);
    for (const refused of [
      await h.get('/v1/account/audit-log', undefined, { cookie: member.cookie }),
      await h.get('/v1/account/audit-log', undefined, { cookie: viewer.cookie }),
      await h.get('/v1/account/audit-log', key),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('insufficient_scope');
    }
    // Another account's owner reads only their own account's log.
    const stranger = await p.signUp('stranger@example.com');
    const theirs = (await log(stranger)).data;
    expect(theirs.every((e) => e.target !== 'owner@example.com')).toBe(true);
  });
});
