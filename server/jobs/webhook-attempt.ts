import type { Clock } from '../domain/clock.ts';
import { signatureHeader } from '../domain/webhook-signature.ts';
import type { Repositories, Store } from '../store/index.ts';
import type { Attempt, DeliveryRow, DueDelivery } from '../store/repositories/webhooks.ts';

/** Waits after failed attempts 1 to 5 (contract: 1 min, 5 min, 30 min, 2 h, 12 h); the sixth failure is final. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Failed attempts in a row that turn a webhook off (DESIGN section 5: attempts, reset by any 2xx). */
export const DISABLE_AFTER = 20;

export interface SendResult {
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

/** One HTTP attempt to the endpoint; never throws. */
export type Send = (url: string, body: string, headers: Record<string, string>) => Promise<SendResult>;

/** What an attempt ended in, to be written onto its delivery (see recordAttempts). */
export interface AttemptRecord {
  delivery: DeliveryRow;
  attempt: Attempt;
  outcome: { status: 'pending' | 'delivered' | 'failed'; nextAttemptAt: string | null };
}

export interface AttemptDeps {
  store: Store;
  clock: Clock;
  /** The webhook's signing secret from its sealed form. */
  secretOf: (sealed: string) => string;
  send: Send;
  /** Writes an attempt's outcome; resolves once it is committed (false: the delivery had moved on meanwhile). */
  record: (r: AttemptRecord) => Promise<boolean>;
  /** Longer than the 10-second attempt limit, so a live attempt is never taken over. */
  leaseMs: number;
  /** Who holds the leases this process takes (see workerId). */
  owner: string;
}

/** Makes the delivery's next attempt if this process wins its lease (see attemptLeased). */
export async function attemptDelivery(deps: AttemptDeps, d: DeliveryRow): Promise<boolean> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + deps.leaseMs).toISOString();
  if (!(await deps.store.webhooks.lease(d, deps.owner, now.toISOString(), until))) return false;
  const webhook = await deps.store.webhooks.byId(d.webhook_id);
  if (!webhook) return false;
  return attemptLeased(deps, { ...d, url: webhook.url, secret_sealed: webhook.secret_sealed });
}

/**
 * Makes the next attempt of a delivery this process holds the lease of, and records it: delivered on a 2xx, else
 * retried on the contract's schedule until the sixth attempt fails. The body sent is the stored payload, byte for
 * byte, signed with the webhook's secret at the moment of sending.
 */
export async function attemptLeased(deps: AttemptDeps, d: DueDelivery): Promise<boolean> {
  const started = deps.clock.now();
  const result = await deps.send(d.url, d.payload, {
    'content-type': 'application/json',
    'user-agent': 'Service-Webhooks/1.0',
    'x-service-event': d.event,
    'x-service-delivery': d.id,
    'x-service-signature': signatureHeader(
      deps.secretOf(d.secret_sealed),
      d.payload,
      Math.floor(started.getTime() / 1000),
    ),
  });
  const delivered = result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300;
  const attemptNumber = d.attempt_count + 1;
  const retryIn = RETRY_DELAYS_MS[attemptNumber - 1];
  const outcome = delivered
    ? { status: 'delivered' as const, nextAttemptAt: null }
    : attemptNumber >= MAX_ATTEMPTS || retryIn === undefined
      ? { status: 'failed' as const, nextAttemptAt: null }
      : { status: 'pending' as const, nextAttemptAt: new Date(started.getTime() + retryIn).toISOString() };
  const attempt = {
    at: started.toISOString(),
    httpStatus: result.httpStatus,
    error: result.error,
    durationMs: Math.round(result.durationMs),
  };
  await deps.record({ delivery: d, attempt, outcome });
  return true;
}

/**
 * Writes ended attempts onto their deliveries, in the order given, within the caller's transaction, with each
 * webhook's count of failures in a row (20 turn it off and fail what it still has pending, this attempt's delivery
 * included when it is due a retry). An outcome is written
 * only onto the attempt it belongs to (see recordAttempt), so writing a group again after it failed records
 * nothing twice. One result per record: false when its delivery had moved on.
 */
export async function recordAttempts(
  tx: Repositories,
  records: readonly AttemptRecord[],
): Promise<boolean[]> {
  const written: boolean[] = [];
  for (const { delivery, attempt, outcome } of records) {
    const ok = await tx.webhooks.recordAttempt(delivery, attempt, outcome);
    written.push(ok);
    if (!ok) continue;
    const delivered = outcome.status === 'delivered';
    const webhook = await tx.webhooks.noteAttempt(delivery.webhook_id, attempt.at, delivered, DISABLE_AFTER);
    // A failed attempt that ended after its webhook was turned off (it was in flight then) fails with the others
    // rather than waiting for a retry that would never be sent.
    if (webhook.turnedOff || (!delivered && !webhook.active))
      await tx.webhooks.failPending(delivery.webhook_id);
  }
  return written;
}
