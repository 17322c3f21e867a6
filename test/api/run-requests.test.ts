import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunRequest } from '../../server/contract/runs.ts';
import { cancelRunRequest } from '../../server/domain/cancel-run.ts';
import { expireWaitingRequests } from '../../server/domain/run-lifecycle.ts';
import { DEFAULT_PLANS, type Plan } from '../../server/domain/plans.ts';
import { BASE, createHarness, type Harness } from '../support/api-harness.ts';
import { createHost, createProject } from '../support/fixtures.ts';

const premium = DEFAULT_PLANS.find((p) => p.code === 'premium')!;
const twoSamples: Plan = {
  ...premium,
  code: 'two-samples',
  limits: { ...premium.limits, maxSamplesPerPrompt: 2 },
};

let h: Harness;
let key: string;
let accountId: string;
let projectId: string;

async function addPrompts(project: string, engineIds: string[], count = 2) {
  for (let i = 0; i < count; i += 1) {
    const r = await h.write('POST', `/v1/projects/${project}/prompts`, key, {
      text: `best tool ${i}`,
      engineIds,
    });
    expect(r.statusCode).toBe(201);
  }
}

const start = (body?: unknown, idempotencyKey?: string, project = projectId) =>
  h.request({
    method: 'POST',
    url: `/v1/projects/${project}/run-requests`,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });

const account = async () => (await h.store.accounts.get(accountId))!;

beforeEach(async () => {
  h = await createHarness({ plans: [...DEFAULT_PLANS, twoSamples] });
  ({ key, accountId } = await h.account('premium'));
  await h.store.accounts.update(accountId, { remainingUnits: 10, prepaidCredits: 20 });
  projectId = (await createProject(h.store, accountId)).id;
});
afterEach(() => h.close());

