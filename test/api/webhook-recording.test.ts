import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/domain/ids.ts';
import { createSecretBox, type SecretBox } from '../../server/domain/secret-box.ts';
import { newWebhookSecret, verifySignature } from '../../server/domain/webhook-signature.ts';
import type { SendResult } from '../../server/jobs/webhook-attempt.ts';
import { createWebhookDeliverer, type WebhookDeliverer } from '../../server/jobs/webhook-deliverer.ts';
import type { Store } from '../../server/store/index.ts';
import type { Attempt } from '../../server/store/repositories/webhooks.ts';
import { createHarness, SILENT, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';

let h: Harness;
let deliverer: WebhookDeliverer | undefined;

afterEach(async () => {
  await deliverer?.stop();
  deliverer = undefined;
  await h?.close();
});

/** The harness's store, its transactions counted, and failing while `failing` says so (before any work is done). */
function countedStore(store: Store, failing: (size: number) => boolean = () => false) {
  const counts = { transactions: 0, failed: 0 };
  const wrapped: Store = {
    ...store,
    async transaction(work) {
      counts.transactions += 1;
      let size = 0;
      const result = await store.transaction(async (tx) => {
        const out = await work(tx);
        size = Array.isArray(out) ? out.length : 1;
        if (failing(size)) {
          counts.failed += 1;
          throw new Error('database is locked');
        }
        return out;
      });
      return result;
    },
  };
  return { store: wrapped, counts };
}

/** A webhook of a new project, with `n` deliveries queued and due now. */
async function queued(secrets: SecretBox, n: number) {
  const { accountId } = await h.account('premium');
  const projectId = (await createProject(h.store, accountId)).id;
  const webhookId = newId('whk');
  const secret = newWebhookSecret();
  await h.store.webhooks.create({
    id: webhookId,
    projectId,
    url: 'https://hooks.acme.com/in',
    events: JSON.stringify(['run.completed']),
    description: null,
    thresholds: null,
    secretSealed: secrets.seal(secret),
    createdAt: h.clock.now().toISOString(),
  });
  const now = h.clock.now().toISOString();
  const ids = Array.from({ length: n }, () => newId('whd'));
  await h.store.webhooks.enqueue(
    ids.map((id, i) => ({
      id,
      webhookId,
      projectId,
      eventId: newId('evt'),
      event: 'run.completed',
      payload: JSON.stringify({ n: i }),
      runId: null,
      requestId: null,
      createdAt: now,
    })),
    now,
  );
  return { webhookId, ids, secret };
}

/** A receiver that holds every attempt until `release`, so that they all end together. */
function heldReceiver(status: number) {
  const held: { body: string; signature: string; answer(r: SendResult): void }[] = [];
  return {
    held,
    send: (_url: string, body: string, headers: Record<string, string>) =>
      new Promise<SendResult>((answer) =>
        held.push({ body, signature: headers['x-service-signature']!, answer }),
      ),
    release: () => {
      for (const a of held.splice(0)) a.answer({ httpStatus: status, error: null, durationMs: 3 });
    },
  };
}

const until = async (done: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  return done();
};

/** Starts the deliverer under test on `store` (it looks only when kicked or when an attempt ends: no poll). */
function startDeliverer(
  store: Store,
  secrets: SecretBox,
  send: (url: string, body: string, headers: Record<string, string>) => Promise<SendResult>,
  options: Partial<Parameters<typeof createWebhookDeliverer>[0]> = {},
): WebhookDeliverer {
  deliverer = createWebhookDeliverer({
    store,
    clock: h.clock,
    secrets,
    send,
    vetUrl: async () => null,
    log: SILENT,
    pollMs: 60_000,
    ...options,
  });
  deliverer.start();
  return deliverer;
}

async function outcomes(ids: readonly string[]) {
  return Promise.all(
    ids.map(async (id) => {
      const d = (await h.store.webhooks.delivery(id))!;
      return {
        status: d.status,
        count: d.attempt_count,
        attempts: (JSON.parse(d.attempts) as Attempt[]).length,
      };
    }),
  );
}

describe('attempts recorded in groups', () => {
  it('writes the outcomes of attempts that end together in one transaction, each exactly once', async () => {
    h = await createHarness();
    const secrets = createSecretBox(randomBytes(32));
    const { ids, webhookId, secret } = await queued(secrets, 4);
    const { store, counts } = countedStore(h.store);
    const receiver = heldReceiver(200);
    const d = startDeliverer(store, secrets, receiver.send, {
      recording: { maxWaitMs: 200 },
    });
    expect(await until(() => receiver.held.length === 4, 5_000)).toBe(true);
    // Each attempt signed with the webhook's secret, opened once for all of them.
    for (const a of receiver.held)
      expect(verifySignature(a.body, a.signature, secret, 300, h.clock.now().getTime())).toBe(true);
    receiver.release();
    await d.idle();

    expect(counts.transactions).toBe(1);
    expect(await outcomes(ids)).toEqual(ids.map(() => ({ status: 'delivered', count: 1, attempts: 1 })));
    const webhook = (await h.store.webhooks.byId(webhookId))!;
    expect(webhook).toMatchObject({ last_delivery_status: 'delivered', consecutive_failures: 0, active: 1 });
  });

  it('counts failures in a group in order: the 20th in a row turns the webhook off', async () => {
    h = await createHarness();
    const secrets = createSecretBox(randomBytes(32));
    const { ids, webhookId } = await queued(secrets, 5);
    await h.store.transaction(async (tx) => {
      for (let i = 0; i < 17; i += 1)
        await tx.webhooks.noteAttempt(webhookId, h.clock.now().toISOString(), false, 20);
    });
    const { store, counts } = countedStore(h.store);
    const receiver = heldReceiver(500);
    // Four attempts at once to one webhook: the fifth is pending when they end.
    const d = startDeliverer(store, secrets, receiver.send, {
      recording: { maxWaitMs: 200 },
    });
    expect(await until(() => receiver.held.length === 4, 5_000)).toBe(true);
    receiver.release();
    await d.idle();

    expect(counts.transactions).toBe(1);
    const webhook = (await h.store.webhooks.byId(webhookId))!;
    expect(webhook).toMatchObject({ consecutive_failures: 21, active: 0, last_delivery_status: 'failed' });
    // The four attempted wait for their retry; the fifth, never attempted, failed with its webhook.
    expect((await outcomes(ids)).map((o) => o.status).sort()).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    expect((await outcomes(ids)).map((o) => o.attempts).sort()).toEqual([0, 1, 1, 1, 1]);
  });

  it('loses nothing when the group write fails: each outcome is written again alone, once', async () => {
    h = await createHarness();
    const secrets = createSecretBox(randomBytes(32));
    const { ids } = await queued(secrets, 4);
    // Every transaction of more than one record fails, as a database busy at the worst moment would.
    const { store, counts } = countedStore(h.store, (size) => size > 1);
    const receiver = heldReceiver(200);
    const d = startDeliverer(store, secrets, receiver.send, {
      recording: { maxWaitMs: 200 },
    });
    expect(await until(() => receiver.held.length === 4, 5_000)).toBe(true);
    receiver.release();
    await d.idle();

    expect(counts).toEqual({ transactions: 5, failed: 1 });
    expect(await outcomes(ids)).toEqual(ids.map(() => ({ status: 'delivered', count: 1, attempts: 1 })));
  });

  it('keeps a delivery whose outcome could not be written: its attempt is made again once the lease ends', async () => {
    h = await createHarness();
    const secrets = createSecretBox(randomBytes(32));
    const { ids } = await queued(secrets, 1);
    let down = true;
    const { store } = countedStore(h.store, () => down);
    const sent: string[] = [];
    const d = startDeliverer(
      store,
      secrets,
      async (_url, body) => {
        sent.push(body);
        return { httpStatus: 200, error: null, durationMs: 1 };
      },
      {
        leaseMs: 30_000,
      },
    );
    await d.idle();
    expect(sent).toHaveLength(1);
    expect(await outcomes(ids)).toEqual([{ status: 'pending', count: 0, attempts: 0 }]);

    down = false;
    h.clock.advance(30_001);
    d.kick();
    await d.idle();
    // At least once: sent again, and recorded once.
    expect(sent).toHaveLength(2);
    expect(await outcomes(ids)).toEqual([{ status: 'delivered', count: 1, attempts: 1 }]);
  });
});

describe('looks for due deliveries', () => {
  it('at an attempt’s end when a kick found no room, without waiting for the poll', async () => {
    h = await createHarness();
    const secrets = createSecretBox(randomBytes(32));
    const first = await queued(secrets, 1);
    const receiver = heldReceiver(200);
    const d = startDeliverer(h.store, secrets, receiver.send, {
      concurrency: 1,
    });
    expect(await until(() => receiver.held.length === 1, 5_000)).toBe(true);
    // Queued and kicked while the only slot is taken.
    const second = await queued(secrets, 1);
    d.kick();
    receiver.release();
    expect(await until(() => receiver.held.length === 1, 5_000)).toBe(true);
    receiver.release();
    await d.idle();
    expect(await outcomes([...first.ids, ...second.ids])).toEqual([
      { status: 'delivered', count: 1, attempts: 1 },
      { status: 'delivered', count: 1, attempts: 1 },
    ]);
  });

  it('not at an attempt’s end when its look left nothing due behind', async () => {
    h = await createHarness();
    const secrets = createSecretBox(randomBytes(32));
    await queued(secrets, 2);
    let claims = 0;
    const store: Store = {
      ...h.store,
      // Only this test's looks: PostgreSQL's word of queued deliveries would add one of its own.
      onDeliveriesQueued: () => () => {},
      webhooks: {
        ...h.store.webhooks,
        claimDue: (...args) => {
          claims += 1;
          return h.store.webhooks.claimDue(...args);
        },
      },
    };
    const d = startDeliverer(store, secrets, async () => ({ httpStatus: 200, error: null, durationMs: 1 }));
    await d.idle();
    // One look took both; their ends looked no further.
    expect(claims).toBe(1);
  });
});
