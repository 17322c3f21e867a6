import { ENGINES, isLocalFetch } from '../../engines/catalog.ts';
import { readableProject } from './access.ts';
import { isoDay } from './clock.ts';
import type { Caller, Services } from './context.ts';
import { hostView, isOnline } from './host-view.ts';
import { runsOnFor } from './plans.ts';

type Cadence = 'manual' | 'daily' | 'weekdays' | 'weekly';
type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export async function capabilities(s: Services, caller: Caller, projectId: string) {
  const project = await readableProject(s, caller, projectId);
  const plan = caller.plan;
  const now = s.clock.now();
  const [account, host, active, usedToday, prompts] = await Promise.all([
    s.store.accounts.get(project.accountId),
    project.hostId ? s.store.hosts.get(project.hostId) : Promise.resolve(undefined),
    s.store.runRequests.active(projectId),
    s.store.runRequests.countSince(projectId, `${isoDay(now)}T00:00:00.000Z`),
    s.store.prompts.activeEngineLists(projectId),
  ]);
  const byok = plan.accessMode === 'byok-local';
  const tracked = project.tracking.engineIds;
  const cloudEnginesOf = (ids: readonly string[]) => ids.filter((id) => runsOnFor(plan, id) === 'cloud');
  // One sample per prompt on each of its cloud engines: what a run costs when started now.
  const estimatedUnitsPerRun = prompts.reduce((n, engineIds) => n + cloudEnginesOf(engineIds).length, 0);
  const online = isOnline(host, now);
  const hostRequired = byok || tracked.some(isLocalFetch);
  const cloudTracked = cloudEnginesOf(tracked).length > 0;
  const available = (account?.remainingUnits ?? 0) + (account?.prepaidCredits ?? 0);
  return {
    plan: plan.code,
    accessMode: plan.accessMode,
    engines: ENGINES.filter((e) => plan.engineIds.includes(e.id)).map((e) => ({
      id: e.id,
      label: e.label,
      runsOn: runsOnFor(plan, e.id),
    })),
    cadences: [...plan.cadences],
    limits: { ...plan.limits },
    allowance: byok
      ? null
      : {
          remainingUnits: account?.periodEndsAt ? (account.remainingUnits ?? 0) : null,
          prepaidCreditsRemaining: account?.prepaidCredits ?? 0,
          periodEndsAt: account?.periodEndsAt ?? null,
          estimatedUnitsPerRun,
        },
    tracking: {
      engineIds: tracked,
      cadence: project.tracking.cadence as Cadence,
      timeOfDay: project.tracking.timeOfDay,
      weeklyDay: project.tracking.weeklyDay as Weekday,
      timezone: project.tracking.timezone,
      samplesPerPrompt: project.tracking.samplesPerPrompt,
      promptCount: prompts.length,
      writable: !byok,
    },
    host: host ? { ...hostView(host, now), required: hostRequired } : null,
    runs: {
      canStartCloudRun:
        !byok && cloudTracked && !active && prompts.length > 0 && estimatedUnitsPerRun <= available,
      canStartHostRun: hostRequired && online && !active && prompts.length > 0,
      hostOnline: online,
      activeRequestId: active?.id ?? null,
      usedToday,
    },
  };
}
