import { z } from 'zod';
import { ROLES } from './account.ts';
import { DateTime } from './common.ts';
import { EXTENSION } from './extensions.ts';
import { AccessMode, Cadence, PlanLimits } from './tracking.ts';

export const AccountView = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    role: z.enum(ROLES).describe('Your role in the account; this machine’s owner on `start` is its owner'),
    plan: z.strictObject({
      code: z.string().describe('Plan code, for example free or premium'),
      accessMode: AccessMode,
      apiAccess: z.boolean().describe('Whether the account’s API keys may call the API (paid plans)'),
      engineIds: z.array(z.string()).describe('Every engine the plan allows'),
      cadences: z.array(Cadence),
      limits: PlanLimits,
    }),
    allowance: z
      .strictObject({
        unitsPerPeriod: z.number().int().describe('Units granted each period'),
        remainingUnits: z.number().int().nullable().describe('null when the account has no period yet'),
        prepaidCreditsRemaining: z.number().int().describe('Spent after the period allowance runs out'),
        periodEndsAt: DateTime.nullable(),
      })
      .nullable()
      .describe('null on bring-your-own-key plans, which spend no allowance'),
  })
  .meta({
    id: 'Account',
    ...EXTENSION,
    examples: [
      {
        id: 'accR7m2Kq9Lw4Xt8Zb1Nc',
        name: 'Acme',
        role: 'admin',
        plan: {
          code: 'premium',
          accessMode: 'managed',
          apiAccess: true,
          engineIds: ['chatgpt', 'gemini', 'perplexity'],
          cadences: ['manual', 'daily', 'weekdays', 'weekly'],
          limits: {
            maxPrompts: 500,
            maxProjects: 25,
            maxCompetitors: 50,
            maxSamplesPerPrompt: 5,
            runRequestsPerDay: 24,
          },
        },
        allowance: {
          unitsPerPeriod: 20000,
          remainingUnits: 8400,
          prepaidCreditsRemaining: 0,
          periodEndsAt: '2026-07-01T00:00:00.000Z',
        },
      },
    ],
  });
