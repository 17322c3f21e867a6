import type { Repositories, Store } from '../store/index.ts';
import type { NewAnswerRow } from '../store/repositories/answers.ts';
import type { RunPart, RunRequestStatus } from '../store/repositories/run-requests.ts';
import type { RunRow } from '../store/repositories/runs.ts';
import type { Database } from '../store/schema.ts';
import type { Selectable } from 'kysely';
import type { Clock } from './clock.ts';
import { newId } from './ids.ts';
import type { Plan } from './plans.ts';
import { partOf, plannedPrompt, StoredPlan, type PlannedPrompt } from './run-plan.ts';
import { addScoredAnswers } from './store-answers.ts';
import { createGroupCommit, type GroupCommit, type GroupCommitOptions } from './group-commit.ts';
import { emitAlertEvents } from './alert-events.ts';
import { emitActionsEvent } from './actions/actions-event.ts';
import { failedEnginesText, type FailedEngine } from './engine-failures.ts';
import { emitRunEvent } from './webhook-events.ts';
import type { AnswerCounts } from './summary-deltas.ts';

type RequestRow = Selectable<Database['run_requests']>;

/** Requests wait for their host computer at most this long (contract: up to 24 hours). */
export const HOST_WAIT_MS = 24 * 3600_000;

export interface StartedRun {
  run: RunRow;
  prompts: PlannedPrompt[];
}

/**
 * The cloud Run of a request: created with the plan fixed when the cloud part starts (a cloud request moves from
 * queued to running; a host request is running already, started by its host), or the one it already has when a
 * worker takes over a request whose earlier worker died.
 */
export async function beginCloudRun(
  store: Store,
  clock: Clock,
  request: RequestRow,
  plan: Plan,
): Promise<StartedRun | null> {
  const existing = await store.runs.byRequest(request.id, 'cloud');
  if (existing) return { run: existing, prompts: StoredPlan.parse(JSON.parse(existing.plan)) };
  const now = clock.now().toISOString();
  return store.transaction(async (tx) => {
    if (request.mode === 'cloud') {
      if (!(await tx.runRequests.transition(request.id, ['queued'], { status: 'running', at: now })))
        return null;
    }
    const prompts = partOf(
      plan,
      (await tx.prompts.activeForRun(request.project_id)).map(plannedPrompt),
      'cloud',
    );
    const run = await createRun(tx, request, 'cloud', prompts, now);
    return { run, prompts };
  });
}

/** A Run of one part of a request, with its plan, its day marked as still changing. */
export async function createRun(
  tx: Repositories,
  request: RequestRow,
  mode: 'cloud' | 'host',
  prompts: readonly PlannedPrompt[],
  now: string,
): Promise<RunRow> {
  const id = newId('run');
  await tx.runs.create({
    id,
    projectId: request.project_id,
    requestId: request.id,
    trigger: request.trigger === 'scheduled' ? 'scheduled' : 'manual',
    mode,
    promptCount: prompts.length,
    samplesPerPrompt: request.samples_per_prompt,
    plan: JSON.stringify(prompts),
    startedAt: now,
  });
  await tx.summaries.markPending(request.project_id, now.slice(0, 10), now);
  const run = await tx.runs.byRequest(request.id, mode);
  if (!run) throw new Error(`run ${id} vanished inside its own transaction`);
  return run;
}