describe('POST run-requests', () => {
  it('accepts a cloud run with 202, Location, the estimate, and holds the units (period first)', async () => {
    await addPrompts(projectId, ['chatgpt', 'gemini']);
    const r = await start({ samplesPerPrompt: 3 });
    expect(r.statusCode).toBe(202);
    const body = RunRequest.parse(r.json());
    expect(r.headers.location).toBe(`${BASE}/projects/${projectId}/run-requests/${body.id}`);
    expect(body).toMatchObject({
      status: 'queued',
      mode: 'cloud',
      promptCount: 2,
      estimatedUnits: 12,
      runIds: [],
      warning: null,
      error: null,
      host: null,
      completedAt: null,
    });
    expect(body.replayed).toBeUndefined();
    // 12 units: the 10 of the period first, then 2 prepaid credits.
    expect(await account()).toMatchObject({ remainingUnits: 0, prepaidCredits: 18 });
    const read = await h.get(`/v1/projects/${projectId}/run-requests/${body.id}`, key);
    expect(read.json()).toEqual(body);
  });

  it('refuses a run above the allowance with estimatedUnits and remainingUnits, before any other rule', async () => {
    await addPrompts(projectId, ['chatgpt', 'gemini', 'perplexity'], 2);
    expect((await start({ samplesPerPrompt: 5 })).statusCode).toBe(202); // 30 units: everything
    const r = await start();
    expect(r.statusCode).toBe(409);
    // A run is in progress too, but the allowance is checked first.
    expect(r.json()).toMatchObject({ code: 'insufficient_allowance', estimatedUnits: 6, remainingUnits: 0 });
    expect(await account()).toMatchObject({ remainingUnits: 0, prepaidCredits: 0 });
  });

  it('allows one active request per project: 409 run_in_progress naming it', async () => {
    await addPrompts(projectId, ['chatgpt']);
    const first = (await start()).json();
    const r = await start();
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: 'run_in_progress', activeRequestId: first.id });
    // The refused request held nothing.
    expect(await account()).toMatchObject({ remainingUnits: 8, prepaidCredits: 20 });
    const caps = (await h.get(`/v1/projects/${projectId}/capabilities`, key)).json();
    expect(caps.runs).toMatchObject({ activeRequestId: first.id, usedToday: 1, canStartCloudRun: false });
  });

  it('allows 24 API requests per project per UTC day; the 25th is 429 with Retry-After to midnight', async () => {
    await h.store.accounts.update(accountId, { remainingUnits: 1000 });
    await addPrompts(projectId, ['chatgpt'], 1);
    h.clock.set('2026-06-15T23:00:00.000Z');
    for (let i = 0; i < 24; i += 1) {
      const r = await start();
      expect(r.statusCode).toBe(202);
      await cancelRunRequest(h.store, h.clock, r.json().id);
    }
    h.clock.set('2026-06-15T23:59:10.000Z');
    const r = await start();
    expect(r.statusCode).toBe(429);
    expect(r.json().code).toBe('daily_run_limit');
    expect(r.headers['retry-after']).toBe('50');
    h.clock.set('2026-06-16T00:00:00.000Z');
    expect((await start()).statusCode).toBe(202);
    // Canceled requests gave back what they held.
    expect(await account()).toMatchObject({ prepaidCredits: 20 });
  });

  it('checks samplesPerPrompt: 1 to 5, not above the plan', async () => {
    await addPrompts(projectId, ['chatgpt']);
    for (const samplesPerPrompt of [0, 6, 1.5, '2']) {
      const r = await start({ samplesPerPrompt });
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
    }
    expect((await start({ other: 1 })).statusCode).toBe(400);
    const limited = await h.account('two-samples');
    await h.store.accounts.update(limited.accountId, { remainingUnits: 100 });
    const p = (await createProject(h.store, limited.accountId)).id;
    const saved = key;
    key = limited.key;
    await addPrompts(p, ['chatgpt']);
    const r = await start({ samplesPerPrompt: 3 }, undefined, p);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'plan_limit',
      detail: expect.stringContaining('maxSamplesPerPrompt'),
    });
    expect((await start({ samplesPerPrompt: 2 }, undefined, p)).statusCode).toBe(202);
    key = saved;
  });

  it('refuses a project without an active prompt with an engine: 409 no_prompts', async () => {
    const r = await start();
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('no_prompts');
  });

  it('refuses a local-fetch engine without a host: 409 host_required', async () => {
    await addPrompts(projectId, ['chatgpt', 'chatgpt-local-fetch']);
    const r = await start();
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('host_required');
  });

  it('hands a local-fetch run to the host: queued when online, waiting with a warning when off', async () => {
    const online = await createHost(h.dbPath, accountId, h.clock.now().toISOString());
    const onProject = (await createProject(h.store, accountId, { hostId: online })).id;
    await addPrompts(onProject, ['chatgpt', 'perplexity-local-fetch']);
    const queued = (await start(undefined, undefined, onProject)).json();
    expect(queued).toMatchObject({
      status: 'queued',
      mode: 'host',
      estimatedUnits: 2, // the cloud engine's answers; the host's cost nothing
      warning: null,
      host: { online: true, lastSeenAt: h.clock.now().toISOString() },
    });

    const off = await createHost(h.dbPath, accountId, '2026-06-14T08:00:00.000Z');
    const offProject = (await createProject(h.store, accountId, { hostId: off })).id;
    await addPrompts(offProject, ['gemini-local-fetch']);
    const r = await start(undefined, undefined, offProject);
    expect(r.statusCode).toBe(202);
    expect(r.json()).toMatchObject({
      status: 'waiting_for_host',
      mode: 'host',
      estimatedUnits: 0,
      warning: expect.stringContaining('host computer is off'),
      host: { online: false, lastSeenAt: '2026-06-14T08:00:00.000Z' },
    });
  });

  it('fails a request whose host stays off for 24 hours with host_unavailable, giving its units back', async () => {
    const off = await createHost(h.dbPath, accountId, null);
    const p = (await createProject(h.store, accountId, { hostId: off })).id;
    await addPrompts(p, ['chatgpt', 'claude-local-fetch']);
    const waiting = (await start(undefined, undefined, p)).json();
    expect(await account()).toMatchObject({ remainingUnits: 8 });
    h.clock.advance(24 * 3600_000 - 1000);
    expect(await expireWaitingRequests(h.store, h.clock, BASE)).toBe(0);
    h.clock.advance(1000);
    expect(await expireWaitingRequests(h.store, h.clock, BASE)).toBe(1);
    const r = (await h.get(`/v1/projects/${p}/run-requests/${waiting.id}`, key)).json();
    expect(r).toMatchObject({
      status: 'failed',
      error: { code: 'host_unavailable', message: expect.stringContaining('24 hours') },
      completedAt: h.clock.now().toISOString(),
      updatedAt: h.clock.now().toISOString(),
    });
    expect(await account()).toMatchObject({ remainingUnits: 10, prepaidCredits: 20 });
    expect((await start(undefined, undefined, p)).statusCode).toBe(202);
  });

  it('runs every engine on the host on bring-your-own-key plans, at no cost', async () => {
    const byok = await h.account('byok');
    const host = await createHost(h.dbPath, byok.accountId, h.clock.now().toISOString());
    const p = (await createProject(h.store, byok.accountId, { hostId: host })).id;
    key = byok.key;
    await addPrompts(p, ['chatgpt']);
    expect((await start(undefined, undefined, p)).json()).toMatchObject({
      status: 'queued',
      mode: 'host',
      estimatedUnits: 0,
    });
  });
});

