import { afterEach, describe, expect, it } from 'vitest';
import { CheckedIn, HostRun, Paired } from '../../server/contract/host-sync.ts';
import { RunEvent } from '../../server/contract/webhooks.ts';
import { createPairCode } from '../../server/domain/host-pairing.ts';
import { expireWaitingRequests } from '../../server/domain/run-lifecycle.ts';
import { startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { BASE, testResolver } from '../support/api-harness.ts';
import { createProject, manualTracking } from '../support/fixtures.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';

let h: RunHarness;
let receiver: WebhookReceiver | undefined;
let key: string;
let accountId: string;
let projectId: string;

const hostCall = (url: string, token: string | null, body?: unknown) =>
  h.request({
    method: 'POST',
    url: `/host/v1${url}`,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });

async function pair(label = 'Ada’s laptop') {
  const { code } = await createPairCode(h.store, h.clock, accountId);
  const r = await hostCall('/pair', null, {
    code: code.toLowerCase(),
    deviceLabel: label,
    agentVersion: '1.0.0',
    engineIds: ['chatgpt-local-fetch'],
  });
  expect(r.statusCode).toBe(201);
  return Paired.parse(r.json());
}

const checkIn = (token: string, settings?: unknown) =>
  hostCall('/check-in', token, {
    agentVersion: '1.0.1',
    engineIds: ['chatgpt-local-fetch', 'perplexity-local-fetch'],
    ...(settings !== undefined && { settings }),
  });
const capabilities = async () => (await h.get(`/v1/projects/${projectId}/capabilities`, key)).json();
const answer = (runId: string, promptId: string, n: number, engineId = 'chatgpt-local-fetch') => ({
  key: `${runId}:${promptId}:${engineId}:${n}`,
  promptId,
  promptText: 'best crm?',
  topicId: null,
  engineId,
  observedAt: h.clock.now().toISOString(),
  text: `Acme is the best CRM, answer ${n}.`,
  sources: [{ url: 'https://acme.example/crm?utm_source=x', title: 'Acme' }],
});

async function setUp(plan = 'premium', engineIds = ['chatgpt-local-fetch'], webhooks = false) {
  receiver = webhooks ? await startWebhookReceiver() : undefined;
  h = await createRunHarness(
    webhooks
      ? { webhookNet: { allowPrivate: true, resolve: testResolver(), ca: testCa(), timeoutMs: 1_000 } }
      : {},
  );
  ({ key, accountId } = await h.account(plan));
  await h.store.accounts.update(accountId, { remainingUnits: 100 });
  projectId = (
    await createProject(h.store, accountId, {
      name: 'Acme',
      websiteUrl: 'https://acme.example',
      tracking: manualTracking(engineIds),
    })
  ).id;
}

afterEach(async () => {
  await h?.close();
  await receiver?.close();
});

describe('pairing and check-ins', () => {
  it('pairs with a one-time code; the host serves the projects and its state follows its check-ins', async () => {
    await setUp();
    const paired = await pair();
    expect(paired.token).toMatch(/^awh_[A-Za-z0-9]{40}$/);
    const { code } = await createPairCode(h.store, h.clock, accountId);
    const body = { code, deviceLabel: 'x', agentVersion: '1', engineIds: [] };
    expect((await hostCall('/pair', null, body)).statusCode).toBe(201);
    const reused = await hostCall('/pair', null, body);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('invalid_key');

    expect((await capabilities()).host).toMatchObject({
      configured: true,
      online: true,
      deviceLabel: 'Ada’s laptop',
      required: true,
    });
    h.clock.advance(3 * 60_000);
    expect((await capabilities()).host.online).toBe(false);
    const r = await checkIn(paired.token);
    expect(r.statusCode).toBe(200);
    const checked = CheckedIn.parse(r.json());
    expect(checked.projects.map((p) => p.id)).toEqual([projectId]);
    expect((await capabilities()).host).toMatchObject({
      online: true,
      lastSeenAt: h.clock.now().toISOString(),
    });
    expect(
      (await hostCall('/check-in', 'awh_' + 'x'.repeat(40), { agentVersion: '1', engineIds: [] })).statusCode,
    ).toBe(401);
    expect((await hostCall('/check-in', key, { agentVersion: '1', engineIds: [] })).statusCode).toBe(401);
  });

  it('keeps the host sync API out of the public OpenAPI document', async () => {
    await setUp();
    const doc = (await h.get('/v1/openapi.json')).json();
    expect(Object.keys(doc.paths).some((p) => p.includes('host'))).toBe(false);
  });
});

describe('host-mode runs', () => {
  it('hands a request over: waiting, queued at check-in, running once claimed, answers scored, completed', async () => {
    await setUp();
    const paired = await pair();
    const promptId = (
      await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' })
    ).json().id;
    h.clock.advance(10 * 60_000); // the host went quiet
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    expect(request).toMatchObject({ status: 'waiting_for_host', mode: 'host', estimatedUnits: 0 });

    const checked = CheckedIn.parse((await checkIn(paired.token)).json());
    expect(checked.requests).toEqual([expect.objectContaining({ id: request.id, status: 'queued' })]);
    expect(checked.projects[0]!.prompts).toEqual([
      { promptId, text: 'best crm?', topicId: null, engineIds: ['chatgpt-local-fetch'] },
    ]);
    expect((await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json()).toMatchObject({
      status: 'queued',
      warning: null,
      host: { online: true },
    });

    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
    expect(run).toMatchObject({ requestId: request.id, projectId, samplesPerPrompt: 1 });
    // Claiming again (the agent restarted) gives the same run.
    expect((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json().runId).toBe(run.runId);

    // The searches the host's engine ran come along, cleaned as an adapter cleans them (blank and repeat dropped).
    const answers = [
      { ...answer(run.runId, promptId, 1), searchQueries: [' best crm 2026 ', '', 'best crm 2026'] },
    ];
    const first = await hostCall(`/runs/${run.runId}/answers`, paired.token, { answers });
    expect(first.json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await hostCall(`/runs/${run.runId}/answers`, paired.token, { answers })).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
    const finished = await hostCall(`/runs/${run.runId}/finish`, paired.token, { status: 'completed' });
    expect(finished.json()).toMatchObject({ status: 'completed', requestStatus: 'completed' });

    const [stored] = (await h.get(`/v1/projects/${projectId}/answers?runId=${run.runId}`, key)).json().data;
    expect(stored).toMatchObject({
      engineId: 'chatgpt-local-fetch',
      mentioned: true,
      cited: true,
      sourceUrls: ['https://acme.example/crm'],
      runId: run.runId,
    });
    expect((await h.get(`/v1/projects/${projectId}/answers/${stored.id}`, key)).json().searchQueries).toEqual(
      ['best crm 2026'],
    );
    expect((await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json()).toMatchObject({
      status: 'completed',
      runIds: [run.runId],
    });
    expect((await h.get(`/v1/projects/${projectId}/stats/daily`, key)).json().incompleteDays).toBe(0);
  });

  it('runs the cloud part of a mixed request in the service once the host starts, and ends when both ended', async () => {
    await setUp('premium', ['chatgpt', 'chatgpt-local-fetch']);
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    expect(request).toMatchObject({ status: 'queued', mode: 'host', estimatedUnits: 1 });
    await h.jobs.idle();
    expect(h.fakes.requests.openai).toHaveLength(0); // nothing before the host starts
    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
    expect(run.prompts[0]!.engineIds).toEqual(['chatgpt-local-fetch']);
    await h.jobs.idle();
    expect(h.fakes.requests.openai).toHaveLength(1);
    expect((await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json().status).toBe(
      'running',
    );
    await hostCall(`/runs/${run.runId}/finish`, paired.token, { status: 'failed', error: 'login wall' });
    const ended = (await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json();
    expect(ended).toMatchObject({ status: 'completed' });
    expect(ended.runIds).toHaveLength(2);
    const runs = (await h.get(`/v1/projects/${projectId}/runs`, key)).json().data;
    expect(runs.map((r: { status: string }) => r.status).sort()).toEqual(['completed', 'failed']);
  });

  it('gives a failed request the host’s stable cause as its error code, host_run_failed without one', async () => {
    await setUp();
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const failWith = async (finish: Record<string, unknown>) => {
      const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
      const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
      const finished = await hostCall(`/runs/${run.runId}/finish`, paired.token, {
        status: 'failed',
        ...finish,
      });
      expect(finished.statusCode).toBe(200);
      return (await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json();
    };
    const message = 'All 2 answers failed. chatgpt-local-fetch: login_required: sign in again (x2)';
    expect(await failWith({ error: message, code: 'login_required' })).toMatchObject({
      status: 'failed',
      error: { code: 'login_required', message },
    });
    expect(await failWith({ error: 'mixed causes', code: null })).toMatchObject({
      error: { code: 'host_run_failed', message: 'mixed causes' },
    });
    // An older agent sends no code at all.
    expect(await failWith({ error: 'old agent' })).toMatchObject({ error: { code: 'host_run_failed' } });
  });

  it('refuses a cause that is not a stable code', async () => {
    await setUp();
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
    for (const code of ['Login Required', 'sign in again!', 'x'.repeat(61), '']) {
      const refused = await hostCall(`/runs/${run.runId}/finish`, paired.token, { status: 'failed', code });
      expect(refused.statusCode).toBe(400);
      const failures = [{ engineId: 'chatgpt-local-fetch', code, message: 'x', count: 1 }];
      const badFailure = await hostCall(`/runs/${run.runId}/finish`, paired.token, {
        status: 'failed',
        failures,
      });
      expect(badFailure.statusCode).toBe(400);
    }
  });

  it('fails a request whose host vanished mid-run after the 24-hour wait, never leaving it running', async () => {
    await setUp();
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    await hostCall(`/run-requests/${request.id}/claim`, paired.token);
    h.clock.advance(24 * 3600_000 - 1000);
    expect(await expireWaitingRequests(h.store, h.clock, BASE)).toBe(0);
    h.clock.advance(1000);
    expect(await expireWaitingRequests(h.store, h.clock, BASE)).toBe(1);
    expect((await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json()).toMatchObject({
      status: 'failed',
      error: { code: 'host_unavailable' },
    });
  });

  it('takes the host’s own scheduled runs, once per clientRunId', async () => {
    await setUp();
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const body = {
      clientRunId: 'local-run-0001',
      startedAt: h.clock.now().toISOString(),
      samplesPerPrompt: 1,
    };
    const run = HostRun.parse((await hostCall(`/projects/${projectId}/runs`, paired.token, body)).json());
    expect((await hostCall(`/projects/${projectId}/runs`, paired.token, body)).json().runId).toBe(run.runId);
    expect(run.requestId).toBeNull();
    await hostCall(`/runs/${run.runId}/finish`, paired.token, { status: 'completed' });
    expect((await h.get(`/v1/projects/${projectId}/runs`, key)).json().data[0]).toMatchObject({
      id: run.runId,
      trigger: 'scheduled',
      status: 'completed',
    });
    const other = await createProject(h.store, accountId, { name: 'Other' });
    expect((await hostCall(`/projects/${other.id}/runs`, 'awh_' + 'y'.repeat(40), body)).statusCode).toBe(
      401,
    );
  });
});

describe('bring-your-own-key plans', () => {
  it('shows the host’s tracking settings read-only and runs every engine on the host at no cost', async () => {
    await setUp('byok', ['chatgpt']);
    const paired = await pair();
    const tracking = {
      engineIds: ['claude', 'gemini'],
      cadence: 'daily',
      timeOfDay: '07:15',
      weeklyDay: 'friday',
      timezone: 'Europe/Berlin',
      samplesPerPrompt: 2,
    };
    await checkIn(paired.token, [{ projectId, tracking }]);
    const caps = await capabilities();
    expect(caps.tracking).toMatchObject({ ...tracking, writable: false });
    expect(caps.allowance).toBeNull();
    expect(
      (await h.write('PUT', `/v1/projects/${projectId}/tracking`, key, { cadence: 'weekly' })).json().code,
    ).toBe('byok_not_supported');
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    expect(request).toMatchObject({ mode: 'host', estimatedUnits: 0, status: 'queued' });
    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
    expect(run.prompts[0]!.engineIds).toEqual(['claude', 'gemini']);
    await h.jobs.idle();
    expect(h.fakes.requests.anthropic).toHaveLength(0); // the service asks nothing for byok projects
  });
});

describe('host engines that failed every answer', () => {
  const LF = 'chatgpt-local-fetch';
  const PX = 'perplexity-local-fetch';
  const signInFix = (app: string, id: string) =>
    `On that computer, sign the browser in with “Sign in to ${app}” on the Engines page (desktop app or web ` +
    `UI) or \`npx answerwatch agent login ${id}\`, then close its window.`;

  /** A request the host claimed, with its prompts' ids. */
  async function claimed(token: string, prompts: string[]) {
    const ids = [];
    for (const text of prompts)
      ids.push((await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text })).json().id);
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, token)).json());
    return { request, run, promptIds: ids as string[] };
  }
  const requestOf = async (id: string) =>
    (await h.get(`/v1/projects/${projectId}/run-requests/${id}`, key)).json();

  it('completes with the others and names the engine, why and the fix, in the warning and run.completed', async () => {
    await setUp('premium', [LF, PX], true);
    const hook = await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, {
      url: `${receiver!.url}/hook`,
    });
    expect(hook.statusCode).toBe(201);
    const paired = await pair();
    const { request, run, promptIds } = await claimed(paired.token, ['best crm?', 'cheapest crm?']);
    const answers = promptIds.map((id) => answer(run.runId, id, 1, LF));
    await hostCall(`/runs/${run.runId}/answers`, paired.token, { answers });
    const finished = await hostCall(`/runs/${run.runId}/finish`, paired.token, {
      status: 'completed',
      failures: [
        { engineId: PX, code: 'login_required', message: 'sign in again: the page shows a wall', count: 2 },
        // Failed once but answered twice: not named.
        { engineId: LF, code: 'timeout', message: 'no complete answer within 180 s', count: 1 },
        // Not an engine this host asks on the plan: left out.
        { engineId: 'chatgpt', code: 'auth', message: 'refused', count: 2 },
      ],
    });
    expect(finished.json()).toMatchObject({ status: 'completed', requestStatus: 'completed' });

    const reason = 'The browser on the host computer is not signed in to Perplexity.';
    const fix = signInFix('Perplexity', PX);
    const warning = `Perplexity (signed-in browser) failed every answer (2): ${reason} ${fix}`;
    expect(await requestOf(request.id)).toMatchObject({ status: 'completed', error: null, warning });
    await h.jobs.idle();
    await receiver!.waitFor(1);
    const event = RunEvent.parse(JSON.parse(receiver!.received[0]!.rawBody.toString('utf8')));
    expect(event.event).toBe('run.completed');
    expect(event.data).toMatchObject({
      runId: run.runId,
      answerCount: 2,
      error: null,
      warning,
      failedEngines: [
        { engineId: PX, engineLabel: 'Perplexity (signed-in browser)', failedAnswers: 2, reason, fix },
      ],
    });
  });

  it('fails a run whose engines all failed with each engine, why and the fix in the error', async () => {
    await setUp('premium', [LF, PX]);
    const paired = await pair();
    const { request, run } = await claimed(paired.token, ['best crm?']);
    await hostCall(`/runs/${run.runId}/finish`, paired.token, {
      status: 'failed',
      error: 'All 2 answers failed. …',
      code: null,
      failures: [
        { engineId: PX, code: 'captcha', message: 'a CAPTCHA is in the way', count: 1 },
        { engineId: LF, code: 'browser_unavailable', message: 'no display', count: 1 },
      ],
    });
    expect(await requestOf(request.id)).toMatchObject({
      status: 'failed',
      warning: null,
      error: {
        code: 'host_run_failed',
        message:
          'Every answer failed (2). Perplexity (signed-in browser) failed every answer (1): A CAPTCHA stopped ' +
          'Perplexity in the browser on the host computer. On that computer, open the browser with “Sign in to ' +
          'Perplexity” on the Engines page (desktop app or web UI) or `npx answerwatch agent login ' +
          'perplexity-local-fetch`, solve it, and run again. ChatGPT (signed-in browser) failed every answer ' +
          '(1): The browser for ChatGPT (signed-in browser) did not start on the host computer (no display). ' +
          'Install Chrome or Chromium on that computer, or set ANSWERWATCH_CHROME to its path.',
      },
    });
  });

  it('names a key missing on the host and Ollama not answering, the key fix the readiness check’s', async () => {
    await setUp('byok', ['claude', 'gemini', 'ollama']);
    const paired = await pair();
    await hostCall('/check-in', paired.token, { agentVersion: '1.0.1', engineIds: ['gemini', 'ollama'] });
    const { request, run, promptIds } = await claimed(paired.token, ['best crm?']);
    await hostCall(`/runs/${run.runId}/answers`, paired.token, {
      answers: [answer(run.runId, promptIds[0]!, 1, 'gemini')],
    });
    await hostCall(`/runs/${run.runId}/finish`, paired.token, {
      status: 'completed',
      failures: [
        { engineId: 'claude', code: 'no_key', message: 'no key for claude on this computer', count: 1 },
        { engineId: 'ollama', code: 'network', message: 'ollama: network error (ECONNREFUSED)', count: 1 },
      ],
    });
    const keyFix =
      'Add your Claude key on the Engines page, or with `npx answerwatch agent keys set claude` on that computer.';
    expect((await requestOf(request.id)).warning).toBe(
      `Claude failed every answer (1): The host computer has no API key for Claude. ${keyFix} ` +
        'Ollama (local model) failed every answer (1): Ollama did not answer on the host computer ' +
        '(ollama: network error (ECONNREFUSED)). Start Ollama on that computer (`ollama serve`), or set ' +
        'OLLAMA_HOST for the agent to where it runs.',
    );
    const readiness = (await h.get(`/v1/projects/${projectId}/readiness`, key)).json();
    expect(readiness.engines.find((e: { id: string }) => e.id === 'claude').problem.fix).toBe(keyFix);
  });

  it('names a host engine in the warning of a mixed request whose cloud part completed', async () => {
    await setUp('premium', ['chatgpt', LF]);
    const paired = await pair();
    const { request, run } = await claimed(paired.token, ['best crm?']);
    await h.jobs.idle();
    await hostCall(`/runs/${run.runId}/finish`, paired.token, {
      status: 'failed',
      code: 'login_required',
      failures: [{ engineId: LF, code: 'login_required', message: 'sign in again', count: 1 }],
    });
    expect(await requestOf(request.id)).toMatchObject({
      status: 'completed',
      error: null,
      warning:
        'ChatGPT (signed-in browser) failed every answer (1): The browser on the host computer is not signed ' +
        `in to ChatGPT. ${signInFix('ChatGPT', LF)}`,
    });
  });
});
