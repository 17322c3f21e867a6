import { z } from 'zod';
import { CADENCES, WEEKDAYS } from './cadences.ts';
import { DateTime, exampleOf } from './common.ts';
import { Host } from './projects.ts';

export { CADENCES, WEEKDAYS };
export const Cadence = z.enum(CADENCES);
export const WeeklyDay = z.enum(WEEKDAYS);
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM from 00:00 to 23:59');
export const RunsOn = z.enum(['cloud', 'host']);
export const AccessMode = z.enum(['managed', 'byok-local']);

export const Tracking = z
  .strictObject({
    engineIds: z.array(z.string()),
    cadence: Cadence.describe('How often the schedule runs; manual means off'),
    timeOfDay: TimeOfDay.describe('HH:MM in the project timezone'),
    weeklyDay: WeeklyDay.describe('Day of a weekly schedule'),
    timezone: z.string().describe('IANA timezone'),
    samplesPerPrompt: z.number().int().describe('Times each prompt is asked per engine per run'),
    appliedToPrompts: z.number().int().describe('Prompts whose engines were updated'),
    host: Host,
  })
  .meta({
    id: 'Tracking',
    examples: [
      {
        engineIds: ['chatgpt', 'claude'],
        cadence: 'weekdays',
        timeOfDay: '07:30',
        weeklyDay: 'monday',
        timezone: 'Europe/Berlin',
        samplesPerPrompt: 2,
        appliedToPrompts: 0,
        host: exampleOf(Host),
      },
    ],
  });

export const TrackingUpdate = z
  .strictObject({
    engineIds: z.array(z.string().min(1).max(60)).min(1).max(50).optional(),
    applyEnginesToPrompts: z
      .boolean()
      .optional()
      .describe('Default false; true also sets engineIds on every existing prompt'),
    cadence: Cadence.optional(),
    timeOfDay: TimeOfDay.optional(),
    weeklyDay: WeeklyDay.optional(),
    timezone: z.string().min(1).max(64).optional(),
    samplesPerPrompt: z.number().int().min(1).max(5).optional().describe('More samples cost more allowance'),
  })
  .meta({
    id: 'TrackingUpdate',
    examples: [
      {
        cadence: 'weekdays',
        timeOfDay: '07:30',
        timezone: 'Europe/Berlin',
        engineIds: ['chatgpt', 'claude'],
        samplesPerPrompt: 2,
      },
    ],
  });

/** What a plan allows; null: no limit. */
export const PlanLimits = z.strictObject({
  maxPrompts: z.number().int().nullable(),
  maxProjects: z.number().int().nullable(),
  maxCompetitors: z.number().int(),
  maxSamplesPerPrompt: z.number().int(),
  runRequestsPerDay: z.number().int(),
});

export const Capabilities = z
  .strictObject({
    plan: z.string(),
    accessMode: AccessMode.describe(
      'managed: cloud engines run by the service; byok-local: own keys, tracking settings live on the host computer',
    ),
    engines: z
      .array(
        z.strictObject({
          id: z.string(),
          label: z.string(),
          runsOn: RunsOn.describe('host engines run on the host computer through a browser'),
        }),
      )
      .describe('Every engine the plan allows'),
    cadences: z.array(Cadence),
    limits: PlanLimits,
    allowance: z
      .strictObject({
        remainingUnits: z.number().int().nullable().describe('null when the plan has no period'),
        prepaidCreditsRemaining: z.number().int().describe('Spent after the period allowance runs out'),
        periodEndsAt: DateTime.nullable(),
        estimatedUnitsPerRun: z.number().int().describe('One sample per prompt'),
      })
      .nullable()
      .describe('null on bring-your-own-key plans'),
    tracking: z.strictObject({
      engineIds: z.array(z.string()),
      cadence: Cadence,
      timeOfDay: TimeOfDay,
      weeklyDay: WeeklyDay,
      timezone: z.string(),
      samplesPerPrompt: z.number().int(),
      promptCount: z.number().int(),
      writable: z.boolean().describe('false on bring-your-own-key plans'),
    }),
    host: Host.extend({
      required: z
        .boolean()
        .describe('true when any tracked engine is local-fetch or the plan is bring-your-own-key'),
    })
      .nullable()
      .describe('null when no host is chosen'),
    runs: z.strictObject({
      canStartCloudRun: z.boolean(),
      canStartHostRun: z.boolean(),
      hostOnline: z.boolean(),
      activeRequestId: z.string().nullable().describe('Request that is queued, waiting or running'),
      usedToday: z.number().int().describe('Run requests made through the API today'),
    }),
  })
  .meta({
    id: 'Capabilities',
    examples: [
      {
        plan: 'premium',
        accessMode: 'managed',
        engines: [
          { id: 'chatgpt', label: 'ChatGPT', runsOn: 'cloud' },
          { id: 'gemini', label: 'Gemini', runsOn: 'cloud' },
          { id: 'perplexity', label: 'Perplexity', runsOn: 'cloud' },
          { id: 'chatgpt-local-fetch', label: 'ChatGPT (signed-in browser)', runsOn: 'host' },
        ],
        cadences: ['manual', 'daily', 'weekdays', 'weekly'],
        limits: {
          maxPrompts: 200,
          maxProjects: 10,
          maxCompetitors: 20,
          maxSamplesPerPrompt: 5,
          runRequestsPerDay: 24,
        },
        allowance: {
          remainingUnits: 8400,
          prepaidCreditsRemaining: 0,
          periodEndsAt: '2026-07-01T00:00:00.000Z',
          estimatedUnitsPerRun: 72,
        },
        tracking: {
          engineIds: ['chatgpt', 'gemini', 'perplexity'],
          cadence: 'daily',
          timeOfDay: '07:30',
          weeklyDay: 'monday',
          timezone: 'Europe/Berlin',
          samplesPerPrompt: 1,
          promptCount: 24,
          writable: true,
        },
        host: { ...exampleOf(Host), required: false },
        runs: {
          canStartCloudRun: true,
          canStartHostRun: true,
          hostOnline: true,
          activeRequestId: null,
          usedToday: 1,
        },
      },
    ],
  });
