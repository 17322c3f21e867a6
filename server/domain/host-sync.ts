import type { z } from 'zod';
import { searchQueryList } from '../../engines/search-queries.ts';
import type { FinishBody, HostAnswer, HostFailure } from '../contract/host-sync.ts';
import { createHash } from 'node:crypto';
import type { Repositories } from '../store/index.ts';
import type { HostRecord } from '../store/repositories/hosts.ts';
import type { RunRow } from '../store/repositories/runs.ts';
import { answerCounts, answerRow, projectScorer } from './answer-rows.ts';
import type { Services } from './context.ts';
import { failedEnginesText, failureTally, hostEngineFailure, type FailedEngine } from './engine-failures.ts';
import { AppError, invalid, notFound } from './errors.ts';
import { importedAnswerId } from './import-answers.ts';
import { hostProject } from './host-projects.ts';
import { siteCrawlCheckIn } from './host-site-crawls.ts';
import { findPlan, runsOnFor, type Plan } from './plans.ts';
import { addRunAnswers, createRun, finishRun } from './run-lifecycle.ts';
import { partOf, plannedPrompt, planRun, StoredPlan, type PlannedPrompt } from './run-plan.ts';

type Tracking = {
  engineIds: string[];
  cadence: 'manual' | 'daily' | 'weekdays' | 'weekly';
  timeOfDay: string;
  weeklyDay: 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
  timezone: string;
  samplesPerPrompt: number;
};

export interface HostServices extends Services {
  plans: readonly Plan[];
}

async function planOfAccount(s: HostServices, accountId: string): Promise<Plan> {
  const account = await s.store.accounts.get(accountId);
  const plan = account && findPlan(account.plan, s.plans);
  if (!plan) throw new AppError('not_found', 'The account of this host no longer exists.');
  return plan;
}

function validTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Bring-your-own-key settings live on the host, which reports them at each check-in; the service keeps a copy to
 * show (read-only) through the API and the run rules. Settings for other projects or plans are ignored.
 */
async function applyHostSettings(
  s: HostServices,
  host: HostRecord,
  plan: Plan,
  settings: readonly { projectId: string; tracking: Tracking }[],
) {
  if (plan.accessMode !== 'byok-local') return;
  for (const { projectId, tracking } of settings) {
    const project = await s.store.projects.get(projectId);
    if (!project || project.hostId !== host.id || !validTimezone(tracking.timezone)) continue;
    const engineIds = tracking.engineIds.filter((id) => plan.engineIds.includes(id));
    if (engineIds.length === 0) continue;
    await s.store.projects.updateTracking(projectId, { ...tracking, engineIds });
  }
}

/**
 * A check-in: the host is seen now (online for the next 3 minutes), its requests that waited for it are queued,
 * and it gets its projects (tracking and the prompts with the engines it asks) and the requests to run.
 */
export async function checkIn(
  s: HostServices,
  host: HostRecord,
  body: {
    agentVersion: string;
    engineIds: string[];
    settings?: { projectId: string; tracking: Tracking }[];
    siteSchedule?: { projectId: string; nextCrawlAt: string }[];
  },
) {
  const now = s.clock.now().toISOString();
  const plan = await planOfAccount(s, host.accountId);
  await s.store.hosts.checkIn(host.id, now, body.agentVersion, body.engineIds);
  await applyHostSettings(s, host, plan, body.settings ?? []);
  const projectIds = await s.store.hosts.projectIds(host.id);
  for (const r of await s.store.runRequests.forHost(projectIds)) {
    if (r.status === 'waiting_for_host') {
      await s.store.runRequests.transition(r.id, ['waiting_for_host'], {
        status: 'queued',
        at: now,
        warning: null,
      });
    }
  }
  const projects = [];
  for (const id of projectIds) {
    const project = await s.store.projects.get(id);
    if (!project) continue;
    const prompts = partOf(plan, (await s.store.prompts.activeForRun(id)).map(plannedPrompt), 'host');
    projects.push({
      id,
      name: project.name,
      accessMode: plan.accessMode,
      tracking: project.tracking as Tracking,
      prompts,
    });
  }
  const requests = (await s.store.runRequests.forHost(projectIds)).map((r) => ({
    id: r.id,
    projectId: r.project_id,
    status: r.status as 'waiting_for_host' | 'queued' | 'running',
    samplesPerPrompt: r.samples_per_prompt,
    createdAt: r.created_at,
  }));
  return {
    serverTime: now,
    checkInSeconds: 30,
    host: { id: host.id, deviceLabel: host.deviceLabel },
    projects,
    requests,
    ...(body.siteSchedule && { siteCrawls: await siteCrawlCheckIn(s, projectIds, body.siteSchedule) }),
  };
}

