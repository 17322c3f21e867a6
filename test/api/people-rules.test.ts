import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operatorCancel,
  operatorInvite,
  listPeople,
  type OperatorRows,
} from '../../server/auth/operator-invite.ts';
import { createIdentity } from '../../server/auth/identity.ts';
import { authMail } from '../../server/auth/mail-flows.ts';
import { createAccount, newAccountRecord } from '../../server/domain/accounts.ts';
import { engineOf } from '../../server/store/engine.ts';
import { backfillOrganizations } from '../../server/store/migrations/0013-audit-log.ts';
import { systemClock } from '../../server/domain/clock.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { testSecrets } from '../support/mail.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { follow } from '../support/people-mail.ts';
import { peopleOf, SAME_ORIGIN } from '../support/people.ts';
import { TEST_ENGINE } from '../support/test-db.ts';

const DAY_MS = 86_400_000;

/** The identity library's rows over the harness's store, as `answerwatch people` reaches them. */
async function createIdentityFor(h: Harness) {
  const mail = authMail(h.services);
  const identity = createIdentity({
    store: h.store,
    clock: h.clock,
    plans: DEFAULT_PLANS,
    baseUrl: 'http://127.0.0.1:8787/v1',
    secret: 'x'.repeat(64),
    signUp: { mode: 'open', plan: 'premium' },
    mail,
    secrets: h.services.secrets,
    ssoNet: { allowPrivate: false },
  });
  return {
    mail,
    rows: (await identity.$context).adapter as unknown as OperatorRows,
    store: h.store,
    // The library dates invitations by the system's clock, so the operator's must too.
    clock: systemClock,
    origin: 'http://127.0.0.1:8787',
  };
}

