import { z } from 'zod';
import { DateTime, EXAMPLE_IDS } from './common.ts';

/** `traffic:write` (issue 26) is for log shippers' keys: it sends access logs and nothing else. */
export const SCOPES = ['visibility:read', 'tracking:write', 'runs:execute', 'traffic:write'] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/**
 * The four roles a person holds in an account (issue 21): the owner (exactly one), admins who manage people but
 * the owner, members who change tracking and start runs, viewers who read.
 */
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const Me = z
  .strictObject({
    keyId: z.string().describe('Short public id of the key'),
    label: z.string().describe('Label given at creation'),
    scopes: z.array(Scope),
    createdAt: DateTime,
    expiresAt: DateTime.nullable().describe('null when the key never expires'),
    account: z.strictObject({ plan: z.string().describe('Plan code, for example free or premium') }),
    projects: z.array(z.string()).describe('Ids of the projects the key can read'),
  })
  .meta({
    id: 'Me',
    examples: [
      {
        keyId: 'keyQ2w9Tz4Lm7Kx',
        label: 'BI export',
        scopes: ['visibility:read'],
        createdAt: '2026-03-02T09:15:00.000Z',
        expiresAt: '2027-03-02T00:00:00.000Z',
        account: { plan: 'premium' },
        projects: [EXAMPLE_IDS.project],
      },
    ],
  });
