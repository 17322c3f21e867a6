/**
 * Sends the outbox to the service: registers scheduled runs the service does not know yet (same clientRunId, so
 * one run however often it is reported), uploads answers in batches of at most 100 (each answer's key makes a
 * repeat harmless) and reports each run's end once its answers are in. Work on one run is serialised, so an
 * answer is never in two uploads at once. Offline: everything stays in the outbox for the next attempt.
 */
import type { Clock } from '../../server/domain/clock.ts';
import type { LocalStore } from './local-store.ts';
import type { OutboxAnswer } from './local-store/outbox-answers.ts';
import type { LocalRun } from './local-store/runs.ts';
import { errorFields, type AgentLog } from './log.ts';
import {
  isOffline,
  isRefused,
  type SyncError,
  type HostAnswerData,
  type HostRunData,
  type SyncClient,
} from './sync-client.ts';

export const MAX_BATCH = 100;

/** What a sync of one run came to. */
export type SyncState = 'synced' | 'pending' | 'offline' | 'refused' | 'dropped';

export interface Uploader {
  /** Registers (when needed), uploads what is pending and, for a finished run, reports its end. */
  sync(localRunId: string): Promise<SyncState>;
  /** Uploads in the background (while the run is asked); failures wait for the next sync. */
  kick(localRunId: string): void;
  /** Registers a scheduled run now; its HostRun, or null when offline (it is registered later). */
  register(localRunId: string): Promise<HostRunData | null>;
  /** Syncs every run the service does not fully have; 'offline' as soon as it cannot be reached. */
  drain(): Promise<SyncState>;
  /** True once the service refused the run (ended there): its asking should stop. */
  isDropped(localRunId: string): boolean;
  /** Calls `onDropped` when the run is dropped; returns the unsubscribe. */
  watch(localRunId: string, onDropped: () => void): () => void;
  /** Resolves when no background upload is in flight. */
  idle(): Promise<void>;
}

export interface UploaderDeps {
  store: LocalStore;
  client: SyncClient;
  clock: Clock;
  log: AgentLog;
  batchSize?: number;
  /** After a background upload found the service offline, later ones wait this long. Default 15 s. */
  offlineBackoffMs?: number;
}

/** An outbox answer as the contract takes it: over-long fields are cut, so one odd answer cannot block a batch. */
const toUpload = (runId: string, a: OutboxAnswer): HostAnswerData => ({
  key: `${runId}:${a.slot}`,
  promptId: a.promptId,
  promptText: a.promptText.slice(0, 500),
  topicId: a.topicId === null ? null : a.topicId.slice(0, 200),
  engineId: a.engineId,
  observedAt: a.observedAt,
  text: a.text.slice(0, 1_000_000),
  sources: a.sources
    .filter((s) => s.url.length > 0 && s.url.length <= 4096)
    .slice(0, 200)
    .map((s) => ({ url: s.url, title: s.title === null ? null : s.title.slice(0, 2000) })),
  // Adapters keep searches within the contract's bounds already; the cut only guards an outbox written otherwise.
  searchQueries: (a.searchQueries ?? []).slice(0, 50).map((q) => q.slice(0, 500)),
});

/** Refusals about the run itself (ended there, unknown there): the run is dropped from the outbox. */
const RUN_GONE = new Set(['run_in_progress', 'not_found']);

