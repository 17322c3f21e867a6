import { z } from 'zod';
import { ACTION_EVENTS } from './actions-event.ts';
import { ALERT_EVENTS, AlertThresholds, AlertThresholdsInput } from './alerts.ts';
import { EXTENSION } from './extensions.ts';
import { DateTime, EXAMPLE_IDS, exampleOf, HttpsUrl, Uri } from './common.ts';
import { Run } from './results.ts';
import { REPORT_EVENTS } from './report-events.ts';
import { SITE_EVENTS } from './site-events.ts';
import { TRAFFIC_EVENTS } from './traffic-events.ts';

/** The contract's events; a webhook registered without `events` gets these two. */
export const WEBHOOK_EVENTS = ['run.completed', 'run.failed'] as const;
export const RunEventName = z.enum(WEBHOOK_EVENTS);
/** What a webhook can subscribe to: the contract's events, then the opt-in alert, site, action, traffic and report events (extensions). */
export const SUBSCRIBABLE_EVENTS = [
  ...WEBHOOK_EVENTS,
  ...ALERT_EVENTS,
  ...SITE_EVENTS,
  ...ACTION_EVENTS,
  ...TRAFFIC_EVENTS,
  ...REPORT_EVENTS,
] as const;
export const WebhookEventName = z
  .enum(SUBSCRIBABLE_EVENTS)
  .describe(
    '`run.completed` and `run.failed`, and the opt-in alert events beyond the contract (extension): `visibility.dropped`, `visibility.rose`, `citation.lost`, `citation.gained`, `competitor.overtook`; and the opt-in `site.crawled` (extension) when a site crawl ends; and `actions.updated` when a run changes the top ten ranked actions; and the opt-in `crawler.blocked` (extension) when an AI agent that got a page starts getting 4xx/5xx on it; and the opt-in `report.ready` (extension) when a report digest is mailed',
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
  .meta({
    id: 'Webhook',
    examples: [
      {
        id: EXAMPLE_IDS.webhook,
        url: 'https://hooks.example.com/answerwatch',
        events: ['run.completed'],
        description: 'BI refresh',
        active: true,
        createdAt: '2026-06-01T08:00:00.000Z',
        lastDeliveryAt: '2026-06-14T07:42:11.000Z',
        lastDeliveryStatus: 'delivered',
        consecutiveFailures: 0,
      },
    ],
  });

export const WebhookWithSecret = Webhook.extend({
  secret: z.string().startsWith('whsec_').describe('Signing secret'),
}).meta({
  id: 'WebhookWithSecret',
  description: 'The signing secret is returned only in this response.',
  examples: [
    {
      ...exampleOf(Webhook),
      createdAt: '2026-06-15T12:00:00.000Z',
      lastDeliveryAt: null,
      lastDeliveryStatus: null,
      secret: 'whsec_Jq3Vn8Lt1Xw6Rb9Km2Pz5Hc7Ds4Fy0Ga',
    },
  ],
});

export const WebhookCreate = z
  .strictObject({
    url: HttpsUrl.describe(
      'Public https URL; private and local addresses, localhost and plain http are refused',
    ),
    events: z
      .array(WebhookEventName)
      .min(1)
      .max(SUBSCRIBABLE_EVENTS.length)
      .optional()
      .describe(
        'Default: run.completed and run.failed; alert events, site.crawled, actions.updated, crawler.blocked and report.ready only when named',
      ),
    description: z.string().max(120).optional(),
    thresholds: AlertThresholdsInput.optional(),
  })
  .meta({
    id: 'WebhookCreate',
    examples: [
      { url: 'https://hooks.example.com/answerwatch', events: ['run.completed'], description: 'BI refresh' },
    ],
  });

export const WebhookUpdate = z
  .strictObject({
    events: z
      .array(WebhookEventName)
      .min(1)
      .max(SUBSCRIBABLE_EVENTS.length)
      .optional()
      .describe('Replaces the events the webhook receives'),
    description: z.string().max(120).nullable().optional().describe('null clears it'),
    thresholds: AlertThresholdsInput.nullable()
      .optional()
      .describe(
        'Replaces the alert thresholds: each one left out is back to its default; null: every default. Only with an alert event in the events it ends up with.',
      ),
  })
  .meta({
    id: 'WebhookUpdate',
    description:
      'What to change on a webhook (extension); fields left out stay as they are. The URL and the secret do not change: register a new webhook for another endpoint.',
    examples: [
      {
        events: ['run.completed', 'visibility.dropped', 'competitor.overtook'],
        thresholds: { mentionRateChange: 0.15, shareOfVoiceLead: 0.05 },
      },
    ],
    ...EXTENSION,
  });

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
  .meta({
    id: 'WebhookDelivery',
    examples: [
      {
        id: EXAMPLE_IDS.delivery,
        event: 'ping',
        status: 'delivered',
        runId: null,
        requestId: null,
        createdAt: '2026-06-15T12:00:00.000Z',
        deliveredAt: '2026-06-15T12:00:00.000Z',
        nextAttemptAt: null,
        attemptCount: 1,
        attempts: [{ at: '2026-06-15T12:00:00.000Z', httpStatus: 204, error: null, durationMs: 87 }],
      },
    ],
  });

export const DeliveryList = z
  .strictObject({ data: z.array(WebhookDelivery), nextCursor: z.string().nullable().optional() })
  .meta({
    id: 'WebhookDeliveryList',
    examples: [
      {
        data: [
          {
            id: 'dlv8Mw3Tq6Zk1Xn5Rb9Hp2c',
            event: 'run.completed',
            status: 'pending',
            runId: EXAMPLE_IDS.run,
            requestId: EXAMPLE_IDS.runRequest,
            createdAt: '2026-06-14T07:42:10.000Z',
            deliveredAt: null,
            nextAttemptAt: '2026-06-14T07:48:11.000Z',
            attemptCount: 2,
            attempts: [
              { at: '2026-06-14T07:42:10.000Z', httpStatus: 503, error: null, durationMs: 212 },
              {
                at: '2026-06-14T07:43:11.000Z',
                httpStatus: null,
                error: 'timed out after 10 s',
                durationMs: 10000,
              },
            ],
          },
          exampleOf(WebhookDelivery),
        ],
      },
    ],
  });

const FailedEngine = z
  .strictObject({
    engineId: z.string(),
    engineLabel: z.string(),
    failedAnswers: z.number().int().describe('Answers asked of this engine in the run, all failed'),
    reason: z.string().describe('Why, from the most frequent error'),
    fix: z
      .string()
      .nullable()
      .describe('What to change, e.g. the variable to set; null when the engine’s error names no fix'),
  })
  .meta({ id: 'FailedEngine', ...EXTENSION });

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
  warning: z
    .string()
    .nullable()
    .meta(EXTENSION)
    .describe(
      'On run.completed: the engines that failed every answer while the others answered, why, and the fix (as the run request’s warning); null when none did',
    ),
  failedEngines: z
    .array(FailedEngine)
    .meta(EXTENSION)
    .describe('The engines that failed every answer they were asked in this run; empty when none did'),
  links: z.strictObject({
    run: Uri.describe("The project's runs endpoint"),
    answers: Uri.describe('The answers endpoint filtered to this run'),
    stats: Uri.describe("The project's daily stats endpoint"),
  }),
});

