import { z } from 'zod';
import { DateTime } from './common.ts';

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
    warning: z.string().nullable().describe('For example that the host computer is off'),
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
  .meta({ id: 'RunRequest' });

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
  .meta({ id: 'RunRequestCreate' });

export const RunRequestList = z
  .strictObject({ data: z.array(RunRequest), nextCursor: z.string().nullable().optional() })
  .meta({ id: 'RunRequestList' });

export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().min(1).max(128).optional(),
});
