/**
 * The agent's own SQLite file (default `<dataDir>/agent.db`): the pairing (the device token sealed), the projects
 * of the last check-in, bring-your-own-key engine keys (sealed, never uploaded) and tracking settings, and the
 * outbox of runs and answers the service has not acknowledged yet. The sealing key is `answerwatch.key` beside
 * the file (or ANSWERWATCH_SECRET_KEY), as for the service.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import { z } from 'zod';
import { HostProject, HostTracking, HostPrompt, type HostAnswer } from '../../server/contract/host-sync.ts';
import { createSecretBox, type SecretBox } from '../../server/domain/secret-box.ts';
import { loadSecretKey } from '../../server/secret-key.ts';
import * as initial from './migrations/0001-agent.ts';
import * as runErrorCode from './migrations/0002-run-error-code.ts';

export type HostProjectData = z.infer<typeof HostProject>;
export type HostTrackingData = z.infer<typeof HostTracking>;
export type HostPromptData = z.infer<typeof HostPrompt>;

/** running: being asked (or interrupted, to resume); finished: asked, its end not yet reported; done: all sent. */
export type LocalRunStatus = 'running' | 'finished' | 'done' | 'dropped';
export type RunOutcome = 'completed' | 'failed';

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
  finishedAt: string | null;
}

export type NewLocalRun = Omit<LocalRun, 'status' | 'outcome' | 'error' | 'errorCode' | 'finishedAt'>;

/** Why a run failed: the message, and the stable cause when one explains it. */
export interface RunError {
  message: string;
  code: string | null;
}

/** One answer in the outbox; `slot` is `<promptId>:<engineId>:<sample>` (the upload key is `<runId>:<slot>`). */
export type OutboxAnswer = Omit<z.infer<typeof HostAnswer>, 'key'> & { slot: string };

export interface Pairing {
  serverUrl: string;
  token: string;
  hostId: string;
  accountId: string;
  deviceLabel: string;
}

interface AgentDatabase {
  agent_settings: { key: string; value: string };
  cached_projects: { id: string; position: number; body: string; updated_at: string };
  engine_keys: { engine_id: string; sealed_key: string; updated_at: string };
  byok_tracking: { project_id: string; body: string; updated_at: string };
  local_runs: {
    id: string;
    client_run_id: string | null;
    run_id: string | null;
    request_id: string | null;
    project_id: string;
    trigger: string;
    samples_per_prompt: number;
    prompts: string;
    scheduled_for: string | null;
    started_at: string;
    status: string;
    outcome: string | null;
    error: string | null;
    error_code: string | null;
    finished_at: string | null;
  };
  outbox_answers: {
    local_run_id: string;
    slot: string;
    prompt_id: string | null;
    prompt_text: string;
    topic_id: string | null;
    engine_id: string;
    observed_at: string;
    text: string;
    sources: string;
    state: string;
    created_at: string;
    uploaded_at: string | null;
  };
}

export interface LocalStore {
  readonly path: string;
  pairing(): Promise<Pairing | null>;
  savePairing(pairing: Pairing): Promise<void>;
  setServerUrl(url: string): Promise<void>;

  cachedProjects(): Promise<HostProjectData[]>;
  cachedProject(projectId: string): Promise<HostProjectData | undefined>;
  /** Replaces the cache with a check-in's projects; true when anything changed. */
  replaceProjects(projects: readonly HostProjectData[], at: string): Promise<boolean>;

  setEngineKey(engineId: string, key: string, at: string): Promise<void>;
  removeEngineKey(engineId: string): Promise<boolean>;
  /** Engines that have a key, never the keys. */
  engineKeyIds(): Promise<string[]>;
  /** The opened keys, for building engines in this process only. */
  engineKeys(): Promise<Map<string, string>>;

  tracking(projectId: string): Promise<HostTrackingData | undefined>;
  setTracking(projectId: string, tracking: HostTrackingData, at: string): Promise<void>;
  allTracking(): Promise<{ projectId: string; tracking: HostTrackingData }[]>;

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
  finishRun(id: string, outcome: RunOutcome, error: RunError | null, at: string): Promise<void>;
  markRunDone(id: string): Promise<void>;
  /** The service refused the run (it ended there, or the project left this host): nothing more is sent. */
  dropRun(id: string, reason: string): Promise<void>;
  /** Forgets runs (and their answers) the service has in full, started before `before`; how many. */
  pruneRuns(before: string): Promise<number>;

