import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCaller } from '../../server/domain/callers.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { sendDigest } from '../../server/reports/digest-send.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { requireBrowser } from '../support/browser.ts';
import { createProject } from '../support/fixtures.ts';
import { testSecrets } from '../support/mail.ts';
import { peopleOf, SAME_ORIGIN } from '../support/people.ts';

const browser = requireBrowser();

/** The digest's recipients named by signed-in people: the account's people by id or address, extras by role. */
describe('report digest recipients and the roles of people', () => {
  let h: Harness;
  const secrets = testSecrets();
  let owner: string;
  let projectId: string;
  const cookies: Record<'admin' | 'member' | 'viewer', string> = { admin: '', member: '', viewer: '' };
  let memberId: string;
  let accountId: string;
  let p: ReturnType<typeof peopleOf>;

  const put = (cookie: string, body: unknown) =>
    h.request({
      method: 'PUT',
      url: `/v1/projects/${projectId}/report-digest`,
      headers: { cookie, ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'premium' } });
    p = peopleOf(h, secrets);
    owner = await p.signUp('owner@example.com');
    accountId = await p.accountOf(owner);
    for (const role of ['admin', 'member', 'viewer'] as const)
      cookies[role] = (await p.join(owner, accountId, `${role}@example.com`, role)).cookie;
    const row = await p
      .identityDb()
      .selectFrom('auth_user')
      .select('id')
      .where('email', '=', 'member@example.com')
      .executeTakeFirstOrThrow();
    memberId = String(row.id);
    projectId = (await createProject(h.store, accountId)).id;
  });
  afterAll(() => h.close());

  it('resolves people by id and by address; an address outside the account is an extra one', async () => {
    const r = await put(owner, {
      cadence: 'weekly',
      recipients: [{ personId: memberId }, { email: 'Admin@Example.com' }, { email: 'client@example.org' }],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().recipients).toEqual([
      { email: 'member@example.com', personId: memberId, unsubscribed: false },
      { email: 'admin@example.com', personId: expect.any(String), unsubscribed: false },
      { email: 'client@example.org', personId: null, unsubscribed: false },
    ]);
  });

  it('lets a member name the account’s people and keep the extras there, but not add one; a viewer changes nothing', async () => {
    const kept = await put(cookies.member, {
      cadence: 'monthly',
      recipients: [{ email: 'member@example.com' }, { email: 'client@example.org' }],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const added = await put(cookies.member, {
      cadence: 'monthly',
      recipients: [{ email: 'client@example.org' }, { email: 'someone@elsewhere.example' }],
    });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toMatchObject({
      code: 'insufficient_scope',
      detail:
        'Only the account’s owner and admins add addresses outside the account (someone@elsewhere.example).',
    });
    const admin = await put(cookies.admin, {
      cadence: 'monthly',
      recipients: [{ email: 'client@example.org' }, { email: 'someone@elsewhere.example' }],
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const viewer = await put(cookies.viewer, { cadence: 'off', recipients: [] });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('insufficient_scope');
    const now = await h.request({
      method: 'GET',
      url: `/v1/projects/${projectId}/report-digest`,
      headers: { cookie: cookies.viewer, ...SAME_ORIGIN },
    });
    expect(now.json()).toMatchObject({
      cadence: 'monthly',
      recipients: [{ email: 'client@example.org' }, { email: 'someone@elsewhere.example' }],
    });
    // Each change is in the audit log, by whom, with the addresses the digest goes to; a refused one is not.
    const changes = (await h.store.auditLog.list(accountId, null, 100)).filter(
      (e) => e.kind === 'report_digest_changed',
    );
    expect(changes.map((e) => [e.actorLabel, JSON.parse(e.detail!).recipients])).toEqual([
      ['admin@example.com', ['client@example.org', 'someone@elsewhere.example']],
      ['member@example.com', ['member@example.com', 'client@example.org']],
      ['owner@example.com', ['member@example.com', 'admin@example.com', 'client@example.org']],
    ]);
  });

  it.skipIf(browser === null)(
    'stops sending to a person who left the account',
    async () => {
      const set = await put(owner, {
        cadence: 'weekly',
        recipients: [{ personId: memberId }, { email: 'client@example.org' }],
      });
      expect(set.statusCode, set.body).toBe(200);
      const removed = await p.remove(owner, accountId, 'member@example.com');
      expect(removed.statusCode, removed.body).toBe(200);
      const caller = await ownerCaller({ store: h.store, plans: DEFAULT_PLANS }, accountId, 'Test', '');
      const sent = await sendDigest(h.services, caller, projectId, {}, 'manual');
      expect(sent.mails).toEqual([{ to: 'client@example.org', queued: true }]);
    },
    60_000,
  );
});
