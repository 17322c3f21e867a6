import { z } from 'zod';
import { DateTime, page } from './common.ts';
import { EXTENSION } from './extensions.ts';

export const AUDIT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'key_created',
  'key_revoked',
  'person_invited',
  'invitation_accepted',
  'invitation_revoked',
  'person_removed',
  'person_role_changed',
  'webhook_created',
  'webhook_deleted',
  'host_paired',
  'host_unpaired',
  'report_link_created',
  'report_link_revoked',
  'report_digest_changed',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AuditEntry = z
  .strictObject({
    id: z.string(),
    at: DateTime.describe('When it happened; for a burst of failed sign-ins, the latest attempt'),
    kind: z.enum(AUDIT_KINDS),
    actor: z.strictObject({
      type: z
        .enum(['person', 'key', 'host', 'operator'])
        .describe(
          'A signed-in person, an API key, a paired computer, or the operator at a shell of the service',
        ),
      id: z
        .string()
        .nullable()
        .describe('The person’s, key’s or host’s id; null for the operator or an unknown person'),
      label: z.string().describe('The person’s e-mail, the key’s label, the computer’s label'),
    }),
    address: z.string().nullable().describe('The address the request came from; null from a shell'),
    target: z.string().nullable().describe('What it is about: a key, webhook or host id, an e-mail address'),
    detail: z.record(z.string(), z.unknown()).nullable().describe('Particulars: a role, scopes, a project'),
    count: z
      .number()
      .int()
      .min(1)
      .describe('Attempts this entry stands for: failed sign-ins in one window are one entry'),
  })
  .meta({
    id: 'AuditEntry',
    ...EXTENSION,
    examples: [
      {
        id: 'audQ2w9Tz4Lm7KxR8vB3c',
        at: '2026-05-16T09:15:00.000Z',
        kind: 'person_invited',
        actor: { type: 'person', id: 'u7Kq2Lm9Xw4Tz8Rb1Nc5Vd3Hp6Jf0Ys', label: 'owner@example.com' },
        address: '203.0.113.7',
        target: 'analyst@example.com',
        detail: { role: 'viewer' },
        count: 1,
      },
    ],
  });

export const AuditPage = page(AuditEntry).meta({ id: 'AuditEntryPage' });
