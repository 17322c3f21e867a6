import { afterEach, describe, expect, it } from 'vitest';
import { PingEvent, RunEvent, WebhookDelivery } from '../../server/contract/webhooks.ts';
import { cancelRunRequest } from '../../server/domain/cancel-run.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { startScheduledRun } from '../../server/domain/start-run.ts';
import { verifySignature } from '../../server/domain/webhook-signature.ts';
import { refusedUrl, startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { BASE, testResolver } from '../support/api-harness.ts';
import { createProject, manualTracking } from '../support/fixtures.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';

let h: RunHarness;
let receiver: WebhookReceiver;
let key: string;
let projectId: string;

async function setUp(opts: { latencyMs?: number; engines?: string[] } = {}) {
  const engineIds = opts.engines ?? ['chatgpt'];
  receiver = await startWebhookReceiver();
  h = await createRunHarness({
    fakes: { latencyMs: opts.latencyMs ?? 0 },
    webhookNet: { allowPrivate: true, resolve: testResolver(), ca: testCa(), timeoutMs: 1_000 },
  });
  let accountId: string;
  ({ key, accountId } = await h.account('premium'));
  await h.store.accounts.update(accountId, { remainingUnits: 1000 });
  projectId = (
    await createProject(h.store, accountId, {
      tracking: manualTracking(engineIds),
    })
  ).id;
  for (const text of ['best crm?', 'cheapest crm?']) {
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text, engineIds });
  }
}

async function register(body: Record<string, unknown> = {}) {
  const r = await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, {
    url: `${receiver.url}/hook`,
    ...body,
  });
  expect(r.statusCode).toBe(201);
  return r.json() as { id: string; secret: string };
}

const deliveries = async (webhookId: string) =>
  (await h.get(`/v1/projects/${projectId}/webhooks/${webhookId}/deliveries`, key)).json().data;
const webhook = async (id: string) =>
  (await h.get(`/v1/projects/${projectId}/webhooks`, key))
    .json()
    .data.find((w: { id: string }) => w.id === id);
const ping = (id: string) => h.write('POST', `/v1/projects/${projectId}/webhooks/${id}/test`, key);

afterEach(async () => {
  await h?.close();
  await receiver?.close();
});

