import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEngines, type FakeEngines } from '../fakes/engines/index.ts';
import { startWebhookReceiver, TEST_CA_PATH, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { accountWithKey, apiClient, until, type Call } from '../support/e2e.ts';
import { rawDb } from '../support/raw-db.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const eventOf = (body: Buffer) => JSON.parse(body.toString('utf8')) as { id: string; event: string };

/** A due delivery never attempted, as a process leaves it when it dies between the commit and the first send. */
const pendingDelivery = (id: string, webhookId: string, projectId: string, eventId: string, now: string) => ({
  id,
  webhook_id: webhookId,
  project_id: projectId,
  event_id: eventId,
  event: 'run.completed',
  payload: JSON.stringify({ id: eventId, event: 'run.completed', createdAt: now, data: {} }),
  status: 'pending',
  run_id: null,
  request_id: null,
  created_at: now,
  delivered_at: null,
  next_attempt_at: now,
  attempt_count: 0,
  attempts: '[]',
  lease_until: null,
});

const engines = e2eEngines();

describe.each(engines)('webhook delivery survives kill -9 (%s)', (engine) => {
  let database: ServiceDatabase;
  let fakes: FakeEngines;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  let server: ServerProcess;
  let call: Call;
  let projectId: string;

  const start = () => startServer(database.location, env, database.mode);

  beforeAll(async () => {
    database = await serviceDatabase(engine);
    fakes = await startFakeEngines({ latencyMs: 200 });
    receiver = await startWebhookReceiver();
    env = {
      ...fakes.env,
      ...database.env,
      ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1',
      NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
      ANSWERWATCH_WEBHOOK_LEASE_SECONDS: '11',
      ANSWERWATCH_RUN_LEASE_SECONDS: '1',
      ANSWERWATCH_JUDGE: 'off',
      ANSWERWATCH_LOG_LEVEL: 'warn',
    };
    server = await start();
    const { key } = await accountWithKey(database.location);
    call = apiClient(() => server.baseUrl, key);
    projectId = (await call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://acme.example' })).body
      .id;
    for (let i = 0; i < 6; i += 1) {
      await call(`/projects/${projectId}/prompts`, 'POST', {
        text: `best tool ${i}?`,
        engineIds: ['gemini'],
      });
    }
    const hook = await call(`/projects/${projectId}/webhooks`, 'POST', { url: `${receiver.url}/hook` });
    expect(hook.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    await receiver.close();
    await fakes.close();
    await database.close();
  });

  const runEnded = async (requestId: string) =>
    until(
      'the run to end',
      async () => (await call(`/projects/${projectId}/run-requests/${requestId}`)).body,
      (r) => r.status === 'completed',
    );

  it('killed during a run: the resumed run ends and its event arrives once', async () => {
    const request = (await call(`/projects/${projectId}/run-requests`, 'POST')).body;
    await fakes.waitForRequests('gemini', 1);
    await server.kill();
    server = await start();
    await runEnded(request.id);
    await receiver.waitFor(1, 30_000);
    const event = eventOf(receiver.received[0]!.rawBody);
    expect(event.event).toBe('run.completed');
    expect(receiver.received).toHaveLength(1);
  }, 120_000);

  it('killed during an attempt: the event is sent again after restart, with the same ids', async () => {
    receiver.respond({ slowMs: 20_000 });
    const before = receiver.received.length;
    const request = (await call(`/projects/${projectId}/run-requests`, 'POST')).body;
    await runEnded(request.id);
    await receiver.waitFor(before + 1, 30_000);
    await server.kill();
    server = await start();
    // The dead process held the attempt's lease (11 s); then the new one takes it over.
    await receiver.waitFor(before + 2, 40_000);
    const [first, second] = receiver.received.slice(before);
    expect(eventOf(second!.rawBody).id).toBe(eventOf(first!.rawBody).id);
    expect(second!.headers['x-service-delivery']).toBe(first!.headers['x-service-delivery']);
    expect(second!.rawBody.equals(first!.rawBody)).toBe(true);
  }, 120_000);

  it('killed after the run was committed and before the first attempt: the event is sent after restart', async () => {
    await server.kill();
    // What such a crash leaves behind: a pending delivery of a committed event, never attempted, no lease.
    const db2 = rawDb(database.location);
    const webhookId = (await db2.selectFrom('webhooks').select('id').executeTakeFirstOrThrow()).id;
    const row = pendingDelivery(
      'dlvAfterCommit',
      webhookId,
      projectId,
      'evtAfterCommit',
      new Date().toISOString(),
    );
    await db2.insertInto('webhook_deliveries').values(row).execute();
    await db2.destroy();
    const before = receiver.received.length;
    server = await start();
    // The earlier test's delivery may come due again meanwhile (its retry): look for this one among what arrives.
    const got = await until(
      'the delivery committed before the crash',
      async () =>
        receiver.received.slice(before).find((r) => r.headers['x-service-delivery'] === 'dlvAfterCommit'),
      (r) => r !== undefined,
    );
    expect(got!.rawBody.toString('utf8')).toBe(row.payload);
  }, 120_000);
});

describe.each(engines)('two service processes on one database (%s)', (engine) => {
  it('never make the same attempt twice', async () => {
    const database = await serviceDatabase(engine);
    const db = database.location;
    const receiver = await startWebhookReceiver();
    const env = {
      ...database.env,
      ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1',
      NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
      ANSWERWATCH_LOG_LEVEL: 'warn',
    };
    const first = await startServer(db, env, 'serve');
    try {
      const { key } = await accountWithKey(db);
      const call = apiClient(() => first.baseUrl, key);
      const p = (await call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://acme.example' })).body
        .id;
      const hooks: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        hooks.push(
          (await call(`/projects/${p}/webhooks`, 'POST', { url: `${receiver.url}/hook${i}` })).body.id,
        );
      }
      await first.stop();
      // 200 due deliveries, then two processes start on the same file and race for them.
      const db2 = rawDb(database.location);
      const now = new Date().toISOString();
      await db2
        .insertInto('webhook_deliveries')
        .values(
          Array.from({ length: 200 }, (_, i) =>
            pendingDelivery(`dlv${i}`, hooks[i % 5]!, p, `evt${Math.floor(i / 5)}`, now),
          ),
        )
        .execute();
      await db2.destroy();
      const [a, b] = await Promise.all([startServer(db, env, 'serve'), startServer(db, env, 'serve')]);
      try {
        await receiver.waitFor(200, 60_000);
        await new Promise((r) => setTimeout(r, 1_000)); // room for a duplicate to show up
        const ids = receiver.received.map((r) => String(r.headers['x-service-delivery']));
        expect(ids).toHaveLength(200);
        expect(new Set(ids).size).toBe(200);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    } finally {
      await receiver.close();
      await database.close();
    }
  }, 240_000);
});
