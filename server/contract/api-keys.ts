import { z } from 'zod';
import { Scope } from './account.ts';
import { DateTime, EXAMPLE_IDS, list, ProjectId, Text } from './common.ts';
import { EXTENSION } from './extensions.ts';

export const ApiKey = z
  .strictObject({
    keyId: z.string().describe('Short public id of the key'),
    label: z.string().describe('Label given at creation'),
    scopes: z.array(Scope),
    projects: z
      .union([z.literal('all'), z.array(z.string())])
      .describe('all: every project of the account, present and future; else the ids of its projects'),
    createdAt: DateTime,
    lastUsedAt: DateTime.nullable().describe('Its latest request, to the minute; null when never used'),
    expiresAt: DateTime.nullable().describe('null when the key never expires'),
    revokedAt: DateTime.nullable().describe('null while the key is not revoked'),
  })
  .meta({
    id: 'ApiKey',
    ...EXTENSION,
    description: 'An API key of the account as its people see it: never the key itself, nor its hash.',
    examples: [
      {
        keyId: 'keyQ2w9Tz4Lm7Kx',
        label: 'BI export',
        scopes: ['visibility:read'],
        projects: [EXAMPLE_IDS.project],
        createdAt: '2026-03-02T09:15:00.000Z',
        lastUsedAt: '2026-06-15T07:02:00.000Z',
        expiresAt: '2027-03-02T00:00:00.000Z',
        revokedAt: null,
      },
    ],
  });

export const ApiKeyList = list(ApiKey).meta({ id: 'ApiKeyList', ...EXTENSION });

export const ApiKeyCreate = z
  .strictObject({
    label: Text(120).describe('Where the key is used, for example BI server'),
    scopes: z
      .array(Scope)
      .max(3)
      .optional()
      .describe('visibility:read is always included; add tracking:write or runs:execute only if needed'),
    projectIds: z
      .array(ProjectId)
      .max(100)
      .optional()
      .describe('Only these projects of the account; absent or empty: every project, present and future'),
    expiresAt: DateTime.nullable().optional().describe('In the future; absent or null: never expires'),
  })
  .meta({
    id: 'ApiKeyCreate',
    ...EXTENSION,
    examples: [
      { label: 'BI export', scopes: ['visibility:read'], projectIds: [EXAMPLE_IDS.project], expiresAt: null },
    ],
  });

export const ApiKeyWithSecret = ApiKey.omit({ lastUsedAt: true, revokedAt: true })
  .extend({ key: z.string().startsWith('aw_live_').describe('The key itself') })
  .meta({
    id: 'ApiKeyWithSecret',
    ...EXTENSION,
    description: 'The key itself is returned only in this response; it is stored as a hash.',
    examples: [
      {
        keyId: 'keyQ2w9Tz4Lm7Kx',
        label: 'BI export',
        scopes: ['visibility:read'],
        projects: [EXAMPLE_IDS.project],
        createdAt: '2026-03-02T09:15:00.000Z',
        expiresAt: '2027-03-02T00:00:00.000Z',
        key: 'aw_live_Q2w9Tz4Lm7KxR8vB3cJq3Vn8Lt1Xw6Rb9Km2Pz5H',
      },
    ],
  });

export const Revoked = z
  .strictObject({ revoked: z.boolean().describe('false when the key was revoked already') })
  .meta({ id: 'Revoked', ...EXTENSION, examples: [{ revoked: true }] });
