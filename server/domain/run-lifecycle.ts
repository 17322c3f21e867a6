import type { Repositories, Store } from '../store/index.ts';
import type { NewAnswerRow } from '../store/repositories/answers.ts';
import type { RunRequestStatus } from '../store/repositories/run-requests.ts';
import type { RunRow } from '../store/repositories/runs.ts';
import type { Database } from '../store/schema.ts';
import type { Selectable } from 'kysely';
import type { Clock } from './clock.ts';
import { newId } from './ids.ts';
import type { Plan } from './plans.ts';
import { planRun, StoredPlan, type PlannedPrompt } from './run-plan.ts';
import { addScoredAnswers } from './store-answers.ts';
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
 * The Run of a cloud request: created with the plan fixed when the request starts running, or the one it already
 * has when a worker takes over a request whose earlier worker died.
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
    if (!(await tx.runRequests.transition(request.id, ['queued'], { status: 'running', at: now })))
      return null;
    const prompts = await tx.prompts.activeForRun(request.project_id);
    const planned = planRun(
      plan,
      prompts.map((p) => ({ promptId: p.id, text: p.text, topicId: p.topicId, engineIds: p.engineIds })),
      request.samples_per_prompt,
    );
    const id = newId('run');
    await tx.runs.create({
      id,
      projectId: request.project_id,
      requestId: request.id,
      trigger: request.trigger === 'scheduled' ? 'scheduled' : 'manual',
      mode: 'cloud',
      promptCount: planned.prompts.length,
      samplesPerPrompt: request.samples_per_prompt,
      plan: JSON.stringify(planned.prompts),
      startedAt: now,
    });
    await tx.summaries.markPending(request.project_id, now.slice(0, 10), now);
    const run = await tx.runs.byRequest(request.id, 'cloud');
    if (!run) throw new Error(`run ${id} vanished inside its own transaction`);
    return { run, prompts: planned.prompts };
  });
}

/**
 * One answer of a run, stored with everything that depends on it in one transaction: the summaries (the day is
 * marked as still changing), the run's count and the units spent. Answers false when the slot was stored before.
 */
export async function recordRunAnswer(
  store: Store,
  request: RequestRow,
  row: NewAnswerRow,
  counts: AnswerCounts,
  units: number,
): Promise<boolean> {
  return store.transaction(async (tx) => {
    const { inserted } = await addScoredAnswers(tx, request.project_id, [row], [counts]);
    if (inserted === 0) return false;
    await tx.summaries.markPending(request.project_id, row.date, row.created_at);
    await tx.runs.addCounts(row.run_id!, 1, 0);
    await tx.runRequests.addSpent(request.id, units);
    return true;
  });
}

export type RunOutcome =
  { status: 'completed' } | { status: 'failed'; code: string; message: string } | { status: 'canceled' };

/** Held units not spent go back, prepaid credits first: the period allowance was the first to be held. */
async function releaseUnspent(tx: Repositories, accountId: string, request: RequestRow, spent: number) {
  const unspent = Math.max(0, request.held_period_units + request.held_prepaid_units - spent);
  const prepaid = Math.min(unspent, request.held_prepaid_units);
  await tx.accounts.release(accountId, { period: unspent - prepaid, prepaid });
}

async function accountOf(tx: Repositories, projectId: string): Promise<string | null> {
  return (await tx.projects.get(projectId))?.accountId ?? null;
}

/**
 * Ends a run and its request together: the Run's final status, the request's (with the error when it failed),
 * unspent units given back, the project's latest run time, its days marked complete again, and its webhook event
 * queued in the same transaction.
 */
export async function finishCloudRun(
  store: Store,
  clock: Clock,
  baseUrl: string,
  request: RequestRow,
  runId: string,
  outcome: RunOutcome,
): Promise<RunRow> {
  const at = clock.now().toISOString();
  return store.transaction(async (tx) => {
    const error = outcome.status === 'failed' ? { code: outcome.code, message: outcome.message } : null;
    const run = await tx.runs.finish(runId, outcome.status, at, error?.message ?? null);
    const moved = await tx.runRequests.transition(request.id, ['running', 'queued'], {
      status: outcome.status,
      at,
      completed: true,
      error,
    });
    const fresh = await tx.runRequests.byId(request.id);
    const accountId = await accountOf(tx, request.project_id);
    if (moved && fresh && accountId) await releaseUnspent(tx, accountId, fresh, fresh.spent_units);
    if (outcome.status === 'completed') await tx.projects.setLatestRunAt(request.project_id, at);
    await tx.summaries.clearPending(request.project_id);
    await emitRunEvent(tx, run, request.source === 'api' ? request.id : null, baseUrl, at);
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

/** Host requests whose computer stayed off for 24 hours fail with `host_unavailable`. */
export async function expireWaitingRequests(store: Store, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - HOST_WAIT_MS).toISOString();
  let expired = 0;
  for (const request of await store.runRequests.waitingSince(before)) {
    const moved = await closeUnstartedRequest(store, clock, request, ['waiting_for_host'], {
      status: 'failed',
      code: 'host_unavailable',
      message: 'The host computer did not come online within 24 hours, so the run did not start.',
    });
    if (moved) expired += 1;
  }
  return expired;
}
