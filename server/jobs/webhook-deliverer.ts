import type { Clock } from '../domain/clock.ts';
import type { WebhookPort } from '../domain/context.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import type { Store } from '../store/index.ts';
import type { JobLog } from './run-executor.ts';
import { attemptDelivery, type Send } from './webhook-attempt.ts';

export interface DelivererOptions {
  store: Store;
  clock: Clock;
  secrets: SecretBox;
  send: Send;
  vetUrl: (url: string) => Promise<string | null>;
  log: JobLog;
  /** Attempts in flight at once. */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
}

export interface WebhookDeliverer extends WebhookPort {
  start(): void;
  /** Look for due deliveries now: an event was just queued. */
  kick(): void;
  /** Resolves once nothing due is left to attempt (tests and shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The outbox worker: attempts due deliveries, a few at a time, each under a lease in the database, so deliveries
 * survive restarts and two processes on one database never make the same attempt.
 */
export function createWebhookDeliverer(o: DelivererOptions): WebhookDeliverer {
  const concurrency = o.concurrency ?? 32;
  const deps = {
    store: o.store,
    clock: o.clock,
    secrets: o.secrets,
    send: o.send,
    leaseMs: o.leaseMs ?? 30_000,
  };
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let looking: Promise<void> | null = null;
  let again = false;

  async function sweep(): Promise<void> {
    while (!stopped) {
      const room = concurrency - inFlight.size;
      if (room <= 0) return;
      const due = await o.store.webhooks.due(o.clock.now().toISOString(), room);
      if (due.length === 0) return;
      let started = 0;
      for (const d of due) {
        const job = attemptDelivery(deps, d)
          .catch((err: unknown) => o.log.error({ deliveryId: d.id, err }, 'webhook attempt failed'))
          .finally(() => {
            inFlight.delete(job);
            kick();
          });
        inFlight.add(job);
        started += 1;
      }
      if (started < room) return;
    }
  }

  function kick(): void {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    looking = sweep()
      .catch((err: unknown) => o.log.error({ err }, 'looking for webhook deliveries failed'))
      .finally(() => {
        looking = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    vetUrl: o.vetUrl,
    async deliverNow(deliveryId) {
      const d = await o.store.webhooks.delivery(deliveryId);
      if (d) await attemptDelivery(deps, d);
    },
    start() {
      stopped = false;
      timer = setInterval(kick, o.pollMs ?? 1_000);
      timer.unref();
      kick();
    },
    kick,
    async idle() {
      while (looking || inFlight.size > 0) await Promise.all([looking, ...inFlight]);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([looking, ...inFlight]);
    },
  };
}