describe('run events', () => {
  it('posts run.completed, signed over the exact bytes, with the contract headers and links', async () => {
    await setUp();
    const hook = await register();
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    await h.jobs.idle();
    await receiver.waitFor(1);
    const [got] = receiver.received;
    const raw = got!.rawBody.toString('utf8');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['user-agent']).toBe('Service-Webhooks/1.0');
    expect(got!.headers['x-service-event']).toBe('run.completed');
    const signature = String(got!.headers['x-service-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(raw, signature, hook.secret, 300, h.clock.now().getTime())).toBe(true);
    expect(verifySignature(`${raw} `, signature, hook.secret, 300, h.clock.now().getTime())).toBe(false);

    const event = RunEvent.parse(JSON.parse(raw));
    const [run] = (await h.get(`/v1/projects/${projectId}/runs`, key)).json().data;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt/),
      event: 'run.completed',
      createdAt: run.completedAt,
      data: {
        projectId,
        runId: run.id,
        requestId: request.id,
        status: 'completed',
        trigger: 'manual',
        startedAt: run.startedAt,
        completedAt: run.completedAt,
        promptCount: 2,
        answerCount: 2,
        error: null,
        warning: null,
        failedEngines: [],
        links: {
          run: `${BASE}/projects/${projectId}/runs`,
          answers: `${BASE}/projects/${projectId}/answers?runId=${run.id}`,
          stats: `${BASE}/projects/${projectId}/stats/daily`,
        },
      },
    });
    const [delivery] = await deliveries(hook.id);
    expect(WebhookDelivery.parse(delivery)).toMatchObject({
      id: got!.headers['x-service-delivery'],
      event: 'run.completed',
      status: 'delivered',
      runId: run.id,
      requestId: request.id,
      attemptCount: 1,
      nextAttemptAt: null,
      deliveredAt: h.clock.now().toISOString(),
      attempts: [
        { at: h.clock.now().toISOString(), httpStatus: 200, error: null, durationMs: expect.any(Number) },
      ],
    });
    expect(await webhook(hook.id)).toMatchObject({ lastDeliveryStatus: 'delivered', consecutiveFailures: 0 });
  });

  it('sends scheduled runs with requestId null, and failed runs as run.failed with the reason', async () => {
    await setUp();
    const all = await register();
    const failedOnly = await register({ events: ['run.failed'] });
    expect(await startScheduledRun(h.services, projectId, DEFAULT_PLANS, h.clock.now())).toMatchObject({
      started: expect.any(String),
    });
    h.jobs.signals.runRequested();
    await h.jobs.idle();
    h.fakes.script('openai', { kind: 'unauthorized' }, 2);
    await h.write('POST', `/v1/projects/${projectId}/run-requests`, key);
    await h.jobs.idle();
    await receiver.waitFor(3);
    const events = receiver.received.map((r) => RunEvent.parse(JSON.parse(r.rawBody.toString('utf8'))));
    const completed = events.filter((e) => e.event === 'run.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({ trigger: 'scheduled', requestId: null, status: 'completed' });
    const failed = events.filter((e) => e.event === 'run.failed');
    expect(failed).toHaveLength(2); // to both webhooks, with one event id
    expect(new Set(failed.map((e) => e.id)).size).toBe(1);
    expect(failed[0]!.data).toMatchObject({ status: 'failed', error: expect.stringContaining('auth') });
    expect(await deliveries(failedOnly.id)).toHaveLength(1);
    expect(await deliveries(all.id)).toHaveLength(2);
  });

  it('names in run.completed each engine that failed every answer, why and the fix, as the request does', async () => {
    await setUp({ engines: ['chatgpt', 'claude'] });
    await register();
    h.fakes.script('anthropic', { kind: 'unauthorized' }, 2);
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    await h.jobs.idle();
    await receiver.waitFor(1);
    const event = RunEvent.parse(JSON.parse(receiver.received[0]!.rawBody.toString('utf8')));
    const fix =
      'Set ANTHROPIC_API_KEY to a valid Claude key in the environment of the service and restart it.';
    const reason = 'Claude refused the service’s API key (auth, HTTP 401).';
    expect(event.event).toBe('run.completed');
    expect(event.data).toMatchObject({
      status: 'completed',
      answerCount: 2,
      error: null,
      warning: `Claude failed every answer (2): ${reason} ${fix}`,
      failedEngines: [{ engineId: 'claude', engineLabel: 'Claude', failedAnswers: 2, reason, fix }],
    });
    const ended = (await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json();
    expect(ended).toMatchObject({ status: 'completed', warning: event.data.warning });
  });

  it('sends a canceled run as run.failed with status canceled', async () => {
    await setUp({ latencyMs: 300 });
    await register();
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    await h.fakes.waitForRequests('openai', 1);
    await cancelRunRequest(h.store, h.clock, request.id);
    await h.jobs.idle();
    await receiver.waitFor(1);
    const event = RunEvent.parse(JSON.parse(receiver.received[0]!.rawBody.toString('utf8')));
    expect(event).toMatchObject({
      event: 'run.failed',
      data: { status: 'canceled', error: expect.any(String) },
    });
  });
});

