import type { ACTION_EVENTS } from '../contract/actions-event.ts';
import type { AlertEventName } from '../contract/alerts.ts';
import type { REPORT_EVENTS } from '../contract/report-events.ts';
import type { SITE_EVENTS } from '../contract/site-events.ts';
import type { TRAFFIC_EVENTS } from '../contract/traffic-events.ts';
import type { Repositories } from '../store/index.ts';
import type { RunRow } from '../store/repositories/runs.ts';
import type { WebhookRow } from '../store/repositories/webhooks.ts';
import { failedEnginesText, type FailedEngine } from './engine-failures.ts';
import { newId } from './ids.ts';

type SiteEventName = (typeof SITE_EVENTS)[number];
type TrafficEventName = (typeof TRAFFIC_EVENTS)[number];
type ReportEventName = (typeof REPORT_EVENTS)[number];

export interface EventPayload {
  id: string;
  event:
    | 'run.completed'
    | 'run.failed'
    | 'ping'
    | AlertEventName
    | SiteEventName
    | (typeof ACTION_EVENTS)[number]
    | TrafficEventName
    | ReportEventName;
  createdAt: string;
  data: Record<string, unknown>;
}

/**
 * The event of a run that ended (contract section 6): a signal with links, not the data. `failedEngines` and
 * `warning` are extensions: the engines that failed every answer of the run, why and the fix, and on a completed
 * run the same as one text (the run request's warning says it too).
 */
export function runEventPayload(
  run: RunRow,
  requestId: string | null,
  baseUrl: string,
  failedEngines: readonly FailedEngine[] = [],
): EventPayload {
  const project = `${baseUrl}/projects/${run.project_id}`;
  return {
    id: newId('evt'),
    event: run.status === 'completed' ? 'run.completed' : 'run.failed',
    createdAt: run.completed_at ?? run.created_at,
    data: {
      projectId: run.project_id,
      runId: run.id,
      requestId,
      status: run.status,
      trigger: run.trigger,
      startedAt: run.started_at,
      completedAt: run.completed_at,
      promptCount: run.prompt_count,
      answerCount: run.answer_count,
      error: run.status === 'completed' ? null : (run.error ?? 'The run was canceled.'),
      warning:
        run.status === 'completed' && failedEngines.length > 0 ? failedEnginesText(failedEngines) : null,
      failedEngines,
      links: {
        run: `${project}/runs`,
        answers: `${project}/answers?runId=${encodeURIComponent(run.id)}`,
        stats: `${project}/stats/daily`,
      },
    },
  };
}

export function pingPayload(projectId: string, at: string): EventPayload {
  return {
    id: newId('evt'),
    event: 'ping',
    createdAt: at,
    data: { projectId, message: 'Answerwatch test event: this endpoint receives the project’s webhooks.' },
  };
}

/**
 * One delivery per webhook of the same event (same event id, so a receiver can drop repeats); the payload is
 * stored as the exact text that will be sent and signed, due at `dueAt`. Returns the delivery ids.
 */
export async function queueDeliveries(
  webhooks: Repositories['webhooks'],
  to: readonly WebhookRow[],
  payload: EventPayload,
  now: string,
  dueAt = now,
): Promise<string[]> {
  const text = JSON.stringify(payload);
  const rows = to.map((w) => ({
    id: newId('dlv'),
    webhookId: w.id,
    projectId: w.project_id,
    eventId: payload.id,
    event: payload.event,
    payload: text,
    runId: typeof payload.data.runId === 'string' ? payload.data.runId : null,
    requestId: typeof payload.data.requestId === 'string' ? payload.data.requestId : null,
    createdAt: now,
  }));
  await webhooks.enqueue(rows, dueAt);
  return rows.map((r) => r.id);
}

/**
 * Queues the run's event to every subscribed webhook, in the transaction that ends the run: once the run's end is
 * committed, its event is in the outbox, whatever happens to the process next.
 */
export async function emitRunEvent(
  tx: Repositories,
  run: RunRow,
  requestId: string | null,
  baseUrl: string,
  now: string,
  failedEngines: readonly FailedEngine[] = [],
): Promise<number> {
  const payload = runEventPayload(run, requestId, baseUrl, failedEngines);
  const to = await tx.webhooks.subscribers(run.project_id, payload.event);
  return (await queueDeliveries(tx.webhooks, to, payload, now)).length;
}
