import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as ZodModule from 'zod';
import { findEngine } from '../../engines/catalog.ts';
import { CADENCES } from '../contract/cadences.ts';
import { DEFAULT_PLANS, type Plan } from './plans.ts';

type Zod = typeof ZodModule;

/**
 * zod is loaded (synchronously, as configuration is read) only for an operator's plan file: every command reads
 * the configuration, and most never need zod, which is a large part of a CLI command's start-up.
 */
const loadZod = (): Zod => createRequire(import.meta.url)('zod') as Zod;

function catalogueSchema({ z }: Zod) {
  const Count = z.number().int().min(0);
  const PlanSchema = z.strictObject({
    code: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'plan codes are 1 to 40 lowercase letters, digits or hyphens'),
    apiAccess: z.boolean(),
    accessMode: z.enum(['managed', 'byok-local']),
    engineIds: z
      .array(z.string().refine((id) => findEngine(id) !== undefined, { error: 'unknown engine id' }))
      .min(1),
    cadences: z.array(z.enum(CADENCES)).min(1),
    limits: z.strictObject({
      maxPrompts: Count.nullable(),
      maxProjects: Count.nullable(),
      maxCompetitors: Count.max(50),
      maxSamplesPerPrompt: z.number().int().min(1).max(5),
      runRequestsPerDay: z.number().int().min(1).max(24),
    }),
    unitsPerPeriod: Count.nullable(),
  });
  return z
    .array(PlanSchema)
    .min(1)
    .refine((plans) => new Set(plans.map((p) => p.code)).size === plans.length, {
      error: 'plan codes must be unique',
    });
}

/**
 * The plans an operator sells, from the JSON file named by ANSWERWATCH_PLANS (an array shaped like
 * DEFAULT_PLANS in plans.ts), else the built-in ones. A file that does not fit stops the service at start
 * with the reason, rather than serving wrong limits.
 */
export function loadPlans(path: string | undefined): readonly Plan[] {
  if (!path) return DEFAULT_PLANS;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`ANSWERWATCH_PLANS: cannot read ${path} as JSON: ${(err as Error).message}`);
  }
  const zod = loadZod();
  const parsed = catalogueSchema(zod).safeParse(raw);
  if (!parsed.success)
    throw new Error(`ANSWERWATCH_PLANS: ${path} is not a plan list: ${zod.z.prettifyError(parsed.error)}`);
  return parsed.data;
}
