import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/domain/database.ts';
import { newId } from '../../server/domain/ids.ts';
import { createSecretBox } from '../../server/domain/secret-box.ts';
import { newWebhookSecret } from '../../server/domain/webhook-signature.ts';
import { createWebhookDeliverer, type WebhookDeliverer } from '../../server/jobs/webhook-deliverer.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { createHarness, SILENT, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { TEST_ENGINE } from '../support/test-db.ts';

let h: Harness;
let other: Store | undefined;
let deliverer: WebhookDeliverer | undefined;

afterEach(async () => {
  await deliverer?.stop();
  await other?.close();
  await h?.close();
});

const until = async (done: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return done();
};

describe('deliveries queued by another instance', () => {
  it('wake its deliverer at once on PostgreSQL (NOTIFY); on SQLite, one process, its own kick does', async () => {
    h = await createHarness();
    const secrets = createSecretBox(randomBytes(32));
    const { accountId } = await h.account('premium');
    const projectId = (await createProject(h.store, accountId)).id;
    const webhookId = newId('whk');
    await h.store.webhooks.create({
      id: webhookId,
      projectId,
      url: 'https://hooks.acme.com/in',
      events: JSON.stringify(['run.completed']),
      description: null,
      thresholds: null,
      secretSealed: secrets.seal(newWebhookSecret()),
      createdAt: h.clock.now().toISOString(),
    });
    // A second instance on the same database, whose deliverer would otherwise look only every minute.
    other = createStore(await openDatabase(h.dbPath));
    const sent: string[] = [];
    deliverer = createWebhookDeliverer({
      store: other,
      clock: h.clock,
      secrets,
      send: async (_url, body) => {
        sent.push(body);
        return { httpStatus: 200, error: null, durationMs: 1 };
      },
      vetUrl: async () => null,
      log: SILENT,
      pollMs: 60_000,
    });
    // On PostgreSQL the deliverer listens once its listening connection is open, which tells listeners at once.
    const listening =
      TEST_ENGINE === 'postgres' && new Promise<void>((resolve) => other!.onDeliveriesQueued(resolve));
    deliverer.start();
    await listening;
    await deliverer.idle();

    const now = h.clock.now().toISOString();
    await h.store.transaction((tx) =>
      tx.webhooks.enqueue(
        [
          {
            id: newId('whd'),
            webhookId,
            projectId,
            eventId: newId('evt'),
            event: 'run.completed',
            payload: '{"event":"run.completed"}',
            runId: null,
            requestId: null,
            createdAt: now,
          },
        ],
        now,
      ),
    );
    if (TEST_ENGINE === 'postgres') {
      expect(await until(() => sent.length === 1, 2_000)).toBe(true);
    } else {
      expect(await until(() => sent.length === 1, 300)).toBe(false);
      deliverer.kick();
      expect(await until(() => sent.length === 1, 2_000)).toBe(true);
    }
    expect(sent).toEqual(['{"event":"run.completed"}']);
  });
});
