import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import { listActions } from '../domain/actions/list-actions.ts';
import { updateAction } from '../domain/actions/update-action.ts';
import type { Services } from '../domain/context.ts';
import { route } from '../http/route.ts';

/** Ranked actions (extensions of v1). */
export function actionRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.listActions, async ({ params, query }, req) =>
    listActions(s, req.caller, params.projectId, query),
  );
  route(app, ops.updateAction, async ({ params, query, body }, req) =>
    updateAction(s, req.caller, params.projectId, params.actionId, query, body.status),
  );
}
