import { createHash } from 'node:crypto';
import type { Repositories } from '../store/index.ts';
import type { ProjectRecord } from '../store/repositories/projects.ts';
import type { RunRequestRow } from '../store/repositories/run-requests.ts';
import { readableProject } from './access.ts';
import { addDays, isoDay } from './clock.ts';
import type { Caller, Services } from './context.ts';
import { AppError, retryLater } from './errors.ts';
import { isOnline } from './host-view.ts';
import { newId } from './ids.ts';
import type { Plan } from './plans.ts';
import { plannedPrompt, planRun, type RunPlan } from './run-plan.ts';
import { runRequestResource } from './run-requests.ts';

const REPLAY_WINDOW_MS = 24 * 3600_000;
export const HOST_OFF_WARNING =
  'The host computer is off. The run starts when it is back online; the request waits up to 24 hours.';

interface Admission {
  project: ProjectRecord;
  plan: Plan;
  samplesPerPrompt: number;
  source: 'api' | 'schedule';
  idempotencyKey: string | null;
  bodyHash: string | null;
  /** The due instant a scheduled request is for; every instance of the service fires it, one starts it. */
  scheduleSlot?: string;
}

async function planFor(tx: Repositories, a: Admission): Promise<RunPlan> {
  const prompts = await tx.prompts.activeForRun(a.project.id);
  const plan = planRun(a.plan, prompts.map(plannedPrompt), a.samplesPerPrompt);
  if (plan.prompts.length === 0) {
    throw new AppError('no_prompts', 'The project has no active prompt with an engine: add or activate one.');
  }
  if (plan.mode === 'host' && !a.project.hostId) {
    throw new AppError(
      'host_required',
      'A tracked engine runs on the host computer, and the project has none: pair a computer first.',
    );
  }
  return plan;
}

/** Seconds from `now` to the next UTC midnight, when the daily count starts again. */
const secondsToMidnight = (now: Date) =>
  Math.ceil((Date.parse(`${addDays(isoDay(now), 1)}T00:00:00.000Z`) - now.getTime()) / 1000);

/**
 * The start-run rules, in the contract's order, in one transaction that holds the project's lock (so two
 * instances cannot both find no active run, or both count 23 today): the allowance first (units are held now and
 * what is not spent is given back when the run ends), then one active request per project, then the daily limit
 * on API requests. Accepted requests are queued for the cloud, or handed to the host (waiting while it is off).
 */
async function admit(s: Pick<Services, 'clock'>, tx: Repositories, a: Admission): Promise<RunRequestRow> {
  const now = s.clock.now();
  const plan = await planFor(tx, a);
  const held =
    plan.estimatedUnits > 0 ? await tx.accounts.hold(a.project.accountId, plan.estimatedUnits) : null;
  if (plan.estimatedUnits > 0 && !held) {
    const account = await tx.accounts.get(a.project.accountId);
    const remainingUnits = (account?.remainingUnits ?? 0) + (account?.prepaidCredits ?? 0);
    throw new AppError(
      'insufficient_allowance',
      `The run needs ${plan.estimatedUnits} units and ${remainingUnits} remain (period allowance and prepaid credits).`,
      { estimatedUnits: plan.estimatedUnits, remainingUnits },
    );
  }
  const active = await tx.runRequests.active(a.project.id);
  if (active) {
    throw new AppError('run_in_progress', 'A run of this project is already queued, waiting or running.', {
      activeRequestId: active.id,
    });
  }
  if (a.source === 'api') {
    const used = await tx.runRequests.countSince(a.project.id, `${isoDay(now)}T00:00:00.000Z`);
    if (used >= a.plan.limits.runRequestsPerDay) {
      throw retryLater(
        'daily_run_limit',
        `The project had ${used} run requests this UTC day, the most allowed; the count starts again at midnight UTC.`,
        secondsToMidnight(now),
      );
    }
  }
  const host = a.project.hostId ? await tx.hosts.get(a.project.hostId) : undefined;
  const hostOff = plan.mode === 'host' && !isOnline(host, now);
  const id = newId('rrq');
  await tx.runRequests.create({
    id,
    projectId: a.project.id,
    source: a.source,
    trigger: a.source === 'api' ? 'manual' : 'scheduled',
    status: hostOff ? 'waiting_for_host' : 'queued',
    mode: plan.mode,
    idempotencyKey: a.idempotencyKey,
    bodyHash: a.bodyHash,
    samplesPerPrompt: a.samplesPerPrompt,
    promptCount: plan.prompts.length,
    estimatedUnits: plan.estimatedUnits,
    heldPeriodUnits: held?.period ?? 0,
    heldPrepaidUnits: held?.prepaid ?? 0,
    warning: hostOff ? HOST_OFF_WARNING : null,
    createdAt: now.toISOString(),
    cloudNeeded: plan.mode === 'cloud' || plan.estimatedUnits > 0,
    hostNeeded: plan.mode === 'host',
    scheduleSlot: a.scheduleSlot,
  });
  const row = await tx.runRequests.byId(id);
  if (!row) throw new Error(`run request ${id} vanished inside its own transaction`);
  return row;
}