describe('Idempotency-Key', () => {
  beforeEach(() => addPrompts(projectId, ['chatgpt']));

  it('replays the earlier request with 200 and replayed true within 24 hours', async () => {
    const first = await start({ samplesPerPrompt: 1 }, 'order-42');
    expect(first.statusCode).toBe(202);
    const again = await start({ samplesPerPrompt: 1 }, 'order-42');
    expect(again.statusCode).toBe(200);
    expect(again.headers.location).toBeUndefined();
    expect(again.json()).toEqual({ ...first.json(), replayed: true });
    // The default body is the same request as an explicit samplesPerPrompt of 1.
    expect((await start(undefined, 'order-42')).statusCode).toBe(200);
    expect(await account()).toMatchObject({ remainingUnits: 8 });
  });

  it('refuses the same key with a different body: 400 invalid_parameter', async () => {
    await start(undefined, 'order-43');
    const r = await start({ samplesPerPrompt: 2 }, 'order-43');
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('invalid_parameter');
  });

  it('frees the key after 24 hours', async () => {
    const first = (await start(undefined, 'order-44')).json();
    await cancelRunRequest(h.store, h.clock, first.id);
    h.clock.advance(24 * 3600_000);
    const r = await start(undefined, 'order-44');
    expect(r.statusCode).toBe(202);
    expect(r.json().id).not.toBe(first.id);
    expect((await h.get(`/v1/projects/${projectId}/run-requests/${first.id}`, key)).statusCode).toBe(200);
  });

  it('creates exactly one request from concurrent duplicates', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => start(undefined, 'burst')));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 202]);
    expect(new Set(all.map((r) => r.json().id)).size).toBe(1);
    const list = (await h.get(`/v1/projects/${projectId}/run-requests`, key)).json();
    expect(list.data).toHaveLength(1);
  });

  it('limits the key to 128 characters', async () => {
    expect((await start(undefined, 'k'.repeat(129))).statusCode).toBe(400);
    const ok = await start(undefined, 'k'.repeat(128));
    expect(ok.statusCode).toBe(202);
  });
});

describe('run request list', () => {
  it('lists only API requests, newest first, paged', async () => {
    await h.store.accounts.update(accountId, { remainingUnits: 100 });
    await addPrompts(projectId, ['chatgpt'], 1);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      h.clock.advance(1000);
      const r = (await start()).json();
      ids.push(r.id);
      await cancelRunRequest(h.store, h.clock, r.id);
    }
    const { startScheduledRun } = await import('../../server/domain/start-run.ts');
    h.clock.advance(1000);
    const scheduled = await startScheduledRun(h.services, projectId, DEFAULT_PLANS, h.clock.now());
    expect(scheduled).toMatchObject({ started: expect.any(String) });
    const page1 = (await h.get(`/v1/projects/${projectId}/run-requests?limit=2`, key)).json();
    expect(page1.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.data[0]).toMatchObject({ status: 'canceled', completedAt: expect.any(String) });
    const page2 = (
      await h.get(`/v1/projects/${projectId}/run-requests?limit=2&cursor=${page1.nextCursor}`, key)
    ).json();
    expect(page2.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(page2.nextCursor).toBeNull();
    // A scheduled run still blocks an API request while it is active.
    expect((await start()).json()).toMatchObject({ code: 'run_in_progress' });
  });
});
