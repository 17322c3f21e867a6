import { z } from 'zod';
import type { ConvertedSchemas } from './openapi-schemas.ts';
import type { OperationObject, ParameterObject, PathItemObject } from './openapi-types.ts';
import { WEBHOOK_EVENTS_TAG } from './openapi-text.ts';
import { PingEvent, RunEvent } from './webhooks.ts';

/** The OpenAPI 3.1 `webhooks` section: the requests this service sends to registered endpoints. */

interface EventDoc {
  event: string;
  operationId: string;
  summary: string;
  description: string;
  payload: z.ZodType;
  example: unknown;
}

/** The payload's example for this event: RunEvent carries one per event it is sent as. */
function eventExample(payload: z.ZodType, event: string): unknown {
  const examples: unknown[] = z.globalRegistry.get(payload)?.examples ?? [];
  const found = examples.find((e) => (e as { event?: unknown }).event === event);
  if (!found) throw new Error(`the ${event} payload has no example`);
  return found;
}

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
];

export const webhookPayloads: z.ZodType[] = EVENTS.map((doc) => doc.payload);

export function buildWebhooks(schemas: ConvertedSchemas): Record<string, PathItemObject> {
  return Object.fromEntries(EVENTS.map((doc) => [doc.event, { post: buildEvent(doc, schemas) }]));
}

function buildEvent(doc: EventDoc, schemas: ConvertedSchemas): OperationObject {
  return {
    operationId: doc.operationId,
    tags: [WEBHOOK_EVENTS_TAG],
    summary: doc.summary,
    description: doc.description,
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
