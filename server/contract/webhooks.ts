import { z } from 'zod';
import { ALERT_EVENTS, AlertThresholds, AlertThresholdsInput } from './alerts.ts';
import { DateTime, Uri } from './common.ts';

/** The contract's events; a webhook registered without `events` gets these two. */
export const WEBHOOK_EVENTS = ['run.completed', 'run.failed'] as const;
export const RunEventName = z.enum(WEBHOOK_EVENTS);
/** What a webhook can subscribe to: the contract's events, then the opt-in alert events (extension). */
export const SUBSCRIBABLE_EVENTS = [...WEBHOOK_EVENTS, ...ALERT_EVENTS] as const;
export const WebhookEventName = z
  .enum(SUBSCRIBABLE_EVENTS)
  .describe(
    '`run.completed` and `run.failed`, and the opt-in alert events beyond the contract (extension): `visibility.dropped`, `visibility.rose`, `citation.lost`, `citation.gained`, `competitor.overtook`',
  );
export const DeliveryEventName = z.enum([...SUBSCRIBABLE_EVENTS, 'ping']);

export const Webhook = z
  .strictObject({
    id: z.string(),
    url: Uri.describe('Endpoint events are posted to'),
    events: z.array(WebhookEventName),
    description: z.string().nullable(),
    active: z.boolean().describe('Turned off automatically after 20 consecutive failed deliveries'),
    createdAt: DateTime.nullable(),
    lastDeliveryAt: DateTime.nullable().describe('null before the first attempt'),
    lastDeliveryStatus: z.enum(['delivered', 'failed']).nullable().describe('null before the first attempt'),
    consecutiveFailures: z.number().int().describe('At 20 the webhook is turned off'),
    thresholds: AlertThresholds.optional(),
  })
  .meta({ id: 'Webhook' });

export const WebhookWithSecret = Webhook.extend({
  secret: z.string().startsWith('whsec_').describe('Signing secret'),
}).meta({ id: 'WebhookWithSecret', description: 'The signing secret is returned only in this response.' });

export const WebhookCreate = z
  .strictObject({
    url: z
      .url()
      .max(2048)
      .describe('Public https URL; private and local addresses, localhost and plain http are refused'),
    events: z
      .array(WebhookEventName)
      .min(1)
      .max(SUBSCRIBABLE_EVENTS.length)
      .optional()
      .describe('Default: run.completed and run.failed; alert events only when named'),
    description: z.string().max(120).optional(),
    thresholds: AlertThresholdsInput.optional(),
  })
  .meta({ id: 'WebhookCreate' });

export const WebhookDelivery = z
  .strictObject({
    id: z.string(),
    event: DeliveryEventName,
    status: z.enum(['pending', 'delivered', 'failed']),
    runId: z.string().nullable().describe('null for a ping'),
    requestId: z.string().nullable().describe('API run request that started the run'),
    createdAt: DateTime.nullable(),
    deliveredAt: DateTime.nullable().describe('When the endpoint answered 2xx'),
    nextAttemptAt: DateTime.nullable().describe('null when no retry is planned'),
    attemptCount: z.number().int(),
    attempts: z.array(
      z.strictObject({
        at: DateTime,
        httpStatus: z.number().int().nullable().describe('null if no answer'),
        error: z.string().nullable(),
        durationMs: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });

export const DeliveryList = z
  .strictObject({ data: z.array(WebhookDelivery), nextCursor: z.string().nullable().optional() })
  .meta({ id: 'WebhookDeliveryList' });

const RunEventData = z.strictObject({
  projectId: z.string(),
  runId: z.string().nullable(),
  requestId: z
    .string()
    .nullable()
    .describe(
      'Set when the run was started through the API; null for scheduled runs and runs started in the app',
    ),
  status: z.enum(['completed', 'failed', 'canceled']),
  trigger: z.enum(['scheduled', 'manual']),
  startedAt: DateTime.nullable(),
  completedAt: DateTime.nullable(),
  promptCount: z.number().int(),
  answerCount: z.number().int(),
  error: z.string().nullable().describe('Why the run failed'),
  links: z.strictObject({
    run: Uri.describe("The project's runs endpoint"),
    answers: Uri.describe('The answers endpoint filtered to this run'),
    stats: Uri.describe("The project's daily stats endpoint"),
  }),
});

export const RunEvent = z
  .strictObject({
    id: z.string().describe('Unique event id; use it to ignore repeats'),
    event: RunEventName,
    createdAt: DateTime,
    data: RunEventData,
  })
  .meta({ id: 'RunEvent' });

export const PingEvent = z
  .strictObject({
    id: z.string(),
    event: z.literal('ping'),
    createdAt: DateTime,
    data: z.strictObject({ projectId: z.string(), message: z.string() }),
  })
  .meta({ id: 'PingEvent' });