/** An earlier request with the same key within 24 hours is the answer; past that window the key is free again. */
async function replayOf(s: Services, tx: Repositories, projectId: string, key: string, bodyHash: string) {
  const earlier = await tx.runRequests.byIdempotencyKey(projectId, key);
  if (!earlier) return undefined;
  if (s.clock.now().getTime() - Date.parse(earlier.created_at) >= REPLAY_WINDOW_MS) {
    await tx.runRequests.releaseIdempotencyKey(earlier.id);
    return undefined;
  }
  if (earlier.body_hash !== bodyHash) {
    throw new AppError(
      'invalid_parameter',
      'This Idempotency-Key was used with a different body: use a new key for a different request.',
    );
  }
  return earlier;
}

export interface StartRunInput {
  samplesPerPrompt?: number;
  idempotencyKey?: string;
}

/** POST run-requests: the new request, or the earlier one when the Idempotency-Key is replayed. */
export async function createRunRequest(s: Services, caller: Caller, projectId: string, input: StartRunInput) {
  const project = await readableProject(s, caller, projectId);
  const samplesPerPrompt = input.samplesPerPrompt ?? 1;
  const bodyHash = createHash('sha256').update(JSON.stringify({ samplesPerPrompt })).digest('hex');
  const key = input.idempotencyKey ?? null;
  // The replay lookup and the insert share one transaction under the project's lock, so concurrent duplicates
  // create one request, whichever instances they reach.
  const outcome = await s.store.transaction(async (tx) => {
    await tx.projects.lock(projectId);
    const earlier = key === null ? undefined : await replayOf(s, tx, projectId, key, bodyHash);
    if (earlier) return { row: earlier, replayed: true };
    if (samplesPerPrompt > caller.plan.limits.maxSamplesPerPrompt) {
      throw new AppError(
        'plan_limit',
        `The ${caller.plan.code} plan allows at most ${caller.plan.limits.maxSamplesPerPrompt} samples per prompt (maxSamplesPerPrompt).`,
      );
    }
    const admission = { project, plan: caller.plan, samplesPerPrompt, source: 'api' as const };
    return { row: await admit(s, tx, { ...admission, idempotencyKey: key, bodyHash }), replayed: false };
  });
  if (!outcome.replayed) s.signals.runRequested();
  const host = project.hostId ? await s.store.hosts.get(project.hostId) : undefined;
  return { request: runRequestResource(outcome.row, host, s.clock.now()), replayed: outcome.replayed };
}

export type ScheduledOutcome = { started: string } | { skipped: string };

/**
 * The schedule's run for the slot due at `scheduledFor`: the tracking settings' samples, no daily limit (that
 * limit is on API requests). Each instance of the service fires every slot; the first to get here starts it and
 * the others find the slot taken, however far apart they fire. A reason to refuse is a skip, not an error: the
 * schedule comes round again.
 */
export async function startScheduledRun(
  s: Pick<Services, 'store' | 'clock' | 'signals'>,
  projectId: string,
  plans: readonly Plan[],
  scheduledFor: Date,
): Promise<ScheduledOutcome> {
  const project = await s.store.projects.get(projectId);
  const account = project && (await s.store.accounts.get(project.accountId));
  const plan = account && plans.find((p) => p.code === account.plan);
  if (!project || !plan) return { skipped: 'the project or its plan no longer exists' };
  const samplesPerPrompt = Math.min(project.tracking.samplesPerPrompt, plan.limits.maxSamplesPerPrompt);
  const prompts = await s.store.prompts.activeForRun(projectId);
  const planned = planRun(plan, prompts.map(plannedPrompt), samplesPerPrompt);
  if (planned.mode === 'host') return { skipped: "the project's host computer runs its schedule" };
  const slot = scheduledFor.toISOString();
  try {
    const row = await s.store.transaction(async (tx) => {
      await tx.projects.lock(projectId);
      if (await tx.runRequests.slotTaken(projectId, slot)) return null;
      return admit(s, tx, {
        project,
        plan,
        samplesPerPrompt,
        source: 'schedule',
        idempotencyKey: null,
        bodyHash: null,
        scheduleSlot: slot,
      });
    });
    if (!row) return { skipped: `the run due at ${slot} was started already` };
    s.signals.runRequested();
    return { started: row.id };
  } catch (err) {
    if (err instanceof AppError) return { skipped: `${err.code}: ${err.detail}` };
    throw err;
  }
}
