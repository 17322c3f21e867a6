import { PageQuery } from '../common.ts';
import { AuditPage } from '../audit-log.ts';
import { ok, type Operation } from '../operation.ts';

/** The account's own administration (extensions): what its people and keys did. */
export const accountOps = {
  getAuditLog: {
    operationId: 'getAuditLog',
    method: 'GET',
    path: '/account/audit-log',
    tag: 'Account',
    extension: true,
    summary: 'The account’s audit log, newest first (extension)',
    description:
      'Sign-ins, failed sign-in bursts (one entry per e-mail address and 15 minutes, counting the attempts), keys created or revoked, people invited, removed or given another role, webhooks created or deleted, computers paired or unpaired: who, when and from which address. Read by the account’s owner and admins signed in (and by the local owner of `npx answerwatch start`); a member, a viewer or any API key gets 403 `insufficient_scope`.',
    scope: 'visibility:read',
    query: PageQuery,
    responses: ok(AuditPage),
  },
} satisfies Record<string, Operation>;
