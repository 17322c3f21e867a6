import { callerActor, recordAudit } from './audit-log.ts';
import { ALERT_EVENTS, DEFAULT_THRESHOLDS } from '../contract/alerts.ts';
import type { SUBSCRIBABLE_EVENTS } from '../contract/webhooks.ts';
import type { DeliveryRow, WebhookRow } from '../store/repositories/webhooks.ts';
import { fromJson } from '../store/json.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { AppError, notFound } from './errors.ts';
import { newId } from './ids.ts';
import { pingPayload, queueDeliveries } from './webhook-events.ts';
import { newWebhookSecret } from './webhook-signature.ts';

type EventName = (typeof SUBSCRIBABLE_EVENTS)[number];

export type Thresholds = typeof DEFAULT_THRESHOLDS;

/** At most 5 webhooks per project (contract section 8). */
export const MAX_WEBHOOKS = 5;

const isAlert = (event: string) => (ALERT_EVENTS as readonly string[]).includes(event);

/** The thresholds in force for a webhook: those given at creation over the defaults. */
export function thresholdsOf(w: Pick<WebhookRow, 'thresholds'>): Thresholds {
  return {
    ...DEFAULT_THRESHOLDS,
    ...(w.thresholds === null ? {} : fromJson<Partial<Thresholds>>(w.thresholds)),
  };
}

/**
 * The signing secret is never part of a listing; it is shown once, when the webhook is created. Thresholds show
 * only on webhooks that subscribe to an alert event, so a contract webhook looks exactly as the contract says.
 */
function webhookResource(w: WebhookRow) {
  const events = fromJson<EventName[]>(w.events);
  return {
    id: w.id,
    url: w.url,
    events,
    description: w.description,
    active: w.active === 1,
    createdAt: w.created_at,
    lastDeliveryAt: w.last_delivery_at,
    lastDeliveryStatus: w.last_delivery_status as 'delivered' | 'failed' | null,
    consecutiveFailures: w.consecutive_failures,
    ...(events.some(isAlert) && { thresholds: thresholdsOf(w) }),
  };
}

export function deliveryResource(d: DeliveryRow) {
  return {
    id: d.id,
    event: d.event as EventName | 'ping',
    status: d.status as 'pending' | 'delivered' | 'failed',
    runId: d.run_id,
    requestId: d.request_id,
    createdAt: d.created_at,
    deliveredAt: d.delivered_at,
    nextAttemptAt: d.next_attempt_at,
    attemptCount: d.attempt_count,
    attempts: fromJson<{ at: string; httpStatus: number | null; error: string | null; durationMs: number }[]>(
      d.attempts,
    ),
  };
}

export async function listWebhooks(s: Services, caller: Caller, projectId: string) {
  await readableProject(s, caller, projectId);
  return { data: (await s.store.webhooks.list(projectId)).map(webhookResource) };
}

async function webhookOf(s: Services, caller: Caller, projectId: string, webhookId: string) {
  await readableProject(s, caller, projectId);
  const webhook = await s.store.webhooks.get(projectId, webhookId);
  if (!webhook) throw notFound('webhook');
  return webhook;
}

export async function listDeliveries(s: Services, caller: Caller, projectId: string, webhookId: string) {
  await webhookOf(s, caller, projectId, webhookId);
  return { data: (await s.store.webhooks.deliveries(webhookId)).map(deliveryResource), nextCursor: null };
}

const thresholdsWithoutAlerts = () =>
  new AppError(
    'invalid_parameter',
    `thresholds apply to the alert events (${ALERT_EVENTS.join(', ')}): name one in events, or leave thresholds out.`,
  );

export interface WebhookInput {
  url: string;
  events?: EventName[];
  description?: string;
  thresholds?: Partial<Thresholds>;
}

