import { createCloudEngines, createTextModel, loadCloudConfig } from '../../engines/cloud/index.ts';
import { createJudge, judgeEngineFrom } from '../../engines/judge/index.ts';
import type { AnswerEngine } from '../../engines/types.ts';
import type { Clock } from '../domain/clock.ts';
import type { Signals } from '../domain/context.ts';
import type { Plan } from '../domain/plans.ts';
import { startScheduledRun } from '../domain/start-run.ts';
import type { Store } from '../store/index.ts';
import { projectJudge } from './answer-judge.ts';
import type { AnswerJudge } from './cloud-run.ts';
import { createRunExecutor, type JobLog } from './run-executor.ts';
import { createScheduler, type ProjectSchedule } from './scheduler.ts';

export interface BackgroundOptions {
  store: Store;
  clock: Clock;
  plans: readonly Plan[];
  log: JobLog;
  env?: NodeJS.ProcessEnv;
  /** Default: the cloud engines configured in the environment. */
  engines?: ReadonlyMap<string, AnswerEngine>;
  /** Default: the judge configured in the environment (ANSWERWATCH_JUDGE), if any. */
  judge?: AnswerJudge | null;
  leaseMs?: number;
  pollMs?: number;
}

export interface BackgroundJobs {
  signals: Signals;
  /** Resolves once no run request is being worked or waiting to be claimed. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

function judgeFromEnv(store: Store, env: NodeJS.ProcessEnv, log: JobLog): AnswerJudge | null {
  const choice = judgeEngineFrom(env);
  const model = choice && createTextModel(loadCloudConfig(env), choice.engineId, choice.model ?? undefined);
  if (!model) return null;
  const judge = createJudge(model, {
    onNoVerdict: (e) => log.warn({ judge: e.modelId, reason: e.reason }, 'no verdict from the judge'),
  });
  return projectJudge(store, judge);
}

/** The run executor and the schedule: what runs besides the HTTP API in `start` and `serve`. */
export async function startBackgroundJobs(o: BackgroundOptions): Promise<BackgroundJobs> {
  const env = o.env ?? process.env;
  const executor = createRunExecutor({
    store: o.store,
    clock: o.clock,
    plans: o.plans,
    engines: o.engines ?? createCloudEngines(loadCloudConfig(env)),
    judge: o.judge === undefined ? judgeFromEnv(o.store, env, o.log) : o.judge,
    log: o.log,
    leaseMs: o.leaseMs,
    pollMs: o.pollMs,
  });
  const signals: Signals = {
    runRequested: () => executor.kick(),
    trackingChanged: () => void scheduler.refresh(),
  };
  const scheduler = createScheduler({
    load: async () => (await o.store.projects.schedules()) as ProjectSchedule[],
    fire: async (projectId, scheduledFor) => {
      const outcome = await startScheduledRun(
        { store: o.store, clock: o.clock, signals },
        projectId,
        o.plans,
      );
      o.log.info({ projectId, scheduledFor, ...outcome }, 'scheduled run');
    },
    onError: (err, projectId) => o.log.error({ err, projectId }, 'schedule error'),
  });
  executor.start();
  await scheduler.start();
  return {
    signals,
    idle: () => executor.idle(),
    async stop() {
      scheduler.stop();
      await executor.stop();
    },
  };
}