  /** Records an answer in the outbox; false when the slot already had one. */
  addAnswer(localRunId: string, answer: OutboxAnswer, at: string): Promise<boolean>;
  storedSlots(localRunId: string): Promise<Set<string>>;
  /** Answers of every state the outbox holds for the run. */
  answerCount(localRunId: string): Promise<number>;
  pendingAnswers(localRunId: string, limit: number): Promise<OutboxAnswer[]>;
  markUploaded(localRunId: string, slots: readonly string[], at: string): Promise<void>;
  markRejected(localRunId: string, slots: readonly string[]): Promise<void>;
  /** Counts by state (pending, uploaded, rejected), for status lines and tests. */
  answerStates(localRunId: string): Promise<Record<string, number>>;

  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '0001-agent': initial,
  '0002-run-error-code': runErrorCode,
};
const provider: MigrationProvider = { getMigrations: async () => migrations };

const KEY_SERVER = 'server_url';
const KEY_TOKEN = 'device_token';
const KEY_HOST = 'host_id';
const KEY_ACCOUNT = 'account_id';
const KEY_LABEL = 'device_label';

const StoredPrompts = z.array(HostPrompt);
const StoredSources = z.array(z.object({ url: z.string(), title: z.string().nullable() }));

type RunRow = AgentDatabase['local_runs'];
type AnswerRow = AgentDatabase['outbox_answers'];

function toRun(r: RunRow): LocalRun {
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
    finishedAt: r.finished_at,
  };
}

function toAnswer(r: AnswerRow): OutboxAnswer {
  return {
    slot: r.slot,
    promptId: r.prompt_id,
    promptText: r.prompt_text,
    topicId: r.topic_id,
    engineId: r.engine_id,
    observedAt: r.observed_at,
    text: r.text,
    sources: StoredSources.parse(JSON.parse(r.sources)),
  };
}

export interface OpenLocalStoreOptions {
  /** Where the sealing key comes from (ANSWERWATCH_SECRET_KEY); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** A given SecretBox instead of the key file (tests). */
  secrets?: SecretBox;
}

