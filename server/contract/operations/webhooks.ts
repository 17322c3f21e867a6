import { EXAMPLE_IDS, list, ResourceId } from '../common.ts';
import { DeliveryList, Webhook, WebhookCreate, WebhookDelivery, WebhookWithSecret } from '../webhooks.ts';
import { Deleted, ok, projectPath, withId } from '../operation.ts';
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
} satisfies Record<string, Operation>;
