import { z } from 'zod';
import type { ConvertedSchemas } from './openapi-schemas.ts';
import type { OperationObject, ParameterObject, PathItemObject } from './openapi-types.ts';
import { ActionsUpdatedEvent } from './actions-event.ts';
import { CitationEvent, OvertakeEvent, VisibilityEvent } from './alerts.ts';
import { WEBHOOK_EVENTS_TAG } from './openapi-text.ts';
import { ReportReadyEvent } from './report-events.ts';
import { SiteCrawledEvent } from './site-events.ts';
import { CrawlerBlockedEvent } from './traffic-events.ts';
import { PingEvent, RunEvent } from './webhooks.ts';

/** The OpenAPI 3.1 `webhooks` section: the requests this service sends to registered endpoints. */

interface EventDoc {
  event: string;
  operationId: string;
  summary: string;
  description: string;
  payload: z.ZodType;
  example: unknown;
  /** An opt-in event beyond the contract (the alerts, site.crawled, crawler.blocked). */
  extension?: true;
}

/** The payload's example for this event: RunEvent carries one per event it is sent as. */
function eventExample(payload: z.ZodType, event: string): unknown {
  const examples: unknown[] = z.globalRegistry.get(payload)?.examples ?? [];
  const found = examples.find((e) => (e as { event?: unknown }).event === event);
  if (!found) throw new Error(`the ${event} payload has no example`);
  return found;
}

const ALERTS_COMMON =
  'Opt-in (extension): sent only to webhooks that name it in `events`. Computed once per completed run, in the transaction that ends it, against the previous comparable run: the latest earlier run of the same project that completed, ran on the same side (cloud or host computer) and asked the same prompts on the same engines. A run without one raises no alert. Delivered, signed, retried and recorded like the run events.';

const EVENTS: EventDoc[] = [
  {
    event: 'run.completed',
    operationId: 'runCompletedEvent',
    summary: 'A run finished and its answers are stored',
    description:
      "Sent for scheduled, manual and API runs alike. Daily summaries of the run's days are rebuilt within ten minutes after completion; `incompleteDays` in the daily stats shows when they are not ready.",
    payload: RunEvent,
    example: eventExample(RunEvent, 'run.completed'),
  },
  {
    event: 'run.failed',
    operationId: 'runFailedEvent',
    summary: 'A run ended with status failed or canceled',
    description: '`data.status` is `failed` or `canceled`; `data.error` gives the reason.',
    payload: RunEvent,
    example: eventExample(RunEvent, 'run.failed'),
  },
  {
    event: 'ping',
    operationId: 'pingEvent',
    summary: 'Test delivery',
    description:
      'Sent at once to one webhook by its test endpoint, whatever events the webhook subscribed to. `data` carries the project id and a message.',
    payload: PingEvent,
    example: eventExample(PingEvent, 'ping'),
  },
  {
    event: 'visibility.dropped',
    operationId: 'visibilityDroppedEvent',
    summary: 'A mention or citation rate fell against the previous comparable run',
    description: `Per engine of the run and for the run as a whole (\`engineId\` null): a rate fell by at least the webhook's \`mentionRateChange\` or \`citationRateChange\` threshold, and each run's rate lies outside the other run's 95 % Wilson interval. ${ALERTS_COMMON}`,
    payload: VisibilityEvent,
    example: eventExample(VisibilityEvent, 'visibility.dropped'),
    extension: true,
  },
  {
    event: 'visibility.rose',
    operationId: 'visibilityRoseEvent',
    summary: 'A mention or citation rate rose against the previous comparable run',
    description: `As visibility.dropped, upwards. ${ALERTS_COMMON}`,
    payload: VisibilityEvent,
    example: eventExample(VisibilityEvent, 'visibility.rose'),
    extension: true,
  },
  {
    event: 'citation.lost',
    operationId: 'citationLostEvent',
    summary: 'A brand page listed for a prompt on an engine no longer is',
    description: `Per prompt and engine both runs answered: the pages of the brand's domains the previous run listed as sources and this run does not. ${ALERTS_COMMON}`,
    payload: CitationEvent,
    example: eventExample(CitationEvent, 'citation.lost'),
    extension: true,
  },
  {
    event: 'citation.gained',
    operationId: 'citationGainedEvent',
    summary: 'A brand page is newly listed for a prompt on an engine',
    description: `Per prompt and engine both runs answered: the pages of the brand's domains this run lists as sources and the previous run did not. ${ALERTS_COMMON}`,
    payload: CitationEvent,
    example: eventExample(CitationEvent, 'citation.gained'),
    extension: true,
  },
  {
    event: 'competitor.overtook',
    operationId: 'competitorOvertookEvent',
    summary: "A competitor's share of voice passed the brand's",
    description: `Per engine and for the run as a whole: a tracked competitor was named in at most as many answers as the brand in the previous run, and its share of voice now passes the brand's by more than the webhook's \`shareOfVoiceLead\`. ${ALERTS_COMMON}`,
    payload: OvertakeEvent,
    example: eventExample(OvertakeEvent, 'competitor.overtook'),
    extension: true,
  },
  {
    event: 'site.crawled',
    operationId: 'siteCrawledEvent',
    summary: 'A crawl of the project’s website ended',
    description:
      'Opt-in (extension): sent only to webhooks that name it in `events`, when a site crawl ends `completed` or `failed` (a crawl no host computer ended fails after 24 hours with `host_unavailable`). Queued in the transaction that ends the crawl; delivered, signed, retried and recorded like the run events (`runId` and `requestId` of its delivery are null). `data.counts` gives the pages read and the pages per finding type; follow `data.links` for the findings and the pages.',
    payload: SiteCrawledEvent,
    example: eventExample(SiteCrawledEvent, 'site.crawled'),
    extension: true,
  },
  {
    event: 'actions.updated',
    operationId: 'actionsUpdatedEvent',
    summary: 'A run changed the top ten ranked actions',
    description:
      'Opt-in (extension): sent only to webhooks that name it in `events`. At the end of each completed run, in the transaction that ends it, the top ten of `GET /projects/{projectId}/actions` (the last 30 days, every engine and topic) is compared with the ten last announced; when another action entered them or their order changed, the new ten are sent with their titles and a link. Delivered, signed, retried and recorded like the run events.',
    payload: ActionsUpdatedEvent,
    example: eventExample(ActionsUpdatedEvent, 'actions.updated'),
    extension: true,
  },
  {
    event: 'crawler.blocked',
    operationId: 'crawlerBlockedEvent',
    summary: 'An AI agent that got a page now gets 4xx or 5xx on it',
    description:
      "Opt-in (extension): sent only to webhooks that name it in `events`. Found in the transaction that stores a batch of access-log lines (`npx answerwatch traffic import` or POST …/traffic) and queued there: once per agent and page whose last status the logs show turned from 2xx to 4xx or 5xx (a 2xx again, then a failure, raises it again). Only AI agents (training, search, user), verified or claimed: a spoofed agent's hits raise nothing, and nor does a page the agent never got. Delivered, signed, retried and recorded like the run events (`runId` and `requestId` of its delivery are null). `data.page` is a path from the logs: treat it as untrusted text. Follow `data.links` for the pages that are unreachable to AI agents.",
    payload: CrawlerBlockedEvent,
    example: eventExample(CrawlerBlockedEvent, 'crawler.blocked'),
    extension: true,
  },
  {
    event: 'report.ready',
    operationId: 'reportReadyEvent',
    summary: 'A report digest of the project was mailed',
    description:
      'Opt-in (extension): sent only to webhooks that name it in `events`, when the project’s scheduled digest of a period is queued to its recipients (once per period), or when `npx answerwatch reports send` sends the digest at once. Queued in the transaction that queues the mails; delivered, signed, retried and recorded like the run events (`runId` and `requestId` of its delivery are null). `data.links` gives the report as JSON, HTML and PDF (with an API key) and the share link made for the digest (without one, for 90 days).',
    payload: ReportReadyEvent,
    example: eventExample(ReportReadyEvent, 'report.ready'),
    extension: true,
  },
];