const hostRunView = (run: RunRow, requestId: string | null, prompts: PlannedPrompt[]) => ({
  runId: run.id,
  requestId,
  projectId: run.project_id,
  samplesPerPrompt: run.samples_per_prompt,
  prompts,
});

async function hostPrompts(tx: Repositories, plan: Plan, projectId: string) {
  return partOf(plan, (await tx.prompts.activeForRun(projectId)).map(plannedPrompt), 'host');
}

/**
 * The host starts a request it was given: the request runs, the host's Run is created with the prompts and
 * engines it asks, and the service starts the request's cloud part, if it has one. Claiming again (after the
 * agent restarted) returns the same Run.
 */
export async function claimRequest(s: HostServices, host: HostRecord, requestId: string) {
  const request = await s.store.runRequests.byId(requestId);
  if (!request || request.mode !== 'host') throw notFound('run request');
  const project = await hostProject(s, host, request.project_id);
  const requestIdOf = request.source === 'api' ? request.id : null;
  const elsewhere = () =>
    new AppError('run_in_progress', 'This request has ended or is run elsewhere.', {}, 409);
  const view = (run: RunRow) => hostRunView(run, requestIdOf, StoredPlan.parse(JSON.parse(run.plan)));
  const existing = await s.store.runs.byRequest(request.id, 'host');
  if (existing?.status === 'running') return view(existing);
  if (existing || request.host_outcome !== null) throw elsewhere();
  const plan = await planOfAccount(s, project.accountId);
  const now = s.clock.now().toISOString();
  const started = await s.store.transaction(async (tx) => {
    const moved = await tx.runRequests.transition(request.id, ['waiting_for_host', 'queued'], {
      status: 'running',
      at: now,
      warning: null,
    });
    if (!moved) return null;
    const prompts = await hostPrompts(tx, plan, request.project_id);
    return { run: await createRun(tx, request, 'host', prompts, now), prompts };
  });
  if (!started) {
    // The same claim, made at once through another instance, started it: this one answers the same Run.
    const same = await s.store.runs.byRequest(request.id, 'host');
    if (same?.status === 'running') return view(same);
    throw elsewhere();
  }
  s.signals.runRequested();
  return hostRunView(started.run, requestIdOf, started.prompts);
}

/**
 * A run the host's own schedule started (perhaps while the service was unreachable, reported now). Reporting the
 * same clientRunId again returns the same Run. The cloud part, if the plan has cloud engines and the allowance
 * covers them, is asked by the service.
 */
export async function startHostScheduledRun(
  s: HostServices,
  host: HostRecord,
  projectId: string,
  body: { clientRunId: string; startedAt: string; samplesPerPrompt: number },
) {
  const project = await hostProject(s, host, projectId);
  const plan = await planOfAccount(s, project.accountId);
  const key = `host:${body.clientRunId}`;
  const samplesPerPrompt = Math.min(body.samplesPerPrompt, plan.limits.maxSamplesPerPrompt);
  const now = s.clock.now().toISOString();
  // Under the project's lock, so the same report reaching two instances at once makes one Run.
  const started = await s.store.transaction(async (tx) => {
    await tx.projects.lock(projectId);
    const known = await tx.runRequests.byIdempotencyKey(projectId, key);
    const knownRun = known && (await tx.runs.byRequest(known.id, 'host'));
    if (knownRun)
      return { run: knownRun, prompts: StoredPlan.parse(JSON.parse(knownRun.plan)), fresh: false };
    const all = (await tx.prompts.activeForRun(projectId)).map(plannedPrompt);
    const planned = planRun(plan, all, samplesPerPrompt);
    const held =
      planned.estimatedUnits > 0 ? await tx.accounts.hold(project.accountId, planned.estimatedUnits) : null;
    const id = `rrq${createHash('sha256').update(`${projectId}:${key}`).digest('hex').slice(0, 20)}`;
    await tx.runRequests.create({
      id,
      projectId,
      source: 'schedule',
      trigger: 'scheduled',
      status: 'running',
      mode: 'host',
      idempotencyKey: key,
      bodyHash: null,
      samplesPerPrompt,
      promptCount: planned.prompts.length,
      estimatedUnits: held ? planned.estimatedUnits : 0,
      heldPeriodUnits: held?.period ?? 0,
      heldPrepaidUnits: held?.prepaid ?? 0,
      warning:
        planned.estimatedUnits > 0 && !held
          ? 'The allowance did not cover the cloud engines: only the host asked.'
          : null,
      createdAt: now,
      cloudNeeded: held !== null,
      hostNeeded: true,
    });
    const request = (await tx.runRequests.byId(id))!;
    const prompts = partOf(plan, all, 'host');
    return { run: await createRun(tx, request, 'host', prompts, now), prompts, fresh: true };
  });
  if (started.fresh) s.signals.runRequested();
  return hostRunView(started.run, null, started.prompts);
}

