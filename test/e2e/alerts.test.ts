import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../server/domain/webhook-signature.ts';
import { startFakeEngines, type FakeEngines } from '../fakes/engines/index.ts';
import { startWebhookReceiver, TEST_CA_PATH, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { ALERT_ENGINES, ALERT_PROMPTS, alertScenario, SITE } from '../support/alert-scenario.ts';
import { accountWithKey, apiClient, until, type Call } from '../support/e2e.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const ALERTS = [
  'visibility.dropped',
  'visibility.rose',
  'citation.lost',
  'citation.gained',
  'competitor.overtook',
];

describe('alerts from two runs of a real service against changed fake engines', () => {
  let dir: string;
  let fakes: FakeEngines;
  let receiver: WebhookReceiver;
  let server: ServerProcess;
  let call: Call;
  let projectId: string;
  let secret: string;
  const scenario = alertScenario();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-alerts-'));
    const db = join(dir, 'answerwatch.db');
    fakes = await startFakeEngines({ answer: scenario.answer });
    receiver = await startWebhookReceiver();
    server = await startServer(
      db,
      {
        ...fakes.env,
        ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1',
        NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
        ANSWERWATCH_JUDGE: 'off',
        ANSWERWATCH_LOG_LEVEL: 'warn',
      },
      'start',
    );
    const { key } = await accountWithKey(db);
    call = apiClient(() => server.baseUrl, key);
    projectId = (await call('/projects', 'POST', { name: 'Acme', websiteUrl: SITE })).body.id;
    const competitors = await call(`/projects/${projectId}/competitors`, 'PUT', [
      { name: 'Globex', domain: 'globex.example' },
      { name: 'Initech', domain: null },
    ]);
    expect(competitors.status).toBe(200);
    for (const text of ALERT_PROMPTS) {
      expect(
        (await call(`/projects/${projectId}/prompts`, 'POST', { text, engineIds: ALERT_ENGINES })).status,
      ).toBe(201);
    }
    const hook = await call(`/projects/${projectId}/webhooks`, 'POST', {
      url: `${receiver.url}/hook`,
      events: ['run.completed', ...ALERTS],
    });
    expect(hook.status).toBe(201);
    secret = hook.body.secret;
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await fakes?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const runToEnd = async () => {
    const request = (await call(`/projects/${projectId}/run-requests`, 'POST')).body;
    await until(
      'the run to end',
      async () => (await call(`/projects/${projectId}/run-requests/${request.id}`)).body,
      (r) => r.status === 'completed',
    );
  };
  const events = () =>
    receiver.received.map((r) => JSON.parse(r.rawBody.toString('utf8')) as { id: string; event: string });

  it('delivers each alert exactly once, signed, after the second run', async () => {
    await runToEnd();
    await receiver.waitFor(1, 30_000);
    scenario.change();
    await runToEnd();
    await receiver.waitFor(2 + ALERTS.length, 30_000);
    // Room for a repeat to show up.
    await new Promise((r) => setTimeout(r, 2_000));
    const names = events().map((e) => e.event);
    expect(names.filter((n) => n === 'run.completed')).toHaveLength(2);
    for (const alert of ALERTS)
      expect(
        names.filter((n) => n === alert),
        alert,
      ).toHaveLength(1);
    expect(names).toHaveLength(2 + ALERTS.length);
    expect(new Set(events().map((e) => e.id)).size).toBe(names.length);
    for (const r of receiver.received) {
      expect(verifySignature(r.rawBody, String(r.headers['x-service-signature']), secret)).toBe(true);
    }
    const hooks = (await call(`/projects/${projectId}/webhooks`)).body.data;
    const deliveries = (await call(`/projects/${projectId}/webhooks/${hooks[0].id}/deliveries`)).body.data;
    expect(deliveries.map((d: { status: string }) => d.status)).toEqual(
      Array(names.length).fill('delivered'),
    );
  });
});
