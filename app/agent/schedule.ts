/**
 * The host's own schedule: each project of the last check-in that has prompts for this host runs on its
 * tracking schedule (timezone, cadence, time), through the service's scheduler (server/jobs/scheduler.ts, with
 * its DST rules and once-a-day guard). Bring-your-own-key projects use the settings kept on this computer.
 * The service does not schedule host-mode runs itself, so nothing runs twice.
 */
import { createScheduler, type ProjectSchedule, type Scheduler } from '../../server/jobs/scheduler.ts';
import type { LocalStore } from './local-store.ts';
import type { HostTrackingData } from './local-store/byok.ts';
import type { HostProjectData, HostPromptData } from './local-store/projects.ts';
import { errorFields, type AgentLog } from './log.ts';

/** The settings a project runs with on this host: the local ones for bring-your-own-key projects. */
export function effectiveTracking(
  project: HostProjectData,
  local: HostTrackingData | undefined,
): HostTrackingData {
  return project.accessMode === 'byok-local' && local ? local : project.tracking;
}

/**
 * The prompts a run asks, with their engines. On bring-your-own-key projects the local settings' engines, when
 * any are set, narrow each prompt's engines; prompts left without one are left out.
 */
export function promptsToAsk(
  project: Pick<HostProjectData, 'accessMode'>,
  prompts: readonly HostPromptData[],
  local: HostTrackingData | undefined,
): HostPromptData[] {
  const allowed =
    project.accessMode === 'byok-local' && local?.engineIds.length ? new Set(local.engineIds) : null;
  return prompts
    .map((p) => (allowed ? { ...p, engineIds: p.engineIds.filter((id) => allowed.has(id)) } : p))
    .filter((p) => p.engineIds.length > 0);
}

/** Every cached project's schedule, as the scheduler loads them. */
export async function hostSchedules(store: LocalStore): Promise<ProjectSchedule[]> {
  const schedules: ProjectSchedule[] = [];
  for (const project of await store.cachedProjects()) {
    const local = await store.tracking(project.id);
    if (promptsToAsk(project, project.prompts, local).length === 0) continue;
    const t = effectiveTracking(project, local);
    schedules.push({
      projectId: project.id,
      cadence: t.cadence,
      timeOfDay: t.timeOfDay,
      weeklyDay: t.weeklyDay,
      timezone: t.timezone,
    });
  }
  return schedules;
}

export interface HostScheduleOptions {
  store: LocalStore;
  /** Starts a scheduled run of the project (it skips when one is running). */
  fire(projectId: string, scheduledFor: Date): Promise<unknown>;
  log: AgentLog;
  /** How often schedules are reloaded from the store; default 60 s, so edits apply within a minute. */
  reloadEveryMs?: number;
}

export function createHostSchedule(o: HostScheduleOptions): Scheduler {
  return createScheduler({
    load: () => hostSchedules(o.store),
    fire: async (projectId, scheduledFor) => {
      await o.fire(projectId, scheduledFor);
    },
    onError: (err, projectId) => o.log.warn({ projectId, ...errorFields(err) }, 'schedule problem'),
    reloadEveryMs: o.reloadEveryMs ?? 60_000,
  });
}
