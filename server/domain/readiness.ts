import { ENGINES, engineLabel, isLocalFetch } from '../../engines/catalog.ts';
import type { READINESS_PROBLEMS } from '../contract/extensions.ts';
import type { HostRecord } from '../store/repositories/hosts.ts';
import { readableProject } from './access.ts';
import { HOST_BROWSER_FIX, hostKeyFix, serviceKeyFix } from './engine-failures.ts';
import type { Caller, Services } from './context.ts';
import { isOnline } from './host-view.ts';
import { runsOnFor, type Plan } from './plans.ts';

type ProblemCode = (typeof READINESS_PROBLEMS)[number];
interface Problem {
  code: ProblemCode;
  message: string;
  fix: string;
}

/** What the service knows about where engines can run, besides the store: the cloud engines it has keys for. */
export interface EngineSupply {
  cloudEngineIds: ReadonlySet<string>;
}

const catalogOrder = new Map(ENGINES.map((e, i) => [e.id, i]));

function hostProblem(id: string, label: string, host: HostRecord | undefined, now: Date): Problem | null {
  if (!host) {
    return {
      code: 'no_host',
      message: `${label} runs on a host computer, and no host computer is chosen for this project.`,
      fix: 'Run `npx answerwatch start` on the computer (it becomes the host of its accounts), or pair one with `npx answerwatch hosts pair-code` and `npx answerwatch agent pair`.',
    };
  }
  const name = host.deviceLabel ?? 'The host computer';
  if (!isOnline(host, now)) {
    return {
      code: 'host_offline',
      message: `${name} is offline${host.lastSeenAt ? ` (last seen ${host.lastSeenAt})` : ''}, so ${label} cannot be asked now.`,
      fix: 'Start Answerwatch on that computer (the desktop app, `npx answerwatch start` or `npx answerwatch agent`). A run started meanwhile waits up to 24 hours for it.',
    };
  }
  if (host.engineIds.includes(id)) return null;
  if (isLocalFetch(id)) {
    return {
      code: 'host_lacks_engine',
      message: `${name} has no Chrome or Chromium, which ${label} needs.`,
      fix: HOST_BROWSER_FIX,
    };
  }
  return {
    code: 'host_lacks_engine',
    message: `${name} has no API key for ${label}.`,
    fix: hostKeyFix(id),
  };
}

/** Why the engine cannot run for a project of this plan with this host, or null when it can. */
export function engineProblem(
  id: string,
  plan: Plan,
  supply: EngineSupply,
  host: HostRecord | undefined,
  now: Date,
): Problem | null {
  const label = engineLabel(id);
  if (!plan.engineIds.includes(id)) {
    return {
      code: 'not_in_plan',
      message: `The ${plan.code} plan does not include ${label}.`,
      fix: 'Take it out of the tracked engines and the prompts on Setup, or change the plan.',
    };
  }
  if (runsOnFor(plan, id) === 'host') return hostProblem(id, label, host, now);
  if (supply.cloudEngineIds.has(id)) return null;
  return {
    code: 'no_key',
    message: `The service has no API key for ${label}, so every ${label} answer would fail.`,
    fix: serviceKeyFix(id),
  };
}

/**
 * Before a run: per engine tracked or asked by an active prompt, whether a run started now would ask it, and
 * what stops it otherwise. Computed from the plan, the host's last check-in (online, the engines it offers:
 * those with a key and, with a browser installed, the signed-in browser engines) and the service's own keys.
 */
export async function readiness(s: Services, supply: EngineSupply, caller: Caller, projectId: string) {
  const project = await readableProject(s, caller, projectId);
  const now = s.clock.now();
  const [host, prompts, active] = await Promise.all([
    project.hostId ? s.store.hosts.get(project.hostId) : Promise.resolve(undefined),
    s.store.prompts.activeEngineLists(projectId),
    s.store.runRequests.active(projectId),
  ]);
  const askedBy = new Map<string, number>();
  for (const engineIds of prompts) for (const id of engineIds) askedBy.set(id, (askedBy.get(id) ?? 0) + 1);
  const tracked = new Set(project.tracking.engineIds);
  const ids = [...new Set([...tracked, ...askedBy.keys()])].sort(
    (a, b) => (catalogOrder.get(a) ?? 99) - (catalogOrder.get(b) ?? 99) || a.localeCompare(b),
  );
  const engines = ids.map((id) => {
    const activePrompts = askedBy.get(id) ?? 0;
    const label = engineLabel(id);
    const problem =
      engineProblem(id, caller.plan, supply, host, now) ??
      (activePrompts === 0
        ? {
            code: 'no_prompt' as const,
            message: `No active prompt asks ${label}.`,
            fix: 'Tick it on the prompts that should ask it (Setup, Prompts), or take it out of the tracked engines.',
          }
        : null);
    return {
      id,
      label,
      runsOn: runsOnFor(caller.plan, id),
      tracked: tracked.has(id),
      activePrompts,
      ready: problem === null,
      problem,
      signIn: isLocalFetch(id) ? ('unknown' as const) : ('not-applicable' as const),
    };
  });
  const ready = new Set(engines.filter((e) => e.ready).map((e) => e.id));
  const expectedAnswers = prompts.reduce((n, list) => n + list.filter((id) => ready.has(id)).length, 0);
  return {
    canRun: expectedAnswers > 0,
    activeRequestId: active?.id ?? null,
    expectedAnswers,
    engines,
  };
}