/** The links of an event about a run, as the service writes them (for the default base URL). */
const exampleLinks = (runId: string) => {
  const project = `http://127.0.0.1:8787/v1/projects/${EXAMPLE_IDS.project}`;
  return {
    run: `${project}/runs`,
    answers: `${project}/answers?runId=${runId}`,
    stats: `${project}/stats/daily`,
  };
};

/** The event of the run the Run schema's example describes. */
const { id: runId, trigger, startedAt, completedAt, promptCount, answerCount } = exampleOf(Run);

export const RunEvent = z
  .strictObject({
    id: z.string().describe('Unique event id; use it to ignore repeats'),
    event: RunEventName,
    createdAt: DateTime,
    data: RunEventData,
  })
  .meta({
    id: 'RunEvent',
    examples: [
      {
        id: EXAMPLE_IDS.event,
        event: 'run.completed',
        createdAt: '2026-06-14T07:42:10.000Z',
        data: {
          projectId: EXAMPLE_IDS.project,
          runId,
          requestId: EXAMPLE_IDS.runRequest,
          status: 'completed',
          trigger,
          startedAt,
          completedAt,
          promptCount,
          answerCount,
          error: null,
          warning: null,
          failedEngines: [],
          links: exampleLinks(runId),
        },
      },
      {
        id: 'evt1Qs7Lx4Nb9Wd2Hm6Tc3Zk',
        event: 'run.failed',
        createdAt: '2026-06-13T07:35:44.000Z',
        data: {
          projectId: EXAMPLE_IDS.project,
          runId: 'run8Dz3Kc6Vn1Qm9Xt4Lw2Bp',
          requestId: null,
          status: 'failed',
          trigger: 'scheduled',
          startedAt: '2026-06-13T07:30:00.000Z',
          completedAt: '2026-06-13T07:35:44.000Z',
          promptCount: 24,
          answerCount: 0,
          error:
            'Every answer failed (72). Gemini failed every answer (72): Gemini refused the service’s API key (auth, HTTP 400). Set GEMINI_API_KEY to a valid Gemini key in the environment of the service and restart it.',
          warning: null,
          failedEngines: [
            {
              engineId: 'gemini',
              engineLabel: 'Gemini',
              failedAnswers: 72,
              reason: 'Gemini refused the service’s API key (auth, HTTP 400).',
              fix: 'Set GEMINI_API_KEY to a valid Gemini key in the environment of the service and restart it.',
            },
          ],
          links: exampleLinks('run8Dz3Kc6Vn1Qm9Xt4Lw2Bp'),
        },
      },
    ],
  });

export const PingEvent = z
  .strictObject({
    id: z.string(),
    event: z.literal('ping'),
    createdAt: DateTime,
    data: z.strictObject({ projectId: z.string(), message: z.string() }),
  })
  .meta({
    id: 'PingEvent',
    examples: [
      {
        id: 'evt7Gh2Ns5Kq8Xb1Vm4Rd9Tw',
        event: 'ping',
        createdAt: '2026-06-15T12:00:00.000Z',
        data: {
          projectId: EXAMPLE_IDS.project,
          message: 'Answerwatch test event: this endpoint receives the project’s webhooks.',
        },
      },
    ],
  });
