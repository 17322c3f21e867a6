import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import { createAccountKey, listAccountKeys, revokeAccountKey } from '../domain/account-keys.ts';
import { describeAccount } from '../domain/account-view.ts';
import { listAuditLog } from '../domain/audit-log.ts';
import { listComputers, unpairComputer } from '../domain/computers.ts';
import type { Services } from '../domain/context.ts';
import { describeKey } from '../domain/projects.ts';
import { route } from '../http/route.ts';

export function accountRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.getMe, async (_in, req) => describeKey(s, req.caller), { listsKeyProjects: true });
  route(app, ops.getAccount, async (_in, req) => describeAccount(s, req.caller));
  route(app, ops.listApiKeys, async (_in, req) => listAccountKeys(s, req.caller));
  route(app, ops.createApiKey, async ({ body }, req, reply) => {
    reply.code(201);
    return createAccountKey(s, req.caller, body);
  });
  route(app, ops.revokeApiKey, async ({ params }, req) => revokeAccountKey(s, req.caller, params.keyId));
  route(app, ops.listComputers, async (_in, req) => listComputers(s, req.caller));
  route(app, ops.unpairComputer, async ({ params }, req) => unpairComputer(s, req.caller, params.computerId));
  route(app, ops.getAuditLog, async ({ query }, req) => listAuditLog(s, req.caller, query));
}
