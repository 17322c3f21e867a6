import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import type { Services } from '../domain/context.ts';
import { listDeliveries, listWebhooks } from '../domain/webhooks.ts';
import { route } from '../http/route.ts';

export function webhookRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.listWebhooks, async ({ params }, req) => listWebhooks(s, req.caller, params.projectId));
  route(app, ops.listWebhookDeliveries, async ({ params }, req) =>
    listDeliveries(s, req.caller, params.projectId, params.webhookId),
  );
}