/** The URL is vetted (public https, a name that resolves only to public addresses) before anything is stored. */
export async function createWebhook(s: Services, caller: Caller, projectId: string, input: WebhookInput) {
  await readableProject(s, caller, projectId);
  if (input.thresholds && !input.events?.some(isAlert)) throw thresholdsWithoutAlerts();
  if ((await s.store.webhooks.countByProject(projectId)) >= MAX_WEBHOOKS) {
    throw new AppError('plan_limit', `A project has at most ${MAX_WEBHOOKS} webhooks: delete one first.`);
  }
  const problem = await s.webhooks.vetUrl(input.url);
  if (problem) throw new AppError('invalid_parameter', `url: ${problem}`);
  const secret = newWebhookSecret();
  const id = newId('whk');
  await s.store.transaction(async (tx) => {
    await tx.webhooks.create({
      id,
      projectId,
      url: input.url,
      events: JSON.stringify([...new Set(input.events ?? ['run.completed', 'run.failed'])]),
      description: input.description ?? null,
      thresholds: input.thresholds ? JSON.stringify(input.thresholds) : null,
      secretSealed: s.secrets.seal(secret),
      createdAt: s.clock.now().toISOString(),
    });
    await recordAudit(tx, s.clock, {
      accountId: caller.accountId,
      kind: 'webhook_created',
      actor: callerActor(caller),
      target: id,
      detail: { projectId, url: input.url },
    });
  });
  const row = await s.store.webhooks.get(projectId, id);
  return { ...webhookResource(row!), secret };
}

export interface WebhookChange {
  events?: EventName[];
  description?: string | null;
  thresholds?: Partial<Thresholds> | null;
}

/** Changes what a webhook receives and how it describes itself; its URL, secret and state stay. */
export async function updateWebhook(
  s: Services,
  caller: Caller,
  projectId: string,
  webhookId: string,
  change: WebhookChange,
) {
  const webhook = await webhookOf(s, caller, projectId, webhookId);
  const events = change.events ?? fromJson<EventName[]>(webhook.events);
  if (change.thresholds && !events.some(isAlert)) throw thresholdsWithoutAlerts();
  const fields = {
    ...(change.events && { events: JSON.stringify([...new Set(change.events)]) }),
    ...(change.description !== undefined && { description: change.description }),
    ...(change.thresholds !== undefined && {
      thresholds: change.thresholds === null ? null : JSON.stringify(change.thresholds),
    }),
  };
  if (Object.keys(fields).length === 0) return webhookResource(webhook);
  if (!(await s.store.webhooks.update(projectId, webhookId, fields))) throw notFound('webhook');
  return webhookResource((await s.store.webhooks.get(projectId, webhookId))!);
}

export async function deleteWebhook(s: Services, caller: Caller, projectId: string, webhookId: string) {
  await readableProject(s, caller, projectId);
  const deleted = await s.store.transaction(async (tx) => {
    if (!(await tx.webhooks.delete(projectId, webhookId))) return false;
    await recordAudit(tx, s.clock, {
      accountId: caller.accountId,
      kind: 'webhook_deleted',
      actor: callerActor(caller),
      target: webhookId,
      detail: { projectId },
    });
    return true;
  });
  if (!deleted) throw notFound('webhook');
  return { deleted: true };
}

/** A ping to this webhook now, active or not; the answer is the delivery after its first attempt. */
const PING_TAKEOVER_MS = 60_000;

export async function testWebhook(s: Services, caller: Caller, projectId: string, webhookId: string) {
  const webhook = await webhookOf(s, caller, projectId, webhookId);
  const at = s.clock.now();
  const now = at.toISOString();
  // This request makes the first attempt itself, so the outbox must not take it first (on any instance): it is
  // due only after a minute, when the outbox sends it should this request have died before its attempt.
  const dueAt = new Date(at.getTime() + PING_TAKEOVER_MS).toISOString();
  const [delivery] = await queueDeliveries(
    s.store.webhooks,
    [webhook],
    pingPayload(projectId, now),
    now,
    dueAt,
  );
  await s.webhooks.deliverNow(delivery!);
  return deliveryResource((await s.store.webhooks.delivery(delivery!))!);
}
