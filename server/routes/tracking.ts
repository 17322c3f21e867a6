import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import { capabilities } from '../domain/capabilities.ts';
import type { Services } from '../domain/context.ts';
import { updateTracking } from '../domain/tracking-writes.ts';
import { route } from '../http/route.ts';

export function trackingRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.getCapabilities, async ({ params }, req) => capabilities(s, req.caller, params.projectId));
  route(app, ops.updateTracking, async ({ params, body }, req) =>
    updateTracking(s, req.caller, params.projectId, body),
  );
}
