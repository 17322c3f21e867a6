import type { Clock } from '../domain/clock.ts';
import type { WebhookPort } from '../domain/context.ts';
import { createGroupCommit, type GroupCommitOptions } from '../domain/group-commit.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import type { Store } from '../store/index.ts';
import type { JobLog } from './run-executor.ts';
import {
  attemptDelivery,
  attemptLeased,
  recordAttempts,
  type AttemptRecord,
  type Send,
} from './webhook-attempt.ts';
import { createWorkLoop, workerId } from './work-loop.ts';

export interface DelivererOptions {
  store: Store;
  clock: Clock;
  secrets: SecretBox;
  send: Send;
  vetUrl: (url: string) => Promise<string | null>;
  log: JobLog;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** Attempts in flight at once to any one webhook, so a slow receiver holds back only its own deliveries. */
  perWebhook?: number;
  pollMs?: number;
  leaseMs?: number;
  /** How ended attempts are grouped into one transaction each (tests). */
  recording?: GroupCommitOptions;
}

/**
 * Attempts in flight at once by default: enough that every delivery due when runs end in a burst goes out at once,
 * sharing the process with the runs, rather than waiting in the outbox for a slot (what made events late).
 */
export const DELIVERY_CONCURRENCY = 256;

/** Opened signing secrets kept; past it, the kept ones are dropped and opened again as they are needed. */
const SECRETS_KEPT = 1_000;

export interface WebhookDeliverer extends WebhookPort {
  start(): void;
  /** Look for due deliveries now: an event was just queued. */
  kick(): void;
  /** Resolves once nothing due is left to attempt (tests and shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The outbox worker: attempts due deliveries, a few at a time and at most `perWebhook` to one webhook, each under a
 * lease in the database, so deliveries survive restarts, two processes on one database never make the same attempt,
 * and a receiver that answers slowly delays only its own deliveries. It looks when kicked (a run ended here, or
 * deliveries were queued by another instance on PostgreSQL), every `pollMs`, and at an attempt's end when the last
 * look left due deliveries behind or the attempt frees a slot of a webhook that had none. Ended attempts are recorded in groups, one transaction for all those that end
 * while the previous group is written, so the outcomes of a burst cost one commit instead of one each.
 */
export function createWebhookDeliverer(o: DelivererOptions): WebhookDeliverer {
  const concurrency = o.concurrency ?? DELIVERY_CONCURRENCY;
  const perWebhook = o.perWebhook ?? 4;
  const inFlight = new Map<string, number>();
  const count = (webhookId: string, by: number) => {
    const n = (inFlight.get(webhookId) ?? 0) + by;
    if (n > 0) inFlight.set(webhookId, n);
    else inFlight.delete(webhookId);
  };
  // A webhook's secret never changes: opening it (an AES-GCM decryption) once serves all its attempts.
  const opened = new Map<string, string>();
  const secretOf = (sealed: string) => {
    let secret = opened.get(sealed);
    if (secret === undefined) {
      if (opened.size >= SECRETS_KEPT) opened.clear();
      secret = o.secrets.open(sealed);
      opened.set(sealed, secret);
    }
    return secret;
  };
  const records = createGroupCommit(
    (items: readonly AttemptRecord[]) => o.store.transaction((tx) => recordAttempts(tx, items)),
    o.recording,
  );
  const deps = {
    store: o.store,
    clock: o.clock,
    secretOf,
    send: o.send,
    record: (r: AttemptRecord) => records.add(r),
    leaseMs: o.leaseMs ?? 30_000,
    owner: workerId('webhooks'),
  };
  // Whether the last look left due deliveries behind, and the webhooks it could not read for having no room:
  // an attempt's end is worth a look only then, or when it frees a slot of such a webhook.
  let more = false;
  let full = new Set<string>();

  async function sweep(): Promise<void> {
    while (!loop.stopped) {
      const room = concurrency - loop.active;
      if (room <= 0) {
        // Not looked: whatever is due waits for the first slot to free.
        more = true;
        return;
      }
      const now = o.clock.now();
      const until = new Date(now.getTime() + deps.leaseMs).toISOString();
      full = new Set([...inFlight].filter(([, n]) => n >= perWebhook).map(([id]) => id));
      const due = await o.store.webhooks.claimDue(deps.owner, now.toISOString(), until, room, {
        max: perWebhook,
        inFlight,
      });
      more = due.more;
      for (const d of due.claimed) {
        count(d.webhook_id, 1);
        loop.track(
          attemptLeased(deps, d).finally(() => count(d.webhook_id, -1)),
          () => more || full.has(d.webhook_id),
        );
      }
      if (due.claimed.length < room) return;
    }
  }

  let unlisten = () => {};
  const loop = createWorkLoop(sweep, {
    pollMs: o.pollMs ?? 1_000,
    onError: (err) => o.log.error({ err }, 'webhook delivery failed'),
  });

  return {
    vetUrl: o.vetUrl,
    async deliverNow(deliveryId) {
      const d = await o.store.webhooks.delivery(deliveryId);
      if (d) await attemptDelivery(deps, d);
    },
    start() {
      unlisten = o.store.onDeliveriesQueued(() => loop.kick());
      loop.start();
    },
    kick: () => loop.kick(),
    idle: () => loop.idle(),
    stop() {
      unlisten();
      return loop.stop();
    },
  };
}
