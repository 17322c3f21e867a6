import { setMaxListeners } from 'node:events';
import type { Selectable } from 'kysely';
import type { AnswerEngine } from '../../engines/types.ts';
import type { Clock } from '../domain/clock.ts';
import type { Plan } from '../domain/plans.ts';
import { beginCloudRun, expireWaitingRequests, finishRun, runAnswerGroups } from '../domain/run-lifecycle.ts';
import { expireSiteCrawls } from '../domain/site-crawl-expiry.ts';
import type { Store } from '../store/index.ts';
import type { Database } from '../store/schema.ts';
import { executeCloudRun, type AnswerJudge } from './cloud-run.ts';
import { createWorkLoop, workerId } from './work-loop.ts';
import type { CpuParts } from './cpu-parts.ts';
import type { ActionsSummarizer } from '../../engines/judge/index.ts';
import { refreshActionsSummary } from '../domain/actions/actions-summary.ts';

type RequestRow = Selectable<Database['run_requests']>;

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunExecutorOptions {
  store: Store;
  clock: Clock;
  plans: readonly Plan[];
  engines: ReadonlyMap<string, AnswerEngine>;
  judge?: AnswerJudge | null;
  /** Writes the judge's summary of the top actions after a run that changed them; null: no judge configured. */
  summarizer?: ActionsSummarizer | null;
  log: JobLog;
  /** Public base address ending in /v1, for the links in run events. */
  baseUrl: string;
  /** Called after a run ended, or site crawls expired, and their events were queued. */
  onRunEnded?: () => void;
  /** How long a worker owns a request without renewing; a request whose worker died is taken over after it. */
  leaseMs?: number;
  /** How often to look for work besides being signalled, and to check for cancelation. */
  pollMs?: number;
  /** Requests worked at the same time (each one's answers are already spread over the engines). */
  parallelRuns?: number;
  /** When set, storing answers adds its CPU here by part (ANSWERWATCH_PROFILE_PARTS). */
  cpuParts?: CpuParts;
}

export interface RunExecutor {
  start(): void;
  /** Look for work now: a request was just accepted. */
  kick(): void;
  /** Resolves when no request is being worked and none is waiting to be claimed (tests and shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Works cloud run requests: claims one under a lease, runs it, and renews the lease until it ends, so a service
 * killed mid-run has its request taken over (and resumed where it stopped) once the lease runs out. Also fails
 * host requests whose computer stayed off for 24 hours.
 */
export function createRunExecutor(o: RunExecutorOptions): RunExecutor {
  const owner = workerId('runs');
  const leaseMs = o.leaseMs ?? 30_000;
  const pollMs = o.pollMs ?? 2_000;
  const parallelRuns = o.parallelRuns ?? 4;
  const working = new Map<string, AbortController>();
  // One group commit for every run this executor works: answers of runs side by side share transactions.
  const answers = runAnswerGroups(o.cpuParts ? o.cpuParts.store(o.store) : o.store);

  const leaseUntil = () => new Date(o.clock.now().getTime() + leaseMs).toISOString();

  async function work(request: RequestRow): Promise<void> {
    const controller = new AbortController();
    // Every answer of the run listens to this one signal: thousands of listeners are expected, not a leak.
    setMaxListeners(0, controller.signal);
    working.set(request.id, controller);
    const renew = setInterval(() => void keepLease(request.id, controller), Math.min(pollMs, leaseMs / 3));
    renew.unref();
    try {
      const plan = await planOf(request.project_id);
      const started = plan && (await beginCloudRun(o.store, o.clock, request, plan));
      if (!plan || !started) return;
      o.log.info({ requestId: request.id, runId: started.run.id }, 'run started');
      const outcome = await executeCloudRun(
        {
          store: o.store,
          clock: o.clock,
          engines: o.engines,
          judge: o.judge ?? null,
          answers,
          cpuParts: o.cpuParts,
          onSlotError: (slot, err) =>
            o.log.warn({ runId: started.run.id, engineId: slot.engineId, err: String(err) }, 'answer failed'),
        },
        request,
        started,
        plan,
        controller.signal,
      );
      if (outcome.status === 'canceled' && !(await o.store.runRequests.isCancelRequested(request.id))) {
        // Stopped by shutdown or a lost lease, not by a cancel: the next worker resumes it where it stopped.
        await o.store.runRequests.releaseLease(request.id, owner);
        return;
      }
      const run = await finishRun(o.store, o.clock, o.baseUrl, request, 'cloud', started.run.id, outcome);
      o.onRunEnded?.();
      o.log.info(
        { requestId: request.id, runId: run.id, status: run.status, answers: run.answer_count },
        'run ended',
      );
      // The request has ended: no lease to renew. A renewal still in flight finds the lease gone and aborts the run's
      // signal, so the summary has a signal of its own, which only stop() aborts.
      clearInterval(renew);
      if (run.status === 'completed' && o.summarizer) {
        const summarizing = new AbortController();
        working.set(request.id, summarizing);
        await summarize(run.project_id, summarizing.signal);
      }
    } catch (err) {
      o.log.error({ requestId: request.id, err }, 'run request could not be worked; it is retried later');
    } finally {
      clearInterval(renew);
      working.delete(request.id);
    }
  }

  /** A summary the judge could not write leaves the one before: the run itself has ended well. */
  async function summarize(projectId: string, signal: AbortSignal) {
    try {
      await refreshActionsSummary(o.store, o.summarizer!, projectId, o.clock.now(), signal);
    } catch (err) {
      if (!signal.aborted) o.log.warn({ projectId, err: String(err) }, 'actions summary failed');
    }
  }

  async function keepLease(id: string, controller: AbortController) {
    try {
      if (await o.store.runRequests.isCancelRequested(id)) controller.abort();
      else if (!(await o.store.runRequests.renewLease(id, owner, leaseUntil()))) controller.abort();
    } catch (err) {
      o.log.warn({ requestId: id, err }, 'lease renewal failed');
    }
  }

  async function planOf(projectId: string): Promise<Plan | undefined> {
    const project = await o.store.projects.get(projectId);
    const account = project && (await o.store.accounts.get(project.accountId));
    return account && o.plans.find((p) => p.code === account.plan);
  }

  async function lookForWork(): Promise<void> {
    await expireWaitingRequests(o.store, o.clock, o.baseUrl);
    if ((await expireSiteCrawls(o.store, o.clock, o.baseUrl)) > 0) o.onRunEnded?.();
    while (!loop.stopped && loop.active < parallelRuns) {
      const request = await o.store.runRequests.claimNext(owner, o.clock.now().toISOString(), leaseUntil());
      if (!request) return;
      loop.track(work(request));
    }
  }

  const loop = createWorkLoop(lookForWork, {
    pollMs,
    onError: (err) => o.log.error({ err }, 'looking for run requests failed'),
  });

  return {
    start: () => loop.start(),
    kick: () => loop.kick(),
    idle: () => loop.idle(),
    async stop() {
      for (const controller of working.values()) controller.abort();
      await loop.stop();
    },
  };
}
