/**
 * Before a run (extension): per engine, whether a run started now would ask it and what to do when not; and
 * cancelling a run request through the API (extension over the CLI's cancel).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CancelOutcome, Readiness } from '../../server/contract/extensions.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createHost, createProject, manualTracking } from '../support/fixtures.ts';
import { DEFAULT_PLANS, type Plan } from '../../server/domain/plans.ts';

const NARROW: Plan = {
  ...DEFAULT_PLANS.find((p) => p.code === 'premium')!,
  code: 'narrow',
  engineIds: ['chatgpt'],
};

let h: Harness;
let key: string;
let accountId: string;

const readiness = async (projectId: string) => {
  const r = await h.get(`/v1/projects/${projectId}/readiness`, key);
  expect(r.statusCode, r.body).toBe(200);
  return Readiness.parse(r.json());
};
const addPrompt = async (projectId: string, engineIds: string[], text = 'best crm?') => {
  const r = await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text, engineIds });
  expect(r.statusCode, r.body).toBe(201);
};

describe('GET readiness', () => {
  beforeEach(async () => {
    h = await createHarness({ cloudEngineIds: ['chatgpt'], plans: [...DEFAULT_PLANS, NARROW] });
    ({ key, accountId } = await h.account('premium'));
  });
  afterEach(() => h.close());

  it('says which cloud engines have a key in the service and how to set the others', async () => {
    const p = (await createProject(h.store, accountId, { tracking: manualTracking(['chatgpt', 'gemini']) }))
      .id;
    await addPrompt(p, ['chatgpt', 'gemini']);
    const r = await readiness(p);
    expect(r).toMatchObject({ canRun: true, activeRequestId: null, expectedAnswers: 1 });
    expect(r.engines.map((e) => [e.id, e.ready, e.problem?.code ?? null])).toEqual([
      ['chatgpt', true, null],
      ['gemini', false, 'no_key'],
    ]);
    expect(r.engines[1]!.problem!.fix).toContain('GEMINI_API_KEY');
    expect(r.engines[0]).toMatchObject({
      runsOn: 'cloud',
      tracked: true,
      activePrompts: 1,
      signIn: 'not-applicable',
    });
  });

  it('cannot run when no engine of an active prompt can, and names engines no prompt asks', async () => {
    const p = (await createProject(h.store, accountId, { tracking: manualTracking(['gemini', 'chatgpt']) }))
      .id;
    await addPrompt(p, ['gemini']);
    const r = await readiness(p);
    expect(r).toMatchObject({ canRun: false, expectedAnswers: 0 });
    expect(r.engines.find((e) => e.id === 'chatgpt')!.problem!.code).toBe('no_prompt');
    const empty = (await createProject(h.store, accountId)).id;
    expect((await readiness(empty)).canRun).toBe(false);
  });

  it('checks host engines against the host: none chosen, offline, online without a browser, ready', async () => {
    const tracking = manualTracking(['chatgpt-local-fetch']);
    const none = (await createProject(h.store, accountId, { tracking })).id;
    await addPrompt(none, ['chatgpt-local-fetch']);
    expect((await readiness(none)).engines[0]!.problem!.code).toBe('no_host');

    const hostId = await createHost(h.dbPath, accountId, '2026-06-15T11:00:00.000Z');
    const p = (await createProject(h.store, accountId, { tracking, hostId })).id;
    await addPrompt(p, ['chatgpt-local-fetch']);
    const offline = (await readiness(p)).engines[0]!;
    expect(offline).toMatchObject({ ready: false, signIn: 'unknown', problem: { code: 'host_offline' } });

    await h.store.hosts.checkIn(hostId, h.clock.now().toISOString(), '1.0.0', ['ollama']);
    expect((await readiness(p)).engines[0]!.problem).toMatchObject({
      code: 'host_lacks_engine',
      message: expect.stringContaining('Chrome or Chromium'),
    });
    await h.store.hosts.checkIn(hostId, h.clock.now().toISOString(), '1.0.0', ['chatgpt-local-fetch']);
    expect(await readiness(p)).toMatchObject({ canRun: true, expectedAnswers: 1 });
  });

  it('on bring-your-own-key plans asks the host for every engine: a key there or not', async () => {
    const byok = await h.account('byok');
    key = byok.key;
    const hostId = await createHost(h.dbPath, byok.accountId, h.clock.now().toISOString());
    await h.store.hosts.checkIn(hostId, h.clock.now().toISOString(), '1.0.0', ['claude']);
    const p = (
      await createProject(h.store, byok.accountId, {
        tracking: manualTracking(['claude', 'chatgpt']),
        hostId,
      })
    ).id;
    await addPrompt(p, ['claude', 'chatgpt']);
    const r = await readiness(p);
    expect(r.engines.map((e) => [e.id, e.runsOn, e.ready])).toEqual([
      ['chatgpt', 'host', false],
      ['claude', 'host', true],
    ]);
    expect(r.engines[0]!.problem!.fix).toContain('Engines page');
  });

  it('names an engine the plan does not include, and answers 404 to another account', async () => {
    const narrow = await h.account('narrow');
    key = narrow.key;
    // Tracked when the plan still had it: the plan changed since.
    const p = (
      await createProject(h.store, narrow.accountId, { tracking: manualTracking(['chatgpt', 'claude']) })
    ).id;
    const r = await readiness(p);
    expect(r.engines.find((e) => e.id === 'claude')!.problem).toMatchObject({
      code: 'not_in_plan',
      message: 'The narrow plan does not include Claude.',
    });
    const other = await h.account();
    expect((await h.get(`/v1/projects/${p}/readiness`, other.key)).statusCode).toBe(404);
    expect((await h.get(`/v1/projects/${p}/readiness?x=1`, key)).statusCode).toBe(400);
  });
});

describe('POST run-requests/{id}/cancel', () => {
  let projectId: string;
  beforeEach(async () => {
    h = await createHarness();
    ({ key, accountId } = await h.account('premium'));
    await h.store.accounts.update(accountId, { remainingUnits: 10, prepaidCredits: 0 });
    projectId = (await createProject(h.store, accountId, { tracking: manualTracking(['chatgpt']) })).id;
    await addPrompt(projectId, ['chatgpt']);
  });
  afterEach(() => h.close());

  const start = async () => {
    const r = await h.write('POST', `/v1/projects/${projectId}/run-requests`, key);
    expect(r.statusCode, r.body).toBe(202);
    return r.json().id as string;
  };
  const cancel = (id: string, k = key, project = projectId) =>
    h.write('POST', `/v1/projects/${project}/run-requests/${id}/cancel`, k);

  it('cancels a queued request at once and gives its units back', async () => {
    const id = await start();
    expect((await h.store.accounts.get(accountId))!.remainingUnits).toBe(9);
    const r = await cancel(id);
    expect(r.statusCode, r.body).toBe(200);
    expect(CancelOutcome.parse(r.json())).toEqual({ id, outcome: 'canceled' });
    const after = (await h.get(`/v1/projects/${projectId}/run-requests/${id}`, key)).json();
    expect(after).toMatchObject({ status: 'canceled', completedAt: expect.any(String) });
    expect((await h.store.accounts.get(accountId))!.remainingUnits).toBe(10);
  });

  it('flags a running request, twice harmlessly; an ended one is 409', async () => {
    const id = await start();
    await h.store.runRequests.transition(id, ['queued'], {
      status: 'running',
      at: h.clock.now().toISOString(),
    });
    expect((await cancel(id)).json()).toEqual({ id, outcome: 'cancel_requested' });
    expect((await cancel(id)).json()).toEqual({ id, outcome: 'cancel_requested' });
    expect((await h.store.runRequests.byId(id))!.cancel_requested).toBe(1);
    await h.store.runRequests.transition(id, ['running'], {
      status: 'completed',
      at: h.clock.now().toISOString(),
      completed: true,
    });
    const ended = await cancel(id);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('invalid_parameter');
  });

  it('needs runs:execute and a request of this project', async () => {
    const id = await start();
    const reader = await h.key(accountId, ['visibility:read']);
    expect((await cancel(id, reader)).json().code).toBe('insufficient_scope');
    const other = (await createProject(h.store, accountId)).id;
    expect((await cancel(id, key, other)).statusCode).toBe(404);
    expect((await cancel('nope')).statusCode).toBe(404);
  });
});
