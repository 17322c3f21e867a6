import { z } from 'zod';
import { DateTime, EXAMPLE_IDS } from './common.ts';

export const RUN_REQUEST_STATUSES = [
  'waiting_for_host',
  'queued',
  'running',
  'completed',
  'failed',
  'canceled',
] as const;

export const RunRequest = z
  .strictObject({
    id: z.string(),
    status: z.enum(RUN_REQUEST_STATUSES),
    mode: z.enum(['cloud', 'host']),
    createdAt: DateTime.nullable(),
    updatedAt: DateTime.nullable().describe('Last status change'),
    completedAt: DateTime.nullable(),
    runIds: z.array(z.string()).describe('Run ids once completed'),
    promptCount: z.number().int(),
    estimatedUnits: z
      .number()
      .int()
      .describe('Estimated allowance cost; 0 for host-only runs and bring-your-own-key plans'),
    warning: z
      .string()
      .nullable()
      .describe(
        'For example that the host computer is off; once a run completed without some engine (it failed every answer), which engine, why and the fix',
      ),
    error: z
      .strictObject({
        code: z.string().describe('A stable code such as host_unavailable'),
        message: z.string(),
      })
      .nullable(),
    host: z
      .strictObject({ online: z.boolean(), lastSeenAt: DateTime.nullable() })
      .nullable()
      .describe('null for cloud runs'),
    replayed: z
      .boolean()
      .optional()
      .describe('Present and true when an Idempotency-Key matched an earlier request'),
  })
  .meta({
    id: 'RunRequest',
    examples: [
      {
        id: EXAMPLE_IDS.runRequest,
        status: 'queued',
        mode: 'cloud',
        createdAt: '2026-06-15T12:00:00.000Z',
        updatedAt: '2026-06-15T12:00:00.000Z',
        completedAt: null,
        runIds: [],
        promptCount: 24,
        estimatedUnits: 72,
        warning: null,
        error: null,
        host: null,
      },
    ],
  });

export const RunRequestCreate = z
  .strictObject({
    samplesPerPrompt: z
      .number()
      .int()
      .min(1)
      .max(5)
      .optional()
      .describe('Default 1; not above the plan limit maxSamplesPerPrompt'),
  })
  .meta({ id: 'RunRequestCreate', examples: [{ samplesPerPrompt: 3 }] });

export const RunRequestList = z
  .strictObject({ data: z.array(RunRequest), nextCursor: z.string().nullable().optional() })
  .meta({
    id: 'RunRequestList',
    examples: [
      {
        data: [
          {
            id: 'rrq4Wn7Bd1Kx9Tq3Lz6Hm2v',
            status: 'completed',
            mode: 'host',
            createdAt: '2026-06-14T07:30:40.000Z',
            updatedAt: '2026-06-14T07:42:10.000Z',
            completedAt: '2026-06-14T07:42:10.000Z',
            runIds: [EXAMPLE_IDS.run],
            promptCount: 24,
            estimatedUnits: 0,
            warning: null,
            error: null,
            host: { online: true, lastSeenAt: '2026-06-14T07:41:55.000Z' },
          },
          {
            id: 'rrq8Cv2Mf5Yt1Pn7Xs3Gk9d',
            status: 'failed',
            mode: 'host',
            createdAt: '2026-06-12T18:05:00.000Z',
            updatedAt: '2026-06-13T18:05:00.000Z',
            completedAt: '2026-06-13T18:05:00.000Z',
            runIds: [],
            promptCount: 24,
            estimatedUnits: 0,
            warning:
              'The host computer is off. The run starts when it is back online; the request waits up to 24 hours.',
            error: {
              code: 'host_unavailable',
              message: 'The host computer did not come online within 24 hours, so the run did not start.',
            },
            host: { online: false, lastSeenAt: '2026-06-12T17:58:12.000Z' },
          },
        ],
        nextCursor: null,
      },
    ],
  });

export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(128)
    .optional()
    .meta({ examples: ['nightly-2026-06-15'] }),
});