/** Opens (creating when needed) and migrates the agent's database. */
export async function openLocalStore(path: string, options: OpenLocalStoreOptions = {}): Promise<LocalStore> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const box = options.secrets ?? createSecretBox(loadSecretKey(options.env ?? process.env, path));
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<AgentDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `agent database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
  return localStore(db, box, path);
}

function localStore(db: Kysely<AgentDatabase>, box: SecretBox, path: string): LocalStore {
  const getSetting = async (key: string) =>
    (await db.selectFrom('agent_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  const putSetting = (key: string, value: string) =>
    db
      .insertInto('agent_settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();

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
  const setState = async (localRunId: string, slots: readonly string[], state: string, at: string | null) => {
    for (let i = 0; i < slots.length; i += 200) {
      await db
        .updateTable('outbox_answers')
        .set({ state, uploaded_at: at })
        .where('local_run_id', '=', localRunId)
        .where('slot', 'in', slots.slice(i, i + 200))
        .execute();
    }
  };

  return {
    path,
    async pairing() {
      const [serverUrl, sealed, hostId, accountId, deviceLabel] = await Promise.all(
        [KEY_SERVER, KEY_TOKEN, KEY_HOST, KEY_ACCOUNT, KEY_LABEL].map(getSetting),
      );
      if (!serverUrl || !sealed || !hostId || !accountId) return null;
      return { serverUrl, token: box.open(sealed), hostId, accountId, deviceLabel: deviceLabel ?? '' };
    },
    async savePairing(p) {
      const previousHost = await getSetting(KEY_HOST);
      await db.transaction().execute(async (tx) => {
        const put = (key: string, value: string) =>
          tx
            .insertInto('agent_settings')
            .values({ key, value })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
            .execute();
        await put(KEY_SERVER, p.serverUrl);
        await put(KEY_TOKEN, box.seal(p.token));
        await put(KEY_HOST, p.hostId);
        await put(KEY_ACCOUNT, p.accountId);
        await put(KEY_LABEL, p.deviceLabel);
        // Another host's projects are not this one's: the next check-in fills the cache again.
        if (previousHost !== p.hostId) await tx.deleteFrom('cached_projects').execute();
      });
    },
    async setServerUrl(url) {
      await putSetting(KEY_SERVER, url);
    },

    async cachedProjects() {
      const rows = await db.selectFrom('cached_projects').select('body').orderBy('position').execute();
      return rows.map((r) => HostProject.parse(JSON.parse(r.body)));
    },
    async cachedProject(projectId) {
      const row = await db
        .selectFrom('cached_projects')
        .select('body')
        .where('id', '=', projectId)
        .executeTakeFirst();
      return row && HostProject.parse(JSON.parse(row.body));
    },
    async replaceProjects(projects, at) {
      const before = await db
        .selectFrom('cached_projects')
        .select(['id', 'body'])
        .orderBy('position')
        .execute();
      const after = projects.map((p) => ({ id: p.id, body: JSON.stringify(p) }));
      const same =
        before.length === after.length &&
        before.every((b, i) => b.id === after[i]!.id && b.body === after[i]!.body);
      if (same) return false;
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('cached_projects').execute();
        for (const [position, p] of after.entries()) {
          await tx
            .insertInto('cached_projects')
            .values({ id: p.id, position, body: p.body, updated_at: at })
            .execute();
        }
      });
      return true;
    },

    async setEngineKey(engineId, key, at) {
      const sealed = box.seal(key);
      await db
        .insertInto('engine_keys')
        .values({ engine_id: engineId, sealed_key: sealed, updated_at: at })
        .onConflict((oc) => oc.column('engine_id').doUpdateSet({ sealed_key: sealed, updated_at: at }))
        .execute();
    },
    async removeEngineKey(engineId) {
      const r = await db.deleteFrom('engine_keys').where('engine_id', '=', engineId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async engineKeyIds() {
      const rows = await db.selectFrom('engine_keys').select('engine_id').orderBy('engine_id').execute();
      return rows.map((r) => r.engine_id);
    },
    async engineKeys() {
      const rows = await db.selectFrom('engine_keys').select(['engine_id', 'sealed_key']).execute();
      return new Map(rows.map((r) => [r.engine_id, box.open(r.sealed_key)]));
    },

    async tracking(projectId) {
      const row = await db
        .selectFrom('byok_tracking')
        .select('body')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row && HostTracking.parse(JSON.parse(row.body));
    },
    async setTracking(projectId, tracking, at) {
      const body = JSON.stringify(HostTracking.parse(tracking));
      await db
        .insertInto('byok_tracking')
        .values({ project_id: projectId, body, updated_at: at })
        .onConflict((oc) => oc.column('project_id').doUpdateSet({ body, updated_at: at }))
        .execute();
    },
    async allTracking() {
      const rows = await db
        .selectFrom('byok_tracking')
        .select(['project_id', 'body'])
        .orderBy('project_id')
        .execute();
      return rows.map((r) => ({ projectId: r.project_id, tracking: HostTracking.parse(JSON.parse(r.body)) }));
    },

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
      return { ...run, status: 'running', outcome: null, error: null, errorCode: null, finishedAt: null };
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
    async finishRun(id, outcome, error, at) {
      await db
        .updateTable('local_runs')
        .set({
          status: 'finished',
          outcome,
          error: error?.message ?? null,
          error_code: error?.code ?? null,
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

    async addAnswer(localRunId, a, at) {
      const r = await db
        .insertInto('outbox_answers')
        .values({
          local_run_id: localRunId,
          slot: a.slot,
          prompt_id: a.promptId,
          prompt_text: a.promptText,
          topic_id: a.topicId,
          engine_id: a.engineId,
          observed_at: a.observedAt,
          text: a.text,
          sources: JSON.stringify(a.sources),
          state: 'pending',
          created_at: at,
          uploaded_at: null,
        })
        .onConflict((oc) => oc.columns(['local_run_id', 'slot']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async storedSlots(localRunId) {
      const rows = await db
        .selectFrom('outbox_answers')
        .select('slot')
        .where('local_run_id', '=', localRunId)
        .execute();
      return new Set(rows.map((r) => r.slot));
    },
    async answerCount(localRunId) {
      const r = await db
        .selectFrom('outbox_answers')
        .select(db.fn.countAll<number>().as('n'))
        .where('local_run_id', '=', localRunId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async pendingAnswers(localRunId, limit) {
      const rows = await db
        .selectFrom('outbox_answers')
        .selectAll()
        .where('local_run_id', '=', localRunId)
        .where('state', '=', 'pending')
        .orderBy('created_at')
        .orderBy('slot')
        .limit(limit)
        .execute();
      return rows.map(toAnswer);
    },
    markUploaded: (localRunId, slots, at) => setState(localRunId, slots, 'uploaded', at),
    markRejected: (localRunId, slots) => setState(localRunId, slots, 'rejected', null),
    async answerStates(localRunId) {
      const rows = await db
        .selectFrom('outbox_answers')
        .select(['state', db.fn.countAll<number>().as('n')])
        .where('local_run_id', '=', localRunId)
        .groupBy('state')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },

    async close() {
      await db.destroy();
    },
  };
}