describe('people: the rules of an account’s people', () => {
  let h: Harness;
  let p: ReturnType<typeof peopleOf>;
  const secrets = testSecrets();
  let owner: string;
  let accountId: string;

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'premium' } });
    p = peopleOf(h, secrets);
    owner = await p.signUp('owner@example.com');
    accountId = await p.accountOf(owner);
  });
  afterAll(() => h.close());

  it('keeps members and viewers from managing people, and lets an admin manage them but never the owner', async () => {
    const admin = await p.join(owner, accountId, 'admin@example.com', 'admin');
    const member = await p.join(owner, accountId, 'member@example.com', 'member');
    const viewer = await p.join(owner, accountId, 'viewer@example.com', 'viewer');
    const ownerMemberId = (
      await h.request({
        method: 'GET',
        url: `/auth/organization/get-active-member`,
        headers: { cookie: owner },
      })
    ).json().id as string;

    for (const c of [member.cookie, viewer.cookie]) {
      expect((await p.invite(c, accountId, 'someone@example.com', 'viewer')).statusCode).toBe(403);
      expect([401, 403]).toContain((await p.remove(c, accountId, 'viewer@example.com')).statusCode);
      expect([401, 403]).toContain((await p.setRole(c, accountId, viewer.memberId, 'admin')).statusCode);
    }
    // An admin changes a member's role and invites, but cannot remove, demote or replace the owner.
    expect((await p.setRole(admin.cookie, accountId, member.memberId, 'viewer')).statusCode).toBe(200);
    expect((await p.invite(admin.cookie, accountId, 'new@example.com', 'member')).statusCode).toBe(200);
    expect((await p.remove(admin.cookie, accountId, 'owner@example.com')).statusCode).toBe(400);
    expect((await p.setRole(admin.cookie, accountId, ownerMemberId, 'admin')).statusCode).toBe(403);
    expect((await p.setRole(admin.cookie, accountId, member.memberId, 'owner')).statusCode).toBe(403);
    expect((await p.invite(admin.cookie, accountId, 'boss@example.com', 'owner')).statusCode).toBe(403);
    expect(await p.roles(accountId)).toMatchObject({
      'owner@example.com': 'owner',
      'admin@example.com': 'admin',
      'member@example.com': 'viewer',
    });
  });

  it('has exactly one owner: no second one by invitation, and ownership handed over only by the owner', async () => {
    const second = await p.invite(owner, accountId, 'second@example.com', 'owner');
    expect(second.statusCode).toBe(403);
    expect(second.json().code).toBe('ACCOUNT_HAS_AN_OWNER');

    const heir = await p.join(owner, accountId, 'heir@example.com', 'member');
    const handed = await p.setRole(owner, accountId, heir.memberId, 'owner');
    expect(handed.statusCode, handed.body).toBe(200);
    const roles = await p.roles(accountId);
    expect(roles['heir@example.com']).toBe('owner');
    expect(roles['owner@example.com']).toBe('admin');
    expect(Object.values(roles).filter((r) => r === 'owner')).toHaveLength(1);
    // The former owner, now an admin, can neither take it back nor remove the new owner.
    expect((await p.setRole(owner, accountId, heir.memberId, 'admin')).statusCode).toBe(403);
    expect((await p.remove(owner, accountId, 'heir@example.com')).statusCode).toBe(400);
    // Handed back by the new owner, to keep the rest of the file's owner.
    const back = await h.request({
      method: 'GET',
      url: '/auth/organization/get-active-member',
      headers: { cookie: owner },
    });
    expect((await p.setRole(heir.cookie, accountId, back.json().id, 'owner')).statusCode).toBe(200);
    expect((await p.roles(accountId))['heir@example.com']).toBe('admin');
  });

  it('ends a removed person’s sessions at once: the next /v1 read with their cookie is 401', async () => {
    const leaving = await p.join(owner, accountId, 'leaving@example.com', 'member');
    expect((await h.get('/v1/me', undefined, { cookie: leaving.cookie })).statusCode).toBe(200);
    const removed = await p.remove(owner, accountId, leaving.memberId);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await h.get('/v1/me', undefined, { cookie: leaving.cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('invalid_key');
  });

  it('makes invitations for 7 days, single-use and revocable, and refuses one to a member', async () => {
    const first = await p.invite(owner, accountId, 'once@example.com', 'viewer');
    const { expiresAt, createdAt } = first.json();
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBeGreaterThanOrEqual(7 * DAY_MS - 5_000);
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBeLessThanOrEqual(7 * DAY_MS + 5_000);
    const once = await p.signUp('once@example.com');
    expect((await p.accept(once, first.json().id)).statusCode).toBe(200);
    expect((await p.accept(once, first.json().id)).statusCode).toBe(400);

    const again = await p.invite(owner, accountId, 'once@example.com', 'member');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');

    const revoked = await p.invite(owner, accountId, 'revoked@example.com', 'viewer');
    const cancel = await p.post(
      '/auth/organization/cancel-invitation',
      { invitationId: revoked.json().id },
      owner,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const late = await p.signUp('revoked@example.com');
    expect((await p.accept(late, revoked.json().id)).statusCode).toBe(400);

    const stale = await p.invite(owner, accountId, 'stale@example.com', 'viewer');
    await p
      .identityDb()
      .updateTable('auth_invitation')
      .set({
        expiresAt:
          TEST_ENGINE === 'postgres'
            ? new Date(Date.now() - 1000)
            : new Date(Date.now() - 1000).toISOString(),
      })
      .where('id', '=', stale.json().id)
      .execute();
    const staleCookie = await p.signUp('stale@example.com');
    expect((await p.accept(staleCookie, stale.json().id)).statusCode).toBe(400);
    expect(await p.roles(accountId)).not.toHaveProperty('stale@example.com');
  });

  it('lets a person of several accounts switch, and /v1 then reads the account switched to', async () => {
    const other = await p.signUp('other-owner@example.com');
    const otherAccount = await p.accountOf(other);
    const theirs = await createProject(h.store, otherAccount);
    const ours = await createProject(h.store, accountId);
    const both = await p.join(owner, accountId, 'both@example.com', 'viewer');
    await p.join(other, otherAccount, 'both2@example.com', 'viewer');
    const invited = await p.invite(other, otherAccount, 'both@example.com', 'member');
    expect((await p.accept(both.cookie, invited.json().id)).statusCode).toBe(200);
    expect(
      (await p.post('/auth/organization/set-active', { organizationId: accountId }, both.cookie)).statusCode,
    ).toBe(200);

    const ids = async () =>
      ((await h.get('/v1/projects', undefined, { cookie: both.cookie })).json().data as { id: string }[]).map(
        (x) => x.id,
      );
    expect(await ids()).toContain(ours.id);
    expect(await ids()).not.toContain(theirs.id);
    const switched = await p.post(
      '/auth/organization/set-active',
      { organizationId: otherAccount },
      both.cookie,
    );
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await ids()).toEqual([theirs.id]);
    expect((await h.get('/v1/me', undefined, { cookie: both.cookie })).json().scopes).toContain(
      'tracking:write',
    );
  });

  it('gives accounts made before people existed their organization (migration 0013)', async () => {
    const db = h.store.identityDatabase.db;
    const old = newAccountRecord(h.clock, { plan: 'premium', name: 'Made before' });
    await db
      .insertInto('accounts')
      .values({
        id: old.id,
        name: old.name,
        plan: old.plan,
        remaining_units: old.remainingUnits,
        prepaid_credits: old.prepaidCredits,
        period_ends_at: old.periodEndsAt,
        created_at: old.createdAt,
      })
      .execute();
    await backfillOrganizations(db, engineOf(db).dialect.schema);
    await backfillOrganizations(db, engineOf(db).dialect.schema);
    const identity = (await createIdentityFor(h)).rows;
    const org = await identity.findOne<{ id: string; name: string; createdAt: Date }>({
      model: 'organization',
      where: [{ field: 'id', value: old.id }],
    });
    expect(org).toMatchObject({ id: old.id, name: 'Made before' });
    expect(new Date(org!.createdAt).toISOString()).toBe(old.createdAt);
  });

  it('gives an account made at a shell its organization, and the operator invites its first owner', async () => {
    const account = await createAccount(h.store, h.clock, { plan: 'premium', name: 'Shell-made' });
    const d = await createIdentityFor(h);
    await expect(operatorInvite(d, { accountId: account.id, email: 'nope', role: 'owner' })).rejects.toThrow(
      /not an e-mail address/,
    );
    await expect(
      operatorInvite(d, { accountId: account.id, email: 'a@example.com', role: 'king' }),
    ).rejects.toThrow(/role/);
    await expect(
      operatorInvite(d, { accountId: 'accNope', email: 'a@example.com', role: 'owner' }),
    ).rejects.toThrow(/No account/);
    // An owner invitation to a mistyped address blocks a second one until the operator withdraws it.
    const typo = await operatorInvite(d, {
      accountId: account.id,
      email: 'first@exmaple.com',
      role: 'owner',
    });
    await expect(
      operatorInvite(d, { accountId: account.id, email: 'first@example.com', role: 'owner' }),
    ).rejects.toThrow(
      `has an open owner invitation to first@exmaple.com: withdraw it first with \`npx answerwatch people cancel --account ${account.id} --email first@exmaple.com\``,
    );
    expect(await operatorCancel(d, { accountId: account.id, email: 'First@Exmaple.com' })).toEqual({
      accountId: account.id,
      email: 'first@exmaple.com',
      canceled: 1,
    });
    await expect(operatorCancel(d, { accountId: account.id, email: 'first@exmaple.com' })).rejects.toThrow(
      /No open invitation to first@exmaple.com/,
    );
    const typoPerson = await p.signUp('first@exmaple.com');
    const withdrawn = await follow(h, new URL(typo.link), { cookie: typoPerson });
    expect(withdrawn.statusCode).toBe(410);
    const invited = await operatorInvite(d, {
      accountId: account.id,
      email: 'First@Example.com',
      role: 'owner',
    });
    expect(invited.link).toBe(`http://127.0.0.1:8787/app/accept-invitation?id=${invited.invitationId}`);
    // The invitation mail waits in the outbox for the service's sender.
    const queued = await h.store.identityDatabase.db
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient'])
      .where('recipient', '=', 'first@example.com')
      .execute();
    expect(queued).toEqual([{ kind: 'invitation', recipient: 'first@example.com' }]);
    expect((await listPeople(d, account.id)).invitations).toEqual([
      expect.objectContaining({ email: 'first@example.com', role: 'owner' }),
    ]);
    const first = await p.signUp('first@example.com');
    // The mail's page shows the operator's invitation (its inviter is in no account) and joins from its form.
    const link = new URL(invited.link);
    const shown = await follow(h, link, { cookie: first });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.body).toContain('You are invited to the account “Shell-made” as owner.');
    const joined = await h.app.inject({
      method: 'POST',
      url: link.pathname,
      payload: `id=${encodeURIComponent(invited.invitationId)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: first, ...SAME_ORIGIN },
    });
    expect(joined.body).toContain('You joined the account.');
    expect(await p.roles(account.id)).toEqual({ 'first@example.com': 'owner' });
    await expect(
      operatorInvite(d, { accountId: account.id, email: 'b@example.com', role: 'owner' }),
    ).rejects.toThrow(/has an owner/);
    await expect(
      operatorInvite(d, { accountId: account.id, email: 'first@example.com', role: 'viewer' }),
    ).rejects.toThrow(/already a member/);
    expect((await listPeople(d, account.id)).members).toEqual([
      expect.objectContaining({ email: 'first@example.com', role: 'owner' }),
    ]);
  });
});
