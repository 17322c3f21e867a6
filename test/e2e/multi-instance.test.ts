import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEngines, type FakeEngines } from '../fakes/engines/index.ts';
import { startWebhookReceiver, TEST_CA_PATH, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { accountWithKey, cli, until } from '../support/e2e.ts';
import { rawDb } from '../support/raw-db.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const INSTANCES = 3;
const eventOf = (body: Buffer) =>
  JSON.parse(body.toString('utf8')) as { id: string; data: { runId?: string } };
/** The process id in a lease owner (`runs@host:pid:random`, see workerId). */
const pidOf = (owner: string | null) => Number(owner?.split(':')[1]);

/** The due instant of a daily schedule at least `aheadMs` from now, on a whole minute (UTC). */
function nextSlot(aheadMs: number): Date {
  const t = new Date(Date.now() + aheadMs);
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  return t;
}

describe.skipIf(!e2eEngines().includes('postgres'))('three serve processes on one PostgreSQL', () => {
  let database: ServiceDatabase;
  let fakes: FakeEngines;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  let key: string;
  let accountId: string;
  let turn = 0;
  let slot: Date;
  let scheduledProject: string;

  /** A JSON call to the next live instance in turn: a balancer with nothing sticky that drops dead instances. */
  async function call(path: string, method = 'GET', body?: unknown, as = key) {
    const alive = servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
    const server = alive[turn++ % alive.length]!;
    const r = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${as}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are read by the assertions that check them
    return { status: r.status, headers: r.headers, body: (await r.json()) as any };
  }
  const start = () => startServer(database.location, env, 'serve');
  /** kill -9 of the instance whose process id is `pid`; answers its place, for a new instance later. */
  async function killInstance(pid: number): Promise<number> {
    const i = servers.findIndex((s) => s.child.pid === pid);
    expect(i, `no instance has process ${pid}`).toBeGreaterThanOrEqual(0);
    await servers[i]!.kill();
    return i;
  }
  async function project(name: string, prompts: number, engineIds: string[]) {
    const p = await call('/projects', 'POST', { name, websiteUrl: 'https://acme.example' });
    expect(p.status).toBe(201);
    for (let i = 0; i < prompts; i += 1) {
      const r = await call(`/projects/${p.body.id}/prompts`, 'POST', {
        text: `${name} question ${i}?`,
        engineIds,
      });
      expect(r.status).toBe(201);
    }
    return p.body.id as string;
  }
  const requestEnded = (projectId: string, requestId: string) =>
    until(
      'the request to end',
      async () => (await call(`/projects/${projectId}/run-requests/${requestId}`)).body,
      (r) => r.status === 'completed' || r.status === 'failed',
    );

  beforeAll(async () => {
    database = await serviceDatabase('postgres');
    fakes = await startFakeEngines({ latencyMs: 500 });
    receiver = await startWebhookReceiver();
    env = {
      ...fakes.env,
      ...database.env,
      ANSWERWATCH_RUN_LEASE_SECONDS: '3',
      ANSWERWATCH_WEBHOOK_LEASE_SECONDS: '11',
      ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1',
      NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
      ANSWERWATCH_ENGINE_CONCURRENCY: '2',
      ANSWERWATCH_JUDGE: 'off',
      ANSWERWATCH_LOG_LEVEL: 'info',
    };
    // One instance first, to set up a daily schedule due in a couple of minutes; the other two load it at start,
    // so all three fire the same slot.
    servers.push(await start());
    ({ key, accountId } = await accountWithKey(database.location));
    scheduledProject = await project('Scheduled', 1, ['gemini']);
    slot = nextSlot(150_000);
    const tracking = await call(`/projects/${scheduledProject}/tracking`, 'PUT', {
      cadence: 'daily',
      timeOfDay: slot.toISOString().slice(11, 16),
      timezone: 'UTC',
      engineIds: ['gemini'],
    });
    expect(tracking.status).toBe(200);
    servers.push(...(await Promise.all(Array.from({ length: INSTANCES - 1 }, start))));
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await receiver?.close();
    await fakes?.close();
    await database?.close();
  });

  it('finishes a run on another instance when the one running it is killed: no answer twice, its event arrives', async () => {
    const p = await project('Acme', 12, ['chatgpt', 'gemini']);
    expect((await call(`/projects/${p}/webhooks`, 'POST', { url: `${receiver.url}/hook` })).status).toBe(201);
    const started = await call(`/projects/${p}/run-requests`, 'POST');
    expect(started.status).toBe(202);
    await until(
      'some answers',
      async () => (await call(`/projects/${p}/runs`)).body.data[0] as { answerCount: number } | undefined,
      (r) => r !== undefined && r.answerCount >= 4,
    );
    const db = rawDb(database.location);
    try {
      const lease = await db
        .selectFrom('run_requests')
        .select('lease_owner')
        .where('id', '=', started.body.id)
        .executeTakeFirstOrThrow();
      const running = await call(`/projects/${p}/run-requests/${started.body.id}`);
      expect(running.body.status).toBe('running');
      const killed = await killInstance(pidOf(lease.lease_owner));
      const request = await requestEnded(p, started.body.id);
      expect(request).toMatchObject({ status: 'completed', error: null });
      servers[killed] = await start();
      const runId = request.runIds[0] as string;
      const stored = await db
        .selectFrom('answers')
        .select(['import_key'])
        .where('run_id', '=', runId)
        .execute();
      expect(stored).toHaveLength(24);
      expect(new Set(stored.map((a) => a.import_key)).size).toBe(24);
      expect((await call(`/projects/${p}/runs`)).body.data[0]).toMatchObject({ id: runId, answerCount: 24 });
      const events = await until(
        "the run's event",
        async () => receiver.received.map((r) => eventOf(r.rawBody)).filter((e) => e.data.runId === runId),
        (list) => list.length > 0,
      );
      expect(new Set(events.map((e) => e.id)).size).toBe(1);
    } finally {
      await db.destroy();
    }
  }, 180_000);

  it('sends the event again from another instance when the one sending it is killed mid-delivery', async () => {
    const p = await project('Initech', 1, ['gemini']);
    expect((await call(`/projects/${p}/webhooks`, 'POST', { url: `${receiver.url}/slow` })).status).toBe(201);
    receiver.respond({ slowMs: 30_000 });
    const before = receiver.received.length;
    const started = await call(`/projects/${p}/run-requests`, 'POST');
    const request = await requestEnded(p, started.body.id);
    await receiver.waitFor(before + 1, 60_000);
    const first = receiver.received[before]!;
    const db = rawDb(database.location);
    try {
      const delivery = await db
        .selectFrom('webhook_deliveries')
        .select(['lease_owner', 'event_id'])
        .where('id', '=', String(first.headers['x-service-delivery']))
        .executeTakeFirstOrThrow();
      const killed = await killInstance(pidOf(delivery.lease_owner));
      // The dead instance held the attempt's lease (11 s); then one of the others takes it over.
      await receiver.waitFor(before + 2, 60_000);
      servers[killed] = await start();
      const second = receiver.received[before + 1]!;
      expect(second.headers['x-service-delivery']).toBe(first.headers['x-service-delivery']);
      expect(eventOf(second.rawBody)).toEqual(eventOf(first.rawBody));
      expect(eventOf(second.rawBody).data.runId).toBe(request.runIds[0]);
      expect(delivery.event_id).toBe(eventOf(first.rawBody).id);
    } finally {
      await db.destroy();
    }
  }, 180_000);

  it('lets exactly 300 of 301 requests in one minute through for one key, spread over the three', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // A fresh key each time: one burst that straddles a minute boundary is two windows, so it is tried again.
      const created = await cli(
        ...['keys', 'create', '--account', accountId, '--label', 'burst', '--scopes', 'visibility:read'],
        ...['--db', database.location],
      );
      const fresh = created.key as string;
      const second = new Date().getUTCSeconds();
      if (second > 40) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
      const minute = Math.floor(Date.now() / 60_000);
      const results: { status: number; remaining: string | null; retryAfter: string | null }[] = [];
      const queue = Array.from({ length: 301 }, (_, i) => i);
      await Promise.all(
        Array.from({ length: 12 }, async () => {
          while (queue.shift() !== undefined) {
            const r = await call('/me', 'GET', undefined, fresh);
            results.push({
              status: r.status,
              remaining: r.headers.get('ratelimit'),
              retryAfter: r.headers.get('retry-after'),
            });
          }
        }),
      );
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      const ok = results.filter((r) => r.status === 200);
      const limited = results.filter((r) => r.status === 429);
      expect(ok).toHaveLength(300);
      expect(limited).toHaveLength(1);
      expect(Number(limited[0]!.retryAfter)).toBeGreaterThan(0);
      // Each allowed request was counted once, whichever instance took it: remaining went 299 down to 0.
      const remaining = ok
        .map((r) => Number(/remaining=(\d+)/.exec(r.remaining ?? '')?.[1]))
        .sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 300 }, (_, i) => i));
      return;
    }
    throw new Error('every burst straddled a minute boundary');
  }, 240_000);

  it('takes one request for one Idempotency-Key, and a host through pairing, check-in, claim, uploads and finish, whichever instance each call reaches', async () => {
    /** The same call made at once on two different instances. */
    const onTwo = (path: string, init: RequestInit) =>
      Promise.all(
        servers.slice(0, 2).map(async (s) => {
          const r = await fetch(`${s.baseUrl.replace(/\/v1$/, '')}${path}`, init);
          return { status: r.status, body: await r.json() };
        }),
      );
    const json = (body: unknown, token = key) => ({
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    // Pairing: the same code at once on two instances pairs one computer.
    const { code } = await cli('hosts', 'pair-code', '--account', accountId, '--db', database.location);
    const pairing = { code, deviceLabel: 'Ada', agentVersion: '1.0.0', engineIds: ['chatgpt-local-fetch'] };
    const paired = await onTwo('/host/v1/pair', json(pairing, ''));
    expect(paired.map((r) => r.status).sort()).toEqual([201, 401]);
    const token = paired.find((r) => r.status === 201)!.body.token as string;

    // A host project: the run request goes to the host.
    const p = await project('Hosted', 2, ['chatgpt-local-fetch']);
    expect((await call(`/projects/${p}/capabilities`)).body.host).toMatchObject({
      configured: true,
      online: true,
    });

    // The same Idempotency-Key at once on two instances: one request, and the other call replays it.
    const idem = {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'nightly-1' },
    };
    const twice = await onTwo(`/v1/projects/${p}/run-requests`, idem);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 202]);
    expect(twice[0]!.body.id).toBe(twice[1]!.body.id);
    expect((await call(`/projects/${p}/run-requests`)).body.data).toHaveLength(1);
    const requestId = twice[0]!.body.id as string;

    const host = (path: string, body: unknown) => {
      const server = servers[turn++ % servers.length]!;
      return fetch(`${server.baseUrl.replace(/\/v1$/, '')}/host/v1${path}`, json(body, token)).then(
        async (r) => ({
          status: r.status,
          body: await r.json(),
        }),
      );
    };
    const checked = await host('/check-in', { agentVersion: '1.0.0', engineIds: ['chatgpt-local-fetch'] });
    expect(checked.body.requests).toEqual([expect.objectContaining({ id: requestId })]);
    // Claimed at once on two instances (an agent retrying): the same Run.
    const claims = await onTwo(`/host/v1/run-requests/${requestId}/claim`, json({}, token));
    expect(claims.map((r) => r.status)).toEqual([200, 200]);
    expect(claims[0]!.body.runId).toBe(claims[1]!.body.runId);
    const run = claims[0]!.body as { runId: string; prompts: { promptId: string; text: string }[] };
    const answers = run.prompts.map((prompt, i) => ({
      key: `${run.runId}:${prompt.promptId}:chatgpt-local-fetch:${i}`,
      promptId: prompt.promptId,
      promptText: prompt.text,
      topicId: null,
      engineId: 'chatgpt-local-fetch',
      observedAt: new Date().toISOString(),
      text: `Acme is named in answer ${i}.`,
      sources: [],
    }));
    // The same upload at once on two instances (an agent whose first try timed out): stored once.
    const uploads = await onTwo(`/host/v1/runs/${run.runId}/answers`, json({ answers }, token));
    expect(uploads.map((u) => u.body.stored + u.body.duplicates)).toEqual([answers.length, answers.length]);
    expect(uploads[0]!.body.stored + uploads[1]!.body.stored).toBe(answers.length);
    const finished = await host(`/runs/${run.runId}/finish`, { status: 'completed' });
    expect(finished.body).toMatchObject({ status: 'completed', requestStatus: 'completed' });
    expect((await call(`/projects/${p}/runs`)).body.data[0]).toMatchObject({ answerCount: answers.length });
  }, 120_000);

  it('starts one run for a schedule slot that every instance fires', async () => {
    await new Promise((r) => setTimeout(r, Math.max(0, slot.getTime() + 10_000 - Date.now())));
    const runs = await until(
      'the scheduled run',
      async () => (await call(`/projects/${scheduledProject}/runs`)).body.data as { trigger: string }[],
      (list) => list.length > 0,
    );
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await call(`/projects/${scheduledProject}/runs`)).body.data).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'scheduled' });
    const db = rawDb(database.location);
    try {
      const requests = await db
        .selectFrom('run_requests')
        .select('schedule_slot')
        .where('project_id', '=', scheduledProject)
        .execute();
      expect(requests).toEqual([{ schedule_slot: slot.toISOString() }]);
    } finally {
      await db.destroy();
    }
    // More than one instance fired the slot: one started it, the others found it taken.
    const fired = servers.filter((s) => s.output().includes(`"projectId":"${scheduledProject}"`));
    expect(fired.length).toBeGreaterThanOrEqual(2);
    expect(servers.some((s) => s.output().includes('was started already'))).toBe(true);
  }, 240_000);
});
