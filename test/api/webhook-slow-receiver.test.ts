import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/domain/ids.ts';
import { DELIVERY_CONCURRENCY } from '../../server/jobs/webhook-deliverer.ts';
import { startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { testResolver } from '../support/api-harness.ts';
import { createProject, manualTracking } from '../support/fixtures.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';

let h: RunHarness;
let receivers: WebhookReceiver[] = [];

afterEach(async () => {
  await h?.close();
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

/** More than the deliverer's attempts at once: without a per-webhook limit they would take every slot. */
const BACKLOG = DELIVERY_CONCURRENCY + 8;

describe('a slow receiver', () => {
  it('holds back only its own deliveries: another webhook gets its run event promptly', async () => {
    const slow = await startWebhookReceiver();
    const fast = await startWebhookReceiver();
    receivers = [slow, fast];
    for (let i = 0; i < BACKLOG + 1; i += 1) slow.respond({ slowMs: 9_000 });
    h = await createRunHarness({
      webhookNet: { allowPrivate: true, resolve: testResolver(), ca: testCa(), timeoutMs: 10_000 },
    });
    const { key, accountId } = await h.account('premium');
    await h.store.accounts.update(accountId, { remainingUnits: 1000 });
    const projectId = (await createProject(h.store, accountId, { tracking: manualTracking(['chatgpt']) })).id;
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, {
      text: 'best crm?',
      engineIds: ['chatgpt'],
    });
    const hook = async (url: string) => {
      const r = await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, { url });
      expect(r.statusCode).toBe(201);
      return r.json().id as string;
    };
    const slowHook = await hook(`${slow.url}/slow`);
    await hook(`${fast.url}/fast`);
    // Older events still owed to the slow receiver, due before the run's own.
    const now = h.clock.now().toISOString();
    await h.store.webhooks.enqueue(
      Array.from({ length: BACKLOG }, (_, i) => ({
        id: newId('whd'),
        webhookId: slowHook,
        projectId,
        eventId: newId('evt'),
        event: 'run.completed',
        payload: JSON.stringify({ backlog: i }),
        runId: null,
        requestId: null,
        createdAt: now,
      })),
      now,
    );
    h.jobs.signals.runEnded();
    await slow.waitFor(1, 5_000);

    const t0 = performance.now();
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    await fast.waitFor(1, 5_000);
    // The run and its delivery took well under the slow receiver's 9 seconds.
    expect(performance.now() - t0).toBeLessThan(3_000);
    const [got] = fast.receivedAt('/fast');
    expect(got!.event).toMatchObject({ event: 'run.completed', data: { requestId: request.id } });
    // The slow receiver is sent at most its 4 at once; none of them has been answered yet.
    expect(slow.received.length).toBeLessThanOrEqual(4);
  }, 60_000);
});
