import { RaisedAlertList } from '../alerts.ts';
import { Cursor, EXAMPLE_IDS, Limit, list, ResourceId } from '../common.ts';
import {
  DeliveryList,
  Webhook,
  WebhookCreate,
  WebhookDelivery,
  WebhookUpdate,
  WebhookWithSecret,
} from '../webhooks.ts';
import { Deleted, ok, projectPath, withId } from '../operation.ts';
import { z } from 'zod';
import type { Operation } from '../operation.ts';

const WebhookIdParam = ResourceId.meta({ examples: [EXAMPLE_IDS.webhook] });

/** Webhooks and their deliveries. */
export const webhookOps = {
  createWebhook: {
    operationId: 'createWebhook',
    method: 'POST',
    path: '/projects/{projectId}/webhooks',
    tag: 'Webhooks',
    summary: 'Register a webhook endpoint (public https only); the secret is shown only in this response',
    scope: 'tracking:write',
    params: projectPath,
    body: WebhookCreate,
    responses: { 201: { description: 'Created', schema: WebhookWithSecret } },
    errors: [409],
  },
  listWebhooks: {
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/projects/{projectId}/webhooks',
    tag: 'Webhooks',
    summary: 'List webhooks, without secrets',
    scope: 'visibility:read',
    params: projectPath,
    responses: ok(list(Webhook).meta({ id: 'WebhookList' })),
    errors: [409],
  },
  updateWebhook: {
    operationId: 'updateWebhook',
    method: 'PATCH',
    path: '/projects/{projectId}/webhooks/{webhookId}',
    tag: 'Webhooks',
    extension: true,
    summary: 'Change the events, thresholds or description of a webhook (extension)',
    description:
      'Fields left out stay as they are; `events` and `thresholds` are replaced whole. Thresholds need an alert event among the events the webhook ends up with (400 `invalid_parameter`). The URL, the secret and whether the webhook is active do not change.',
    scope: 'tracking:write',
    params: withId('webhookId', WebhookIdParam),
    body: WebhookUpdate,
    responses: ok(Webhook),
    errors: [409],
  },
  deleteWebhook: {
    operationId: 'deleteWebhook',
    method: 'DELETE',
    path: '/projects/{projectId}/webhooks/{webhookId}',
    tag: 'Webhooks',
    summary: 'Delete a webhook; pending deliveries are dropped',
    scope: 'tracking:write',
    params: withId('webhookId', WebhookIdParam),
    responses: ok(Deleted),
    errors: [409],
  },
  testWebhook: {
    operationId: 'testWebhook',
    method: 'POST',
    path: '/projects/{projectId}/webhooks/{webhookId}/test',
    tag: 'Webhooks',
    summary: 'Send a ping; answers with the delivery after its first attempt',
    scope: 'tracking:write',
    params: withId('webhookId', WebhookIdParam),
    responses: ok(WebhookDelivery),
    errors: [409],
  },
  listWebhookDeliveries: {
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/projects/{projectId}/webhooks/{webhookId}/deliveries',
    tag: 'Webhooks',
    summary: 'The last 50 deliveries, newest first',
    scope: 'visibility:read',
    params: withId('webhookId', WebhookIdParam),
    responses: ok(DeliveryList),
    errors: [409],
  },
  listAlerts: {
    operationId: 'listAlerts',
    method: 'GET',
    path: '/projects/{projectId}/alerts',
    tag: 'Webhooks',
    extension: true,
    summary: 'The alert events runs raised, newest first, as the webhooks received them (extension)',
    description:
      "One item per alert event (`visibility.dropped`, `visibility.rose`, `citation.lost`, `citation.gained`, `competitor.overtook`) in the project's recorded deliveries: the event as sent, with its delivery to each webhook that got it. Alerts are raised only for webhooks that subscribe to them, and the list holds what the deliveries history holds (the last 50 deliveries of each webhook; a deleted webhook takes its deliveries with it). Send the ETag back in If-None-Match to get 304 when nothing changed.",
    scope: 'visibility:read',
    params: projectPath,
    query: z.strictObject({ cursor: Cursor.optional(), limit: Limit }),
    responses: {
      200: { description: 'OK', schema: RaisedAlertList, headers: ['ETag'] },
      304: { description: 'Not modified', schema: null, headers: ['ETag'] },
    },
  },
} satisfies Record<string, Operation>;
