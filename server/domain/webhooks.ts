import { fromJson } from '../store/json.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { notFound } from './errors.ts';

type EventName = 'run.completed' | 'run.failed';

/** The signing secret is never part of a listing; it is shown once, when the webhook is created. */
export async function listWebhooks(s: Services, caller: Caller, projectId: string) {
  await readableProject(s, caller, projectId);
  const rows = await s.store.webhooks.list(projectId);
  return {
    data: rows.map((w) => ({
      id: w.id,
      url: w.url,
      events: fromJson<EventName[]>(w.events),
      description: w.description,
      active: w.active === 1,
      createdAt: w.created_at,
      lastDeliveryAt: w.last_delivery_at,
      lastDeliveryStatus: w.last_delivery_status as 'delivered' | 'failed' | null,
      consecutiveFailures: w.consecutive_failures,
    })),
  };
}

export async function listDeliveries(s: Services, caller: Caller, projectId: string, webhookId: string) {
  await readableProject(s, caller, projectId);
  if (!(await s.store.webhooks.exists(projectId, webhookId))) throw notFound('webhook');
  const rows = await s.store.webhooks.deliveries(webhookId);
  return {
    data: rows.map((d) => ({
      id: d.id,
      event: d.event as EventName | 'ping',
      status: d.status as 'pending' | 'delivered' | 'failed',
      runId: d.run_id,
      requestId: d.request_id,
      createdAt: d.created_at,
      deliveredAt: d.delivered_at,
      nextAttemptAt: d.next_attempt_at,
      attemptCount: d.attempt_count,
      attempts: fromJson<
        { at: string; httpStatus: number | null; error: string | null; durationMs: number }[]
      >(d.attempts),
    })),
    nextCursor: null,
  };
}
