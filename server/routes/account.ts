import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import { listAuditLog } from '../domain/audit-log.ts';
import type { Services } from '../domain/context.ts';
import { describeKey } from '../domain/projects.ts';
import { route } from '../http/route.ts';

export function accountRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.getMe, async (_in, req) => describeKey(s, req.caller));
  route(app, ops.getAuditLog, async ({ query }, req) => listAuditLog(s, req.caller, query));
}
