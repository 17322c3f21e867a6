import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RaisedAlertList } from '../../server/contract/alerts.ts';
import { verifySignature } from '../../server/domain/webhook-signature.ts';
import { startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { ALERT_ENGINES, ALERT_PROMPTS, alertScenario, SITE } from '../support/alert-scenario.ts';
import { testResolver } from '../support/api-harness.ts';
import { createProject, manualTracking } from '../support/fixtures.ts';
import { expectProblem } from '../support/problems.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';

const ALERTS = [
  'visibility.dropped',
  'visibility.rose',
  'citation.lost',
  'citation.gained',
  'competitor.overtook',
];
const DEFAULTS = { mentionRateChange: 0.1, citationRateChange: 0.1, shareOfVoiceLead: 0 };

/**
 * Extensions for the web UI's alert settings and notifications: PATCH a webhook's events, thresholds and
 * description, and GET the alert events a project's runs raised, as their webhooks received them.
 */
describe('webhook settings and the alerts raised', () => {
  let h: RunHarness;
  let receiver: WebhookReceiver;
  let key: string;
  let readOnly: string;
  let projectId: string;
  let otherProject: string;
  const scenario = alertScenario();
  const hooks: Record<string, { id: string; secret: string; url: string }> = {};
  const base = () => `/v1/projects/${projectId}/webhooks`;
  const patch = (id: string, body: unknown, k = key, project = projectId) =>
    h.write('PATCH', `/v1/projects/${project}/webhooks/${id}`, k, body);

  const run = async () => {
    const accepted = await h.write('POST', `/v1/projects/${projectId}/run-requests`, key);
    expect(accepted.statusCode, accepted.body).toBe(202);
    await h.jobs.idle();
    return (await h.get(`/v1/projects/${projectId}/run-requests/${accepted.json().id}`, key)).json()
      .runIds[0] as string;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    h = await createRunHarness({
      fakes: { answer: scenario.answer },
      webhookNet: { allowPrivate: true, resolve: testResolver(), ca: testCa(), timeoutMs: 2_000 },
    });
    let accountId: string;
    ({ key, accountId } = await h.account('premium'));
    readOnly = await h.key(accountId, ['visibility:read']);
    await h.store.accounts.update(accountId, { remainingUnits: 1000 });
    const project = (name: string) =>
      createProject(h.store, accountId, {
        name,
        websiteUrl: SITE,
        brandTerms: [],
        brandDomains: [],
        tracking: manualTracking(ALERT_ENGINES),
      });
    projectId = (await project('Acme')).id;
    otherProject = (await project('Other')).id;
    await h.write('PUT', `/v1/projects/${projectId}/competitors`, key, [
      { name: 'Globex', domain: 'globex.example' },
      { name: 'Initech', domain: null },
    ]);
    for (const text of ALERT_PROMPTS)
      await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text, engineIds: ALERT_ENGINES });
    for (const [name, body] of [
      ['plain', {}],
      ['all', { events: ['run.completed', ...ALERTS], description: 'Slack relay' }],
      ['rising', { events: ['run.completed'] }],
    ] as const) {
      const r = await h.write('POST', base(), key, { url: `${receiver.url}/${name}`, ...body });
      expect(r.statusCode, r.body).toBe(201);
      hooks[name] = r.json();
    }
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });

  it('changes the events, the thresholds and the description, leaving the rest', async () => {
    const before = (await h.get(base(), key))
      .json()
      .data.find((w: { id: string }) => w.id === hooks.rising!.id);
    const r = await patch(hooks.rising!.id, {
      events: ['visibility.dropped', 'visibility.rose', 'visibility.rose'],
      thresholds: { mentionRateChange: 0.9, citationRateChange: 0.9 },
      description: 'Only big moves',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      ...before,
      events: ['visibility.dropped', 'visibility.rose'],
      description: 'Only big moves',
      thresholds: { ...DEFAULTS, mentionRateChange: 0.9, citationRateChange: 0.9 },
    });
    expect(r.json()).not.toHaveProperty('secret');
    const listed = (await h.get(base(), key)).json().data;
    expect(listed.find((w: { id: string }) => w.id === hooks.rising!.id)).toEqual(r.json());

    // Thresholds are replaced whole: those left out are back to their defaults; null is every default.
    const partial = await patch(hooks.rising!.id, { thresholds: { mentionRateChange: 0.9 } });
    expect(partial.json().thresholds).toEqual({ ...DEFAULTS, mentionRateChange: 0.9 });
    const reset = await patch(hooks.rising!.id, { thresholds: null, description: null });
    expect(reset.json()).toMatchObject({ thresholds: DEFAULTS, description: null });
    // Nothing to change: the webhook as it is.
    const same = await patch(hooks.rising!.id, {});
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(reset.json());
    // Back to contract events only: no thresholds shown, exactly as the contract's webhook.
    const contract = await patch(hooks.plain!.id, { events: ['run.completed'] });
    expect(contract.json()).not.toHaveProperty('thresholds');
    expect(contract.json().events).toEqual(['run.completed']);
    await patch(hooks.plain!.id, { events: ['run.completed', 'run.failed'] });
    await patch(hooks.rising!.id, { thresholds: { mentionRateChange: 0.9, citationRateChange: 0.9 } });
  });

  it('refuses thresholds without an alert event, bad fields, other projects and read-only keys', async () => {
    for (const [body, code] of [
      [{ thresholds: { mentionRateChange: 0.2 } }, 'invalid_parameter'],
      [{ events: ['run.completed'], thresholds: { mentionRateChange: 0.2 } }, 'invalid_parameter'],
      [{ thresholds: { mentionRateChange: 1.5 } }, 'invalid_parameter'],
      [{ url: 'https://elsewhere.example/hook' }, 'invalid_parameter'],
      [{ events: [] }, 'invalid_parameter'],
      [{ events: ['visibility.fell'] }, 'invalid_parameter'],
      [{ description: 'x'.repeat(121) }, 'invalid_parameter'],
    ] as const) {
      const r = await patch(hooks.plain!.id, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(expectProblem(r, JSON.stringify(body)).code).toBe(code);
    }
    const unknown = await patch('whkNope', { description: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(expectProblem(unknown, 'unknown').code).toBe('not_found');
    const elsewhere = await patch(hooks.plain!.id, { description: 'x' }, key, otherProject);
    expect(elsewhere.statusCode).toBe(404);
    const forbidden = await patch(hooks.plain!.id, { description: 'x' }, readOnly);
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await h.get(base(), key)).json().data.find((w: { id: string }) => w.id === hooks.plain!.id),
    ).toMatchObject({ description: null, events: ['run.completed', 'run.failed'] });
  });

  it('lists no alert before a second comparable run', async () => {
    await run();
    // plain and all: run.completed; rising (visibility alerts only now): nothing.
    await receiver.waitFor(2);
    await h.jobs.idle();
    const r = await h.get(`/v1/projects/${projectId}/alerts`, readOnly);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ data: [], nextCursor: null });
  });

  it('lists the alerts a run raised as each webhook received them, by its thresholds, newest first', async () => {
    h.clock.advance(86_400_000);
    scenario.change();
    const runId = await run();
    // plain: run.completed; all: run.completed and the five alerts; rising: visibility.rose only (0.9).
    await receiver.waitFor(2 + 1 + 6 + 1, 20_000);
    await h.jobs.idle();
    const rising = receiver.receivedAt('/rising').map((r) => r.event);
    expect(rising.map((e) => e.event)).toEqual(['visibility.rose']);
    expect(
      rising[0].data.changes.map((c: { engineId: string; metric: string }) => [c.engineId, c.metric]),
    ).toEqual([['perplexity', 'mentionRate']]);
    // The secret did not change with the settings.
    const signature = String(receiver.receivedAt('/rising')[0]!.headers['x-service-signature']);
    expect(
      verifySignature(
        receiver.receivedAt('/rising')[0]!.raw,
        signature,
        hooks.rising!.secret,
        300,
        h.clock.now().getTime(),
      ),
    ).toBe(true);

    const r = await h.get(`/v1/projects/${projectId}/alerts`, readOnly);
    expect(r.statusCode, r.body).toBe(200);
    const body = RaisedAlertList.parse(r.json());
    const sent = [...receiver.receivedAt('/all'), ...receiver.receivedAt('/rising')]
      .map((x) => x.event)
      .filter((e) => ALERTS.includes(e.event));
    expect(body.data).toHaveLength(6);
    expect(body.data.map((a) => a.alert).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
      sent.sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    for (const a of body.data) {
      expect(a.alert.data.runId).toBe(runId);
      expect(a.webhookId).toBe(
        a.alert.event === 'visibility.rose' && a.alert.id === rising[0].id ? hooks.rising!.id : hooks.all!.id,
      );
      expect(a.delivery).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
    }
    const positions = body.data.map((a) => `${a.alert.createdAt}\0${a.alert.id}`);
    expect(positions).toEqual([...positions].sort().reverse());
    // ETag: unchanged alerts answer 304.
    const again = await h.app.inject({
      method: 'GET',
      url: `/v1/projects/${projectId}/alerts`,
      headers: { authorization: `Bearer ${readOnly}`, 'if-none-match': String(r.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('pages with a cursor of its own, and keeps to the project', async () => {
    const all = (await h.get(`/v1/projects/${projectId}/alerts`, key)).json().data;
    const seen: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await h.get(
        `/v1/projects/${projectId}/alerts?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        key,
      );
      expect(r.statusCode, r.body).toBe(200);
      seen.push(...r.json().data);
      cursor = r.json().nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(all);
    const first = (await h.get(`/v1/projects/${projectId}/alerts?limit=4`, key)).json().nextCursor;
    const foreign = await h.get(`/v1/projects/${otherProject}/alerts?cursor=${first}`, key);
    expect(foreign.statusCode).toBe(400);
    expect(expectProblem(foreign, 'foreign cursor').code).toBe('invalid_parameter');
    expect((await h.get(`/v1/projects/${otherProject}/alerts`, key)).json().data).toEqual([]);
    const { key: stranger } = await h.account('premium');
    expect((await h.get(`/v1/projects/${projectId}/alerts`, stranger)).statusCode).toBe(404);
    for (const bad of ['limit=0', 'limit=201', 'since=2026-06-01']) {
      const r = await h.get(`/v1/projects/${projectId}/alerts?${bad}`, key);
      expect(r.statusCode, bad).toBe(400);
    }
    // Deleting a webhook drops its deliveries, and with them its alerts.
    await h.write('DELETE', `${base()}/${hooks.rising!.id}`, key);
    expect((await h.get(`/v1/projects/${projectId}/alerts`, key)).json().data).toHaveLength(5);
  });
});
