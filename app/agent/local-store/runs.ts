/** The runs this host asks, from start until the service has all of them. */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { HostFailure, HostPrompt } from '../../../server/contract/host-sync.ts';
import type { HostPromptData } from './projects.ts';
import type { AgentDatabase } from './schema.ts';

/** running: being asked (or interrupted, to resume); finished: asked, its end not yet reported; done: all sent. */
export type LocalRunStatus = 'running' | 'finished' | 'done' | 'dropped';
export type RunOutcome = 'completed' | 'failed';
/** Failed answers of one engine for one cause, counted, as the end of the run reports them. */
export type RunFailure = z.infer<typeof HostFailure>;

export interface LocalRun {
  /** The local id; for a scheduled run it is also the clientRunId reported to the service. */
  id: string;
  clientRunId: string | null;
  /** The service's run id; null while a scheduled run has not been registered (offline). */
  runId: string | null;
  requestId: string | null;
  projectId: string;
  trigger: 'request' | 'schedule';
  samplesPerPrompt: number;
  prompts: HostPromptData[];
  scheduledFor: string | null;
  startedAt: string;
  status: LocalRunStatus;
  outcome: RunOutcome | null;
  error: string | null;
  /** The stable cause when one explains the failure (`login_required`, `cloudflare_challenge`, …). */
  errorCode: string | null;
  /** The failed answers per engine and cause; empty until the run finished. */
  failures: RunFailure[];
  finishedAt: string | null;
}

export type NewLocalRun = Omit<
  LocalRun,
  'status' | 'outcome' | 'error' | 'errorCode' | 'failures' | 'finishedAt'
>;

/** Why a run failed: the message, and the stable cause when one explains it. */
export interface RunError {
  message: string;
  code: string | null;
}

export interface RunStore {
  createRun(run: NewLocalRun): Promise<LocalRun>;
  run(id: string): Promise<LocalRun | undefined>;
  runByRequest(requestId: string): Promise<LocalRun | undefined>;
  runByRunId(runId: string): Promise<LocalRun | undefined>;
  /** Runs still being asked (or interrupted), oldest first. */
  unfinishedRuns(): Promise<LocalRun[]>;
  /** Runs the service does not fully have yet (running or finished), oldest first. */
  outboxRuns(): Promise<LocalRun[]>;
  /** Records the service's run id; `plan` replaces what the run asks (the service's fresh prompts). */
  setRunId(
    id: string,
    runId: string,
    plan?: { prompts: HostPromptData[]; samplesPerPrompt: number },
  ): Promise<void>;
  finishRun(
    id: string,
    outcome: RunOutcome,
    error: RunError | null,
    at: string,
    failures?: readonly RunFailure[],
  ): Promise<void>;
  markRunDone(id: string): Promise<void>;
  /** The service refused the run (it ended there, or the project left this host): nothing more is sent. */
  dropRun(id: string, reason: string): Promise<void>;
  /** Forgets runs (and their answers) the service has in full, started before `before`; how many. */
  pruneRuns(before: string): Promise<number>;
}

const StoredPrompts = z.array(HostPrompt);
const StoredFailures = z.array(HostFailure);

function toRun(r: AgentDatabase['local_runs']): LocalRun {
  return {
    id: r.id,
    clientRunId: r.client_run_id,
    runId: r.run_id,
    requestId: r.request_id,
    projectId: r.project_id,
    trigger: r.trigger === 'schedule' ? 'schedule' : 'request',
    samplesPerPrompt: r.samples_per_prompt,
    prompts: StoredPrompts.parse(JSON.parse(r.prompts)),
    scheduledFor: r.scheduled_for,
    startedAt: r.started_at,
    status: r.status as LocalRunStatus,
    outcome: r.outcome as RunOutcome | null,
    error: r.error,
    errorCode: r.error_code,
    failures: r.failures === null ? [] : StoredFailures.parse(JSON.parse(r.failures)),
    finishedAt: r.finished_at,
  };
}

export function runStore(db: Kysely<AgentDatabase>): RunStore {
  const runWhere = async (column: 'id' | 'request_id' | 'run_id', value: string) => {
    const row = await db.selectFrom('local_runs').selectAll().where(column, '=', value).executeTakeFirst();
    return row && toRun(row);
  };
  const runsIn = async (statuses: LocalRunStatus[]) =>
    (
      await db
        .selectFrom('local_runs')
        .selectAll()
        .where('status', 'in', statuses)
        .orderBy('started_at')
        .orderBy('id')
        .execute()
    ).map(toRun);

  return {
    async createRun(run) {
      await db
        .insertInto('local_runs')
        .values({
          id: run.id,
          client_run_id: run.clientRunId,
          run_id: run.runId,
          request_id: run.requestId,
          project_id: run.projectId,
          trigger: run.trigger,
          samples_per_prompt: run.samplesPerPrompt,
          prompts: JSON.stringify(run.prompts),
          scheduled_for: run.scheduledFor,
          started_at: run.startedAt,
          status: 'running',
          outcome: null,
          error: null,
          finished_at: null,
        })
        .execute();
      return {
        ...run,
        status: 'running',
        outcome: null,
        error: null,
        errorCode: null,
        failures: [],
        finishedAt: null,
      };
    },
    run: (id) => runWhere('id', id),
    runByRequest: (requestId) => runWhere('request_id', requestId),
    runByRunId: (runId) => runWhere('run_id', runId),
    unfinishedRuns: () => runsIn(['running']),
    outboxRuns: () => runsIn(['running', 'finished']),
    async setRunId(id, runId, plan) {
      await db
        .updateTable('local_runs')
        .set({
          run_id: runId,
          ...(plan && { prompts: JSON.stringify(plan.prompts), samples_per_prompt: plan.samplesPerPrompt }),
        })
        .where('id', '=', id)
        .execute();
    },
    async finishRun(id, outcome, error, at, failures = []) {
      await db
        .updateTable('local_runs')
        .set({
          status: 'finished',
          outcome,
          error: error?.message ?? null,
          error_code: error?.code ?? null,
          failures: failures.length > 0 ? JSON.stringify(failures) : null,
          finished_at: at,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },
    async markRunDone(id) {
      await db.updateTable('local_runs').set({ status: 'done' }).where('id', '=', id).execute();
    },
    async dropRun(id, reason) {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('local_runs')
          .set({ status: 'dropped', error: reason.slice(0, 1000) })
          .where('id', '=', id)
          .execute();
        await tx
          .updateTable('outbox_answers')
          .set({ state: 'rejected' })
          .where('local_run_id', '=', id)
          .where('state', '=', 'pending')
          .execute();
      });
    },

    async pruneRuns(before) {
      const r = await db
        .deleteFrom('local_runs')
        .where('status', 'in', ['done', 'dropped'])
        .where('started_at', '<', before)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