export function createUploader(deps: UploaderDeps): Uploader {
  const batchSize = Math.min(deps.batchSize ?? MAX_BATCH, MAX_BATCH);
  const { store, client, log } = deps;
  const locks = new Map<string, Promise<unknown>>();
  const dropped = new Set<string>();
  const watchers = new Map<string, Set<() => void>>();
  const markDropped = (localRunId: string) => {
    dropped.add(localRunId);
    for (const fn of watchers.get(localRunId) ?? []) fn();
  };
  const background = new Set<Promise<unknown>>();
  const kicked = new Set<string>();
  const backoffMs = deps.offlineBackoffMs ?? 15_000;
  let offlineUntil = 0;

  /** Runs `work` after whatever is already running for this run. */
  function serial<T>(localRunId: string, work: () => Promise<T>): Promise<T> {
    const before = locks.get(localRunId) ?? Promise.resolve();
    const next = before.then(work, work);
    const tail = next.catch(() => undefined);
    locks.set(localRunId, tail);
    void tail.then(() => {
      if (locks.get(localRunId) === tail) locks.delete(localRunId);
    });
    return next;
  }

  async function drop(run: LocalRun, err: SyncError, what: string): Promise<SyncState> {
    await store.dropRun(run.id, `${what}: ${err.code}: ${err.message}`);
    markDropped(run.id);
    log.warn(
      { localRunId: run.id, runId: run.runId, projectId: run.projectId, code: err.code, status: err.status },
      `the service refused ${what}; the run is dropped from the outbox`,
    );
    return 'dropped';
  }

  async function registerNow(run: LocalRun): Promise<{ state: SyncState; hostRun?: HostRunData }> {
    if (run.runId) return { state: 'synced' };
    if (!run.clientRunId) {
      // A claimed run is stored with its runId; one without either cannot be reported.
      await store.dropRun(run.id, 'no run id');
      markDropped(run.id);
      return { state: 'dropped' };
    }
    try {
      const hostRun = await client.startScheduledRun(run.projectId, {
        clientRunId: run.clientRunId,
        startedAt: run.startedAt,
        samplesPerPrompt: run.samplesPerPrompt,
      });
      await store.setRunId(run.id, hostRun.runId);
      log.info(
        { localRunId: run.id, runId: hostRun.runId, projectId: run.projectId },
        'scheduled run registered with the service',
      );
      return { state: 'synced', hostRun };
    } catch (err) {
      if (isOffline(err)) return { state: 'offline' };
      if (isRefused(err) && err.status === 401) return refusedToken(err);
      if (isRefused(err)) return { state: await drop(run, err, 'the scheduled run') };
      throw err;
    }
  }

  function refusedToken(err: SyncError): { state: SyncState } {
    log.error({ code: err.code }, 'the service refused the device token: pair this computer again');
    return { state: 'refused' };
  }

  /**
   * Uploads one batch. A batch the service refuses as a whole (400: an answer breaks a rule) is sent again one
   * answer at a time, so only the answers it will never take are set aside.
   */
  async function upload(run: LocalRun, runId: string, batch: OutboxAnswer[]): Promise<'ok' | SyncState> {
    const slots = batch.map((a) => a.slot);
    try {
      const stored = await client.uploadAnswers(
        runId,
        batch.map((a) => toUpload(runId, a)),
      );
      await store.markUploaded(run.id, slots, deps.clock.now().toISOString());
      log.debug({ runId, ...stored }, 'answers uploaded');
      return 'ok';
    } catch (err) {
      if (isOffline(err)) return 'offline';
      if (isRefused(err) && err.status === 401) return refusedToken(err).state;
      if (isRefused(err) && RUN_GONE.has(err.code)) return drop(run, err, 'answers of the run');
      if (!isRefused(err)) throw err;
      if (batch.length > 1) {
        for (const answer of batch) {
          const one = await upload(run, runId, [answer]);
          if (one !== 'ok') return one;
        }
        return 'ok';
      }
      await store.markRejected(run.id, slots);
      log.warn(
        { runId, slot: slots[0], code: err.code, detail: err.message },
        'answer refused by the service',
      );
      return 'ok';
    }
  }

  async function syncRun(localRunId: string): Promise<SyncState> {
    let run = await store.run(localRunId);
    if (!run) return 'synced';
    if (run.status === 'dropped') {
      markDropped(run.id);
      return 'dropped';
    }
    if (run.status === 'done') return 'synced';
    if (!run.runId) {
      const registered = await registerNow(run);
      if (registered.state !== 'synced') return registered.state;
      run = (await store.run(localRunId))!;
    }
    const runId = run.runId!;
    for (;;) {
      const batch = await store.pendingAnswers(run.id, batchSize);
      if (batch.length === 0) break;
      const sent = await upload(run, runId, batch);
      if (sent !== 'ok') return sent;
    }
    if (run.status !== 'finished') return 'pending';
    try {
      const outcome = run.outcome ?? 'failed';
      const failed = outcome === 'failed';
      await client.finish(runId, {
        status: outcome,
        error: failed ? run.error : null,
        code: failed ? run.errorCode : null,
        // Only when there are some: a service older than this field would refuse the whole report.
        ...(run.failures.length > 0 && { failures: run.failures }),
      });
      await store.markRunDone(run.id);
      log.info({ runId, projectId: run.projectId, outcome }, 'run end reported');
      return 'synced';
    } catch (err) {
      if (isOffline(err)) return 'offline';
      if (isRefused(err) && err.status === 401) return refusedToken(err).state;
      if (isRefused(err)) return drop(run, err, 'the end of the run');
      throw err;
    }
  }

  const sync = (localRunId: string) => serial(localRunId, () => syncRun(localRunId));

  return {
    sync,
    kick(localRunId) {
      // One background sync waiting per run is enough: it takes every answer pending when it starts.
      if (kicked.has(localRunId) || deps.clock.now().getTime() < offlineUntil) return;
      kicked.add(localRunId);
      const task = serial(localRunId, async () => {
        kicked.delete(localRunId);
        const state = await syncRun(localRunId);
        if (state === 'offline') offlineUntil = deps.clock.now().getTime() + backoffMs;
        return state;
      }).catch((err: unknown) => log.warn({ localRunId, ...errorFields(err) }, 'background upload failed'));
      background.add(task);
      void task.finally(() => background.delete(task));
    },
    register: (localRunId) =>
      serial(localRunId, async () => {
        const run = await store.run(localRunId);
        if (!run) return null;
        return (await registerNow(run)).hostRun ?? null;
      }),
    async drain() {
      let result: SyncState = 'synced';
      for (const run of await store.outboxRuns()) {
        const state = await sync(run.id);
        if (state === 'offline' || state === 'refused') return state;
        if (state === 'pending') result = 'pending';
      }
      return result;
    },
    isDropped: (localRunId) => dropped.has(localRunId),
    watch(localRunId, onDropped) {
      const set = watchers.get(localRunId) ?? new Set();
      watchers.set(localRunId, set);
      set.add(onDropped);
      return () => {
        set.delete(onDropped);
        if (set.size === 0) watchers.delete(localRunId);
      };
    },
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}