async function hostRun(s: Services, host: HostRecord, runId: string) {
  const run = await s.store.runs.get(runId);
  if (!run || run.mode !== 'host') throw notFound('run');
  await hostProject(s, host, run.project_id);
  return run;
}

/** An answer as the host uploads it (the host sync contract's HostAnswer). */
export type UploadedAnswer = z.infer<typeof HostAnswer>;

/**
 * Answers the host asked, scored here by the same scorer as every answer and stored with the run's count in one
 * transaction. Each answer's key makes an upload repeatable: what was stored before is counted as a duplicate.
 */
export async function uploadAnswers(
  s: HostServices,
  host: HostRecord,
  runId: string,
  answers: UploadedAnswer[],
) {
  const run = await hostRun(s, host, runId);
  if (run.status !== 'running')
    throw new AppError('run_in_progress', `Run ${runId} has ended (${run.status}).`, {}, 409);
  const project = await s.store.projects.get(run.project_id);
  const plan = await planOfAccount(s, project!.accountId);
  const stray = answers.find((a) => runsOnFor(plan, a.engineId) !== 'host');
  if (stray) throw invalid(`engine ${stray.engineId} is not one this host asks on the ${plan.code} plan`);
  const { score, competitorSet } = await projectScorer(s.store, run.project_id);
  const createdAt = s.clock.now().toISOString();
  const rows = answers.map((a) => {
    const scored = score({ text: a.text, sources: a.sources });
    const searchQueries = searchQueryList(a.searchQueries ?? []);
    const observedAt = new Date(a.observedAt).toISOString();
    const row = answerRow(scored, {
      id: importedAnswerId(run.project_id, a.key),
      projectId: run.project_id,
      runId,
      importKey: a.key,
      promptId: a.promptId,
      promptText: a.promptText,
      topicId: a.topicId,
      engineId: a.engineId,
      observedAt,
      createdAt,
      competitorSet,
      searchQueries,
    });
    return { row, counts: answerCounts(row, scored, searchQueries), requestId: null, units: 0 };
  });
  const stored = await s.store.transaction((tx) => addRunAnswers(tx, rows));
  const inserted = stored.filter(Boolean).length;
  return { stored: inserted, duplicates: rows.length - inserted };
}

/**
 * The engines of a host run that failed every answer: those the host reports failures of and of which no answer
 * was stored, each with the reason and fix for its most frequent cause. Engines this plan does not ask on the host
 * are left out.
 */
async function hostFailedEngines(
  s: HostServices,
  plan: Plan,
  runId: string,
  failures: readonly z.infer<typeof HostFailure>[],
): Promise<FailedEngine[]> {
  if (failures.length === 0) return [];
  const asked = await s.store.answers.countsByEngineOfRun(runId);
  const tally = failureTally();
  for (const f of failures) {
    if (runsOnFor(plan, f.engineId) !== 'host') continue;
    tally.add(f.engineId, hostEngineFailure(f.engineId, f.code, f.message), f.count);
    asked.set(f.engineId, (asked.get(f.engineId) ?? 0) + f.count);
  }
  return tally.failedEngines(asked);
}

/**
 * The host's report that its Run ended; the request ends when its cloud part, if any, has ended too. A failed Run
 * takes the host's stable cause as its error code when the host names one (`login_required`: sign in again),
 * `host_run_failed` otherwise. The engines that failed every answer, from the failures the host reports, go to
 * the request's warning (or error) and the run's event, as for a cloud run.
 */
export async function finishHostRun(
  s: HostServices,
  host: HostRecord,
  runId: string,
  body: z.infer<typeof FinishBody>,
) {
  const run = await hostRun(s, host, runId);
  const request = run.request_id ? await s.store.runRequests.byId(run.request_id) : undefined;
  if (run.status !== 'running' || !request) {
    return { runId, status: run.status, requestStatus: request?.status ?? null };
  }
  const project = await s.store.projects.get(run.project_id);
  const plan = await planOfAccount(s, project!.accountId);
  const failures = body.failures ?? [];
  const failedEngines = await hostFailedEngines(s, plan, runId, failures);
  const failedAnswers = failures.reduce((n, f) => n + f.count, 0);
  const outcome =
    body.status === 'failed'
      ? {
          status: 'failed' as const,
          code: body.code ?? 'host_run_failed',
          message:
            failedEngines.length > 0
              ? `Every answer failed (${failedAnswers}). ${failedEnginesText(failedEngines)}`
              : (body.error ?? 'The host computer reported a failure.'),
          failedEngines,
        }
      : body.status === 'completed'
        ? { status: 'completed' as const, failedEngines }
        : { status: body.status };
  const ended = await finishRun(s.store, s.clock, s.baseUrl, request, 'host', runId, outcome);
  s.signals.runEnded();
  const after = await s.store.runRequests.byId(request.id);
  return { runId, status: ended.status, requestStatus: after?.status ?? null };
}
