import { ENGINES, type RunsOn } from '../../engines/catalog.ts';
import type { CADENCES } from '../contract/tracking.ts';

export type Cadence = (typeof CADENCES)[number];
export type AccessMode = 'managed' | 'byok-local';

export interface PlanLimits {
  maxPrompts: number | null;
  maxProjects: number | null;
  maxCompetitors: number;
  maxSamplesPerPrompt: number;
  runRequestsPerDay: number;
}

export interface Plan {
  code: string;
  /** Free accounts have no API access (403 plan_required). */
  apiAccess: boolean;
  accessMode: AccessMode;
  engineIds: readonly string[];
  cadences: readonly Cadence[];
  limits: PlanLimits;
  /** Units granted each period; null on bring-your-own-key plans, which spend no allowance. */
  unitsPerPeriod: number | null;
}

const cloudEngines = ENGINES.filter((e) => e.runsOn === 'cloud').map((e) => e.id);
const allEngines = ENGINES.map((e) => e.id);

export const DEFAULT_PLANS: readonly Plan[] = [
  {
    code: 'free',
    apiAccess: false,
    accessMode: 'managed',
    engineIds: ['chatgpt', 'perplexity'],
    cadences: ['manual', 'weekly'],
    limits: {
      maxPrompts: 10,
      maxProjects: 1,
      maxCompetitors: 3,
      maxSamplesPerPrompt: 1,
      runRequestsPerDay: 24,
    },
    unitsPerPeriod: 100,
  },
  {
    code: 'premium',
    apiAccess: true,
    accessMode: 'managed',
    engineIds: allEngines.filter((id) => id !== 'ollama'),
    cadences: ['manual', 'daily', 'weekdays', 'weekly'],
    limits: {
      maxPrompts: 500,
      maxProjects: 25,
      maxCompetitors: 50,
      maxSamplesPerPrompt: 5,
      runRequestsPerDay: 24,
    },
    unitsPerPeriod: 20_000,
  },
  {
    code: 'byok',
    apiAccess: true,
    accessMode: 'byok-local',
    engineIds: allEngines,
    cadences: ['manual', 'daily', 'weekdays', 'weekly'],
    limits: {
      maxPrompts: null,
      maxProjects: null,
      maxCompetitors: 50,
      maxSamplesPerPrompt: 5,
      runRequestsPerDay: 24,
    },
    unitsPerPeriod: null,
  },
];

export function findPlan(code: string, plans: readonly Plan[]): Plan | undefined {
  return plans.find((p) => p.code === code);
}

/** On bring-your-own-key plans every engine runs on the user's own computer with the user's own keys. */
export function runsOnFor(plan: Plan, engineId: string): RunsOn {
  if (plan.accessMode === 'byok-local') return 'host';
  return cloudEngines.includes(engineId) ? 'cloud' : 'host';
}
