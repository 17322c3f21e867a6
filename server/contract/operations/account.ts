import { z } from 'zod';
import { PageQuery, ResourceId } from '../common.ts';
import { AccountView } from '../account-view.ts';
import { ApiKeyCreate, ApiKeyList, ApiKeyWithSecret, Revoked } from '../api-keys.ts';
import { AuditPage } from '../audit-log.ts';
import { ComputerList, Unpaired } from '../computers.ts';
import { ok, type Operation } from '../operation.ts';

const PEOPLE_ONLY =
  'Every API key gets 403 `insufficient_scope`, whatever its scopes: keys reach projects, not the account’s administration.';
const keyPath = z.strictObject({ keyId: ResourceId.meta({ examples: ['keyQ2w9Tz4Lm7Kx'] }) });
const computerPath = z.strictObject({
  computerId: ResourceId.meta({ examples: ['hstR2k9Lm4Xw7Tz1Qb8Nc'] }),
});

/**
 * The account's own administration (extensions), for its people signed in and for the local owner of
 * `npx answerwatch start`: its plan, API keys, computers, and what its people and keys did.
 */
export const accountOps = {
  getAccount: {
    operationId: 'getAccount',
    method: 'GET',
    path: '/account',
    tag: 'Account',
    extension: true,
    summary: 'The account: your role in it, its plan and its allowance (extension)',
    description: `Read by every person of the account. ${PEOPLE_ONLY}`,
    scope: 'visibility:read',
    responses: ok(AccountView),
  },
  listApiKeys: {
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/account/keys',
    tag: 'Account',
    extension: true,
    summary: 'The account’s API keys, newest first, never the keys themselves (extension)',
    description: `Read by every person of the account: label, scopes, projects, when made, last used, expiry and revocation. ${PEOPLE_ONLY}`,
    scope: 'visibility:read',
    responses: ok(ApiKeyList),
  },
  createApiKey: {
    operationId: 'createApiKey',
    method: 'POST',
    path: '/account/keys',
    tag: 'Account',
    extension: true,
    summary: 'Create an API key; the key is shown only in this response (extension)',
    description: `Only the account’s owner creates keys (the contract); an admin, a member or a viewer gets 403 \`insufficient_scope\`. Every key can read; \`tracking:write\` and \`runs:execute\` are given only when asked for. A project of another account is 400 \`invalid_parameter\`. Recorded in the audit log as \`key_created\`. ${PEOPLE_ONLY}`,
    scope: 'visibility:read',
    body: ApiKeyCreate,
    responses: { 201: { description: 'Created', schema: ApiKeyWithSecret } },
  },
  revokeApiKey: {
    operationId: 'revokeApiKey',
    method: 'DELETE',
    path: '/account/keys/{keyId}',
    tag: 'Account',
    extension: true,
    summary: 'Revoke an API key at once (extension)',
    description: `Only the account’s owner revokes keys; others get 403 \`insufficient_scope\`. The key’s next request is 401 \`key_revoked\`. Another account’s key is 404. Recorded in the audit log as \`key_revoked\`. ${PEOPLE_ONLY}`,
    scope: 'visibility:read',
    params: keyPath,
    responses: ok(Revoked),
  },
  listComputers: {
    operationId: 'listComputers',
    method: 'GET',
    path: '/account/computers',
    tag: 'Account',
    extension: true,
    summary: 'The account’s paired computers (hosts), oldest first (extension)',
    description: `Read by the account’s owner and admins; a member or a viewer gets 403 \`insufficient_scope\`. ${PEOPLE_ONLY}`,
    scope: 'visibility:read',
    responses: ok(ComputerList),
  },
  unpairComputer: {
    operationId: 'unpairComputer',
    method: 'DELETE',
    path: '/account/computers/{computerId}',
    tag: 'Account',
    extension: true,
    summary: 'Unpair a computer: its token stops working at once (extension)',
    description: `By the account’s owner and admins; others get 403 \`insufficient_scope\`. Its next check-in is 401 \`invalid_key\`; its projects have no host until another computer pairs. Another account’s computer is 404. Recorded in the audit log as \`host_unpaired\`. ${PEOPLE_ONLY}`,
    scope: 'visibility:read',
    params: computerPath,
    responses: ok(Unpaired),
  },
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
