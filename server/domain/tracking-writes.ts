import type { WEEKDAYS } from '../contract/tracking.ts';
import type { TrackingSettings } from '../store/repositories/projects.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { allowedEngineIds } from './engine-filter.ts';
import { AppError, invalid } from './errors.ts';
import { hostView } from './host-view.ts';
import type { Cadence } from './plans.ts';

type Weekday = (typeof WEEKDAYS)[number];

export interface TrackingInput {
  engineIds?: string[];
  applyEnginesToPrompts?: boolean;
  cadence?: Cadence;
  timeOfDay?: string;
  weeklyDay?: string;
  timezone?: string;
  samplesPerPrompt?: number;
}

function checkTimezone(timezone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone;
  } catch {
    throw invalid(`timezone: "${timezone}" is not an IANA time zone (for example Europe/Berlin)`);
  }
}

/**
 * Only the fields sent change. On bring-your-own-key plans the settings live on the host computer, so the
 * service refuses the write (409 byok_not_supported). A cadence or sample count the plan does not allow is a
 * plan limit. The schedule and the prompts change in one transaction.
 */
export async function updateTracking(s: Services, caller: Caller, projectId: string, input: TrackingInput) {
  const project = await readableProject(s, caller, projectId);
  const plan = caller.plan;
  if (plan.accessMode === 'byok-local') {
    throw new AppError(
      'byok_not_supported',
      'On bring-your-own-key plans tracking settings live on the host computer: change them in the desktop app.',
    );
  }
  if (input.cadence && !plan.cadences.includes(input.cadence)) {
    throw new AppError(
      'plan_limit',
      `The ${plan.code} plan allows the cadences ${plan.cadences.join(', ')} (cadences).`,
    );
  }
  if (input.samplesPerPrompt !== undefined && input.samplesPerPrompt > plan.limits.maxSamplesPerPrompt) {
    throw new AppError(
      'plan_limit',
      `The ${plan.code} plan allows at most ${plan.limits.maxSamplesPerPrompt} samples per prompt (maxSamplesPerPrompt).`,
    );
  }
  const engineIds = input.engineIds && allowedEngineIds(plan, 'engineIds', input.engineIds);
  const tracking: TrackingSettings = {
    ...project.tracking,
    ...(engineIds && { engineIds }),
    ...(input.cadence && { cadence: input.cadence }),
    ...(input.timeOfDay && { timeOfDay: input.timeOfDay }),
    ...(input.weeklyDay && { weeklyDay: input.weeklyDay }),
    ...(input.timezone && { timezone: checkTimezone(input.timezone) }),
    ...(input.samplesPerPrompt !== undefined && { samplesPerPrompt: input.samplesPerPrompt }),
  };
  const appliedToPrompts = await s.store.transaction(async (tx) => {
    await tx.projects.updateTracking(projectId, tracking);
    return input.applyEnginesToPrompts ? tx.prompts.setEnginesForAll(projectId, tracking.engineIds) : 0;
  });
  s.signals.trackingChanged();
  const host = project.hostId ? await s.store.hosts.get(project.hostId) : undefined;
  return {
    engineIds: tracking.engineIds,
    cadence: tracking.cadence as Cadence,
    timeOfDay: tracking.timeOfDay,
    weeklyDay: tracking.weeklyDay as Weekday,
    timezone: tracking.timezone,
    samplesPerPrompt: tracking.samplesPerPrompt,
    appliedToPrompts,
    host: hostView(host, s.clock.now()),
  };
}
