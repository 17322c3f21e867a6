import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import { listAlerts } from '../domain/alert-list.ts';
import type { Services } from '../domain/context.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  testWebhook,
  updateWebhook,
} from '../domain/webhooks.ts';
import { route } from '../http/route.ts';

export function webhookRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.createWebhook, async ({ params, body }, req, reply) => {
    reply.code(201);
    return createWebhook(s, req.caller, params.projectId, body);
  });
  route(app, ops.listWebhooks, async ({ params }, req) => listWebhooks(s, req.caller, params.projectId));
  route(app, ops.updateWebhook, async ({ params, body }, req) =>
    updateWebhook(s, req.caller, params.projectId, params.webhookId, body),
  );
  route(app, ops.deleteWebhook, async ({ params }, req) =>
    deleteWebhook(s, req.caller, params.projectId, params.webhookId),
  );
  route(app, ops.testWebhook, async ({ params }, req) =>
    testWebhook(s, req.caller, params.projectId, params.webhookId),
  );
  route(app, ops.listWebhookDeliveries, async ({ params }, req) =>
    listDeliveries(s, req.caller, params.projectId, params.webhookId),
  );
  route(app, ops.listAlerts, async ({ params, query }, req) =>
    listAlerts(s, req.caller, params.projectId, query),
  );
}
