import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { newId } from '../../server/domain/ids.ts';
import { sendDueDigests } from '../../server/jobs/report-digests.ts';
import { createHarness, SILENT, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { requireBrowser } from '../support/browser.ts';
import { reportProject, WEEK } from '../support/reports.ts';

const browser = requireBrowser();

describe('the report digest setting', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const url = () => `/v1/projects/${p}/report-digest`;
  const put = (body: unknown, k = key) => h.write('PUT', url(), k, body);

  beforeAll(async () => {
    h = await createHarness();
    ({ key, accountId, projectId: p } = await reportProject(h));
  });
  afterAll(() => h.close());

  it('is off until set, then replaced whole; recipients are kept once, lower-cased', async () => {
    const first = await h.get(url(), key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      cadence: 'off',
      weekday: 'monday',
      recipients: [],
      lastPeriod: null,
      updatedAt: null,
    });
    const set = await put({
      cadence: 'monthly',
      recipients: [{ email: 'Ada@Example.com' }, { email: 'ada@example.com' }, { email: 'x@example.org' }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      cadence: 'monthly',
      weekday: 'monday',
      recipients: [
        { email: 'ada@example.com', personId: null, unsubscribed: false },
        { email: 'x@example.org', personId: null, unsubscribed: false },
      ],
      // Set on 2026-06-15: May had been due already, so the first digest is June's, on 1 July.
      lastPeriod: { from: '2026-05-01', to: '2026-05-31' },
      updatedAt: h.clock.now().toISOString(),
    });
    expect((await h.get(url(), key)).json()).toEqual(set.json());
    const off = await put({ cadence: 'off', recipients: [] });
    expect(off.json()).toMatchObject({ cadence: 'off', recipients: [] });
  });

  it('refuses bad input with a clear error, and changes nothing', async () => {
    await put({ cadence: 'weekly', weekday: 'friday', recipients: [{ email: 'ada@example.com' }] });
    const bad = [
      { cadence: 'daily', recipients: [] },
      { cadence: 'weekly', weekday: 'someday', recipients: [] },
      { cadence: 'weekly', recipients: [{ email: 'not an address' }] },
      { cadence: 'weekly', recipients: [{ personId: 'usr_nobody' }] },
      { cadence: 'weekly', recipients: [] },
      { cadence: 'weekly', recipients: [{ email: 'a@example.com', personId: 'x' }] },
    ];
    for (const body of bad) {
      const r = await put(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
    }
    expect((await put({ cadence: 'weekly', recipients: [{ personId: 'usr_nobody' }] })).json().detail).toBe(
      'recipients: no person usr_nobody in this account',
    );
    expect((await h.get(url(), key)).json()).toMatchObject({
      cadence: 'weekly',
      weekday: 'friday',
      recipients: [{ email: 'ada@example.com' }],
    });
  });

  it('needs tracking:write to change and reads with visibility:read; another account’s project is not found', async () => {
    const reader = await h.key(accountId, ['visibility:read']);
    expect((await h.get(url(), reader)).statusCode).toBe(200);
    const refused = await put({ cadence: 'off', recipients: [] }, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('insufficient_scope');
    const other = await h.account();
    expect((await h.get(url(), other.key)).statusCode).toBe(404);
    expect((await put({ cadence: 'off', recipients: [] }, other.key)).statusCode).toBe(404);
  });
});

describe.skipIf(browser === null)('the digest job', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const job = () => ({ services: async () => h.services, plans: DEFAULT_PLANS, log: SILENT });
  const queuedMails = async () => (await h.store.mail.pendingContents()).length;

  beforeAll(async () => {
    h = await createHarness();
    ({ key, accountId, projectId: p } = await reportProject(h));
    h.clock.set('2026-06-15T07:59:00.000Z');
    const set = await h.write('PUT', `/v1/projects/${p}/report-digest`, key, {
      cadence: 'weekly',
      weekday: 'monday',
      recipients: [{ email: 'ada@example.com' }],
    });
    expect(set.statusCode, set.body).toBe(200);
  });
  afterAll(() => h.close());

  it('waits while a run of the project is active, then two workers at once send the period once', async () => {
    expect((await sendDueDigests(job(), 'a')).get(p)).toBe('not_due');
    h.clock.set('2026-06-15T08:00:00.000Z');
    const requestId = newId('rrq');
    await h.store.runRequests.create({
      id: requestId,
      projectId: p,
      source: 'schedule',
      trigger: 'scheduled',
      status: 'running',
      mode: 'cloud',
      idempotencyKey: null,
      bodyHash: null,
      samplesPerPrompt: 1,
      promptCount: 0,
      estimatedUnits: 0,
      heldPeriodUnits: 0,
      heldPrepaidUnits: 0,
      warning: null,
      createdAt: h.clock.now().toISOString(),
      cloudNeeded: true,
      hostNeeded: false,
    });
    expect((await sendDueDigests(job(), 'a')).get(p)).toBe('runs_active');
    await h.store.runRequests.transition(requestId, ['running'], {
      status: 'completed',
      at: h.clock.now().toISOString(),
      completed: true,
    });

    const [a, b] = await Promise.all([sendDueDigests(job(), 'a'), sendDueDigests(job(), 'b')]);
    expect([a.get(p), b.get(p)].filter((o) => o === 'sent')).toHaveLength(1);
    expect((await sendDueDigests(job(), 'c')).get(p)).toBe('not_due');
    expect((await h.get(`/v1/projects/${p}/report-digest`, key)).json().lastPeriod).toEqual(WEEK);
    expect(await queuedMails()).toBe(1);
  }, 120_000);

  it('takes over a period whose worker died holding it, once its lease ran out', async () => {
    h.clock.set('2026-06-22T08:00:00.000Z');
    const now = h.clock.now().toISOString();
    const period = '2026-06-15/2026-06-21';
    expect(await h.store.reportDigests.claim(p, period, 'dead', now, '2026-06-22T08:10:00.000Z')).toBe(true);
    expect((await sendDueDigests(job(), 'a')).get(p)).toBe('taken');
    h.clock.set('2026-06-22T08:10:00.000Z');
    expect((await sendDueDigests(job(), 'a')).get(p)).toBe('sent');
    // The dead worker's release, were it to come back, no longer touches the row.
    await h.store.reportDigests.release(p, 'dead', null);
    expect((await sendDueDigests(job(), 'b')).get(p)).toBe('not_due');
  }, 120_000);

  it('in Europe/Paris, sends the week that ended on the spring change once, at 08:00 summer time', async () => {
    h.clock.set('2026-03-29T12:00:00.000Z');
    const paris = await createProject(h.store, accountId, {
      name: 'Paris',
      tracking: {
        engineIds: ['chatgpt'],
        cadence: 'daily',
        timeOfDay: '09:00',
        weeklyDay: 'monday',
        timezone: 'Europe/Paris',
        samplesPerPrompt: 1,
      },
    });
    const set = await h.write('PUT', `/v1/projects/${paris.id}/report-digest`, key, {
      cadence: 'weekly',
      weekday: 'monday',
      recipients: [{ email: 'ada@example.com' }],
    });
    expect(set.statusCode, set.body).toBe(200);
    // 08:00 in Paris is 06:00 UTC from the change on (07:00 UTC before it): sent then, and only then.
    for (const [at, outcome] of [
      ['2026-03-30T05:59:00.000Z', 'not_due'],
      ['2026-03-30T06:00:00.000Z', 'sent'],
      ['2026-03-30T07:00:00.000Z', 'not_due'],
      ['2026-03-31T06:00:00.000Z', 'not_due'],
    ] as const) {
      h.clock.set(at);
      expect((await sendDueDigests(job(), 'a')).get(paris.id), at).toBe(outcome);
    }
    expect((await h.get(`/v1/projects/${paris.id}/report-digest`, key)).json().lastPeriod).toEqual({
      from: '2026-03-23',
      to: '2026-03-29',
    });
  }, 120_000);
});