/** One answer of a run, as handed to addRunAnswers. */
export interface RunAnswer {
  row: NewAnswerRow;
  counts: AnswerCounts;
  /** The request whose held units it spends (null: a host run's answer, which spends none). */
  requestId: string | null;
  units: number;
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Answers of runs (of any projects), stored with everything that depends on them in the caller's transaction: the
 * summaries (their days marked as still changing), each run's count and each request's units spent. Answers, for
 * each (same order), whether it was stored now (false: its slot was stored before). Projects, days, runs and
 * requests are written in key order, so two instances' transactions over the same rows lock them in the same order
 * and cannot deadlock.
 */
export async function addRunAnswers(tx: Repositories, answers: readonly RunAnswer[]): Promise<boolean[]> {
  const stored = new Array<boolean>(answers.length).fill(false);
  const byProject = new Map<string, number[]>();
  for (const [i, a] of answers.entries()) {
    const at = byProject.get(a.row.project_id);
    if (at) at.push(i);
    else byProject.set(a.row.project_id, [i]);
  }
  const runs = new Map<string, number>();
  const spent = new Map<string, number>();
  for (const projectId of [...byProject.keys()].sort(byKey)) {
    const at = byProject.get(projectId)!;
    const result = await addScoredAnswers(
      tx,
      projectId,
      at.map((i) => answers[i]!.row),
      at.map((i) => answers[i]!.counts),
    );
    const days = new Map<string, string>();
    for (const [k, i] of at.entries()) {
      if (!result.stored[k]) continue;
      stored[i] = true;
      const { row, requestId, units } = answers[i]!;
      // A day already marked keeps its mark; a new one is marked since its earliest answer.
      if (!days.has(row.date) || row.created_at < days.get(row.date)!) days.set(row.date, row.created_at);
      runs.set(row.run_id!, (runs.get(row.run_id!) ?? 0) + 1);
      if (requestId !== null) spent.set(requestId, (spent.get(requestId) ?? 0) + units);
    }
    for (const date of [...days.keys()].sort(byKey))
      await tx.summaries.markPending(projectId, date, days.get(date)!);
  }
  for (const runId of [...runs.keys()].sort(byKey)) await tx.runs.addCounts(runId, runs.get(runId)!, 0);
  for (const requestId of [...spent.keys()].sort(byKey))
    await tx.runRequests.addSpent(requestId, spent.get(requestId)!);
  return stored;
}

/**
 * While answers keep arriving, a run's group keeps taking them this long. A 0 ms run brings 48 answers a turn of the
 * event loop (8 in flight on each of 6 engines), so a 2 ms wait wrote groups of 48; gathering made them about 100,
 * a group's fixed cost (the summary rows, the commit) shared twice as widely: 10 % less service CPU an answer.
 */
const RUN_BUSY_WAIT_MS = 100;

/**
 * The one way runs store their answers: grouped, each group in one transaction (see createGroupCommit). An
 * answer's promise resolves once its group committed, so a restart never skips a slot whose answer was not stored.
 */
export const runAnswerGroups = (store: Store, o?: GroupCommitOptions): GroupCommit<RunAnswer, boolean> =>
  createGroupCommit((answers) => store.transaction((tx) => addRunAnswers(tx, answers)), {
    maxBusyWaitMs: RUN_BUSY_WAIT_MS,
    ...o,
  });

export type RunOutcome =
  /** failedEngines: the engines that failed every answer of a run that completed with the others. */
  | { status: 'completed'; failedEngines?: readonly FailedEngine[] }
  | { status: 'failed'; code: string; message: string; failedEngines?: readonly FailedEngine[] }
  | { status: 'canceled' };

/** Held units not spent go back, prepaid credits first: the period allowance was the first to be held. */
async function releaseUnspent(tx: Repositories, accountId: string, request: RequestRow, spent: number) {
  const unspent = Math.max(0, request.held_period_units + request.held_prepaid_units - spent);
  const prepaid = Math.min(unspent, request.held_prepaid_units);
  await tx.accounts.release(accountId, { period: unspent - prepaid, prepaid });
}

async function accountOf(tx: Repositories, projectId: string): Promise<string | null> {
  return (await tx.projects.get(projectId))?.accountId ?? null;
}

/** A request's final status from its parts: completed when any part completed, canceled when any was. */
function combine(outcomes: readonly string[]): 'completed' | 'failed' | 'canceled' {
  if (outcomes.includes('completed')) return 'completed';
  return outcomes.includes('canceled') ? 'canceled' : 'failed';
}

/**
 * The request's warning once a part ended with engines that failed every answer, added to what it said before:
 * when the part completed with the others, or failed while the request has another part that may complete. A
 * request that fails says it in its error alone.
 */
async function partWarning(
  tx: Repositories,
  request: RequestRow,
  outcome: RunOutcome,
  failed: readonly FailedEngine[],
): Promise<string | undefined> {
  const bothParts = request.cloud_needed === 1 && request.host_needed === 1;
  if (failed.length === 0 || !(outcome.status === 'completed' || bothParts)) return undefined;
  const before = (await tx.runRequests.byId(request.id))?.warning;
  return [before, failedEnginesText(failed)].filter(Boolean).join(' ');
}

/**
 * Ends one Run: its final status, the project's latest run time, and its webhook events (the run's, the
 * alerts a completed run raises against the previous comparable one, and its change of the top ten actions) queued in the same transaction. When that was the request's last part, the request ends too (with the error when it failed),
 * its unspent units go back and its days are marked complete again.
 */
export async function finishRun(
  store: Store,
  clock: Clock,
  baseUrl: string,
  request: RequestRow,
  part: RunPart,
  runId: string,
  outcome: RunOutcome,
): Promise<RunRow> {
  const at = clock.now().toISOString();
  return store.transaction(async (tx) => {
    const error = outcome.status === 'failed' ? { code: outcome.code, message: outcome.message } : null;
    const run = await tx.runs.finish(runId, outcome.status, at, error?.message ?? null);
    if (outcome.status === 'completed') await tx.projects.setLatestRunAt(request.project_id, at);
    const requestId = request.source === 'api' ? request.id : null;
    const failed = outcome.status === 'canceled' ? [] : (outcome.failedEngines ?? []);
    await emitRunEvent(tx, run, requestId, baseUrl, at, failed);
    if (run.status === 'completed') {
      await emitAlertEvents(tx, run, requestId, baseUrl, at);
      await emitActionsEvent(tx, run, baseUrl, at);
    }
    await tx.runRequests.setPartOutcome(
      request.id,
      part,
      outcome.status,
      await partWarning(tx, request, outcome, failed),
    );
    const fresh = await tx.runRequests.byId(request.id);
    if (!fresh) return run;
    const outcomes = [
      ...(fresh.cloud_needed ? [fresh.cloud_outcome] : []),
      ...(fresh.host_needed ? [fresh.host_outcome] : []),
    ];
    if (outcomes.some((o) => o === null)) return run;
    const final = combine(outcomes as string[]);
    const moved = await tx.runRequests.transition(request.id, ['running', 'queued', 'waiting_for_host'], {
      status: final,
      at,
      completed: true,
      error:
        final === 'failed'
          ? (error ?? { code: 'run_failed', message: fresh.error_message ?? 'The run failed.' })
          : null,
    });
    const accountId = await accountOf(tx, request.project_id);
    if (moved && accountId) await releaseUnspent(tx, accountId, fresh, fresh.spent_units);
    await tx.summaries.clearPending(request.project_id);
    return run;
  });
}

/** Ends a request that never ran (canceled while queued or waiting, or its host never came): all units go back. */
export async function closeUnstartedRequest(
  store: Store,
  clock: Clock,
  request: RequestRow,
  from: readonly RunRequestStatus[],
  outcome: RunOutcome,
): Promise<boolean> {
  const at = clock.now().toISOString();
  return store.transaction(async (tx) => {
    const error = outcome.status === 'failed' ? { code: outcome.code, message: outcome.message } : null;
    const moved = await tx.runRequests.transition(request.id, from, {
      status: outcome.status,
      at,
      completed: true,
      error,
    });
    const accountId = await accountOf(tx, request.project_id);
    if (moved && accountId) await releaseUnspent(tx, accountId, request, 0);
    return moved;
  });
}

const HOST_UNAVAILABLE = {
  status: 'failed' as const,
  code: 'host_unavailable',
  message: 'The host computer did not come online within 24 hours, so the run did not start.',
};

/**
 * Host requests whose computer stayed off for 24 hours fail with `host_unavailable`: those that never started, and
 * those whose host vanished mid-run (its Run fails, and the request with it once its other part has ended).
 */
export async function expireWaitingRequests(store: Store, clock: Clock, baseUrl: string): Promise<number> {
  const before = new Date(clock.now().getTime() - HOST_WAIT_MS).toISOString();
  let expired = 0;
  for (const request of await store.runRequests.waitingSince(before)) {
    if (await closeUnstartedRequest(store, clock, request, ['waiting_for_host'], HOST_UNAVAILABLE))
      expired += 1;
  }
  for (const request of await store.runRequests.hostGoneSince(before)) {
    const run = await store.runs.byRequest(request.id, 'host');
    if (!run) continue;
    await finishRun(store, clock, baseUrl, request, 'host', run.id, {
      ...HOST_UNAVAILABLE,
      message: 'The host computer stopped checking in during the run and stayed away for 24 hours.',
    });
    expired += 1;
  }
  return expired;
}