describe('ping and retries', () => {
  it('answers the test endpoint with the delivery after its first attempt', async () => {
    await setUp();
    const hook = await register();
    const r = await ping(hook.id);
    expect(r.statusCode).toBe(200);
    expect(WebhookDelivery.parse(r.json())).toMatchObject({
      event: 'ping',
      status: 'delivered',
      runId: null,
      requestId: null,
      attemptCount: 1,
    });
    const sent = PingEvent.parse(JSON.parse(receiver.received[0]!.rawBody.toString('utf8')));
    expect(sent.data).toEqual({ projectId, message: expect.any(String) });
    expect(receiver.received[0]!.headers['x-service-delivery']).toBe(r.json().id);
  });

  it('retries at +1 min, +5 min, +30 min, +2 h and +12 h, then fails', async () => {
    await setUp();
    const hook = await register();
    for (let i = 0; i < 6; i += 1) receiver.respond({ status: 503 });
    const first = (await ping(hook.id)).json();
    const t0 = h.clock.now().getTime();
    expect(first).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      nextAttemptAt: new Date(t0 + 60_000).toISOString(),
    });
    const delays = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000];
    let at = t0;
    for (const [i, delay] of delays.entries()) {
      h.clock.advance(delay - 1);
      await h.jobs.tick();
      expect(receiver.received).toHaveLength(i + 1); // not due a millisecond early
      h.clock.advance(1);
      at += delay;
      await h.jobs.tick();
      expect(receiver.received).toHaveLength(i + 2);
      const [d] = await deliveries(hook.id);
      expect(d.attempts[i + 1]).toMatchObject({ at: new Date(at).toISOString(), httpStatus: 503 });
      const next = delays[i + 1];
      expect(d.nextAttemptAt).toBe(next === undefined ? null : new Date(at + next).toISOString());
      expect(d.status).toBe(next === undefined ? 'failed' : 'pending');
    }
    h.clock.advance(86_400_000);
    await h.jobs.tick();
    expect(receiver.received).toHaveLength(6);
    expect(await webhook(hook.id)).toMatchObject({
      consecutiveFailures: 6,
      lastDeliveryStatus: 'failed',
      active: true,
    });
  });

  it('records each kind of failure: 4xx, 5xx, a redirect not followed, a slow endpoint, a refused connection', async () => {
    await setUp();
    const hook = await register();
    receiver.respond({ status: 404 });
    receiver.respond({ status: 500 });
    receiver.respond({ redirect: 'https://hooks.acme.com/elsewhere', status: 302 });
    receiver.respond({ slowMs: 3_000 });
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push((await ping(hook.id)).json().attempts[0]);
    expect(results[0]).toMatchObject({ httpStatus: 404 });
    expect(results[1]).toMatchObject({ httpStatus: 500 });
    expect(results[2]).toMatchObject({ httpStatus: 302, error: expect.stringMatching(/redirect/) });
    expect(results[3]).toMatchObject({ httpStatus: null, error: expect.stringMatching(/time/i) });
    expect(receiver.received).toHaveLength(4); // the redirect was not followed

    const refused = (
      await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, { url: await refusedUrl() })
    ).json();
    const attempt = (await ping(refused.id)).json().attempts[0];
    expect(attempt).toMatchObject({ httpStatus: null, error: expect.any(String) });
    expect(await webhook(hook.id)).toMatchObject({ consecutiveFailures: 4 });
  });

  it('turns a webhook off after 20 failed attempts in a row; a 2xx resets the count', async () => {
    await setUp();
    const hook = await register();
    for (let i = 0; i < 3; i += 1) receiver.respond({ status: 500 });
    for (let i = 0; i < 3; i += 1) await ping(hook.id);
    expect(await webhook(hook.id)).toMatchObject({ consecutiveFailures: 3 });
    await ping(hook.id);
    expect(await webhook(hook.id)).toMatchObject({ consecutiveFailures: 0, lastDeliveryStatus: 'delivered' });

    for (let i = 0; i < 20; i += 1) receiver.respond({ status: 500 });
    for (let i = 0; i < 20; i += 1) await ping(hook.id);
    expect(await webhook(hook.id)).toMatchObject({ consecutiveFailures: 20, active: false });
    // Nothing more is sent: the retries still pending failed, and a run queues no event.
    expect((await deliveries(hook.id)).filter((d: { status: string }) => d.status === 'pending')).toEqual([]);
    const before = receiver.received.length;
    await h.write('POST', `/v1/projects/${projectId}/run-requests`, key);
    await h.jobs.idle();
    h.clock.advance(86_400_000);
    await h.jobs.tick();
    expect(receiver.received).toHaveLength(before);
  });
});