export const webhookPayloads: z.ZodType[] = [...new Set(EVENTS.map((doc) => doc.payload))];

export function buildWebhooks(schemas: ConvertedSchemas): Record<string, PathItemObject> {
  return Object.fromEntries(EVENTS.map((doc) => [doc.event, { post: buildEvent(doc, schemas) }]));
}

function buildEvent(doc: EventDoc, schemas: ConvertedSchemas): OperationObject {
  return {
    operationId: doc.operationId,
    tags: [WEBHOOK_EVENTS_TAG],
    summary: doc.summary,
    description: doc.description,
    ...(doc.extension ? { 'x-answerwatch-extension': true as const } : {}),
    // Deliveries carry a signature, not an API key.
    security: [],
    parameters: deliveryHeaders(doc.event),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: schemas.use(doc.payload, 'output'), example: doc.example } },
    },
    responses: {
      '2XX': {
        description:
          'Any 2xx status within 10 seconds acknowledges the delivery. Another status, a redirect or no answer in time is a failed attempt, retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours.',
      },
    },
  };
}

function deliveryHeaders(event: string): ParameterObject[] {
  const header = (name: string, description: string, schema: ParameterObject['schema']): ParameterObject => ({
    name,
    in: 'header',
    required: true,
    description,
    schema,
  });
  return [
    header(
      'X-Service-Signature',
      '`t=<unix seconds>,v1=<hex>`: `v1` is the lowercase hex HMAC-SHA256 of `<t>.<raw request body>` keyed with the signing secret.',
      { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
    ),
    header('X-Service-Event', 'The event name.', { type: 'string', const: event }),
    header('X-Service-Delivery', 'The delivery id, the same as the id of the delivery record.', {
      type: 'string',
    }),
    header('User-Agent', 'Identifies the sender.', { type: 'string', const: 'Service-Webhooks/1.0' }),
  ];
}
