/**
 * The host agent: checks in every 30 s (version, the engines it can ask, bring-your-own-key settings), keeps the
 * projects it gets for offline use, claims the host-mode requests it is given and runs them, runs its projects'
 * schedules, and drains the outbox whenever the service answers. At most one run per project at a time. Offline it
 * keeps going from the cached projects; on start it resumes the runs a stop or crash interrupted.
 */
import { setMaxListeners } from 'node:events';
import { systemClock, type Clock } from '../../server/domain/clock.ts';
import { randomAlnum } from '../../server/domain/ids.ts';
import type { Scheduler } from '../../server/jobs/scheduler.ts';
import type { EngineFactory } from './engine-factory.ts';
import type { LocalStore } from './local-store.ts';
import type { LocalRun } from './local-store/runs.ts';
import { errorFields, type AgentLog } from './log.ts';
import { createUploader, type Uploader } from './outbox.ts';
import { runLocalRun } from './runner.ts';
import { createHostSchedule, effectiveTracking, promptsToAsk } from './schedule.ts';
import { createSiteCrawler, type SiteCrawler, type SiteCrawlerOptions } from './site-crawler.ts';
import { isOffline, isRefused, type CheckedInData, type SyncClient } from './sync-client.ts';
import { PACKAGE_VERSION } from '../../server/package-root.ts';

export interface AgentOptions {
  store: LocalStore;
  client: SyncClient;
  engines: EngineFactory;
  clock?: Clock;
  log: AgentLog;
  /** Between check-ins; default 30 s (ANSWERWATCH_AGENT_CHECKIN_MS in the CLI). */
  checkInMs?: number;
  version?: string;
  /** Run the projects' schedules; default true. */
  schedule?: boolean;
  /** How often the schedule reloads from the store; default 60 s. */
  scheduleReloadMs?: number;
  perEngineConcurrency?: number;
  uploadBatch?: number;
  /** Runs the service has in full are kept this long in the local cache, then forgotten; default 30. */
  keepDays?: number;
  /** Crawl the projects' sites (weekly, and when the service asks); off when not given. */
  siteCrawls?: Omit<SiteCrawlerOptions, 'store' | 'client' | 'clock' | 'log'>;
}

export type ConnectionState = 'online' | 'offline' | 'refused';

export interface CheckInResult {
  status: ConnectionState;
  /** Run requests claimed by this check-in. */
  claimed: string[];
}

export type ScheduledFire =
  | { status: 'started'; localRunId: string; clientRunId: string; runId: string | null }
  | { status: 'skipped'; reason: string };

export interface Agent {
  start(): Promise<void>;
  /** Stops checking in and scheduling, interrupts running runs (they resume on the next start). */
  stop(): Promise<void>;
  checkIn(): Promise<CheckInResult>;
  /** Resolves when no check-in, run or upload is in progress. */
  idle(): Promise<void>;
  /** What the schedule calls when a project is due: a new run, unless one of the project is running. */
  runScheduled(projectId: string, scheduledFor?: Date): Promise<ScheduledFire>;
  /** Projects with a run in progress. */
  activeProjects(): string[];
}

/** Times in a row a run may break off (a fault outside its engines) before it is ended with what it has. */
const MAX_BREAK_OFFS = 3;

interface Slot {
  controller: AbortController;
  localRunId: string | null;
}

export function createAgent(o: AgentOptions): Agent {
  const clock = o.clock ?? systemClock;
  const { store, client, log } = o;
  const checkInMs = o.checkInMs ?? 30_000;
  const version = o.version ?? PACKAGE_VERSION;
  const uploader: Uploader = createUploader({ store, client, clock, log, batchSize: o.uploadBatch });
  const runnerDeps = {
    store,
    uploader,
    engines: o.engines,
    clock,
    log,
    perEngineConcurrency: o.perEngineConcurrency,
  };
  /** One entry per project with a run in progress (or being set up). */
  const active = new Map<string, Slot>();
  const tasks = new Set<Promise<unknown>>();
  /** Requests the service would not give us (run elsewhere, ended): not asked for again by this process. */
  const refusedClaims = new Set<string>();
  /** Runs that broke off, and how often in a row. */
  const brokeOff = new Map<string, number>();
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking: Promise<CheckInResult> | null = null;
  let connection: ConnectionState | null = null;
  let scheduler: Scheduler | null = null;
  const crawler: SiteCrawler | null = o.siteCrawls
    ? createSiteCrawler({ ...o.siteCrawls, store, client, clock, log })
    : null;

  const track = <T>(p: Promise<T>): Promise<T> => {
    tasks.add(p);
    void p.then(
      () => tasks.delete(p),
      () => tasks.delete(p),
    );
    return p;
  };

  function reserve(projectId: string): Slot | null {
    if (active.has(projectId)) return null;
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    const slot = { controller, localRunId: null };
    active.set(projectId, slot);
    return slot;
  }

  const release = (projectId: string, slot: Slot) => {
    if (active.get(projectId) === slot) active.delete(projectId);
  };

  function launch(run: LocalRun, slot: Slot): void {
    slot.localRunId = run.id;
    const task = runLocalRun(runnerDeps, run, slot.controller.signal)
      .then(() => brokeOff.delete(run.id))
      .catch((err: unknown) => giveUpOn(run, err))
      .finally(() => release(run.projectId, slot));
    track(task);
  }

  /**
   * A run that broke off (not an engine failure: those are counted) is resumed at the next check-in; after
   * MAX_BREAK_OFFS in a row it is ended with what it has, so a persistent fault does not loop forever.
   */
  async function giveUpOn(run: LocalRun, err: unknown): Promise<void> {
    const count = (brokeOff.get(run.id) ?? 0) + 1;
    brokeOff.set(run.id, count);
    log.error(
      { localRunId: run.id, projectId: run.projectId, attempt: count, ...errorFields(err) },
      'run broke off',
    );
    if (count < MAX_BREAK_OFFS) return;
    brokeOff.delete(run.id);
    try {
      const stored = await store.answerCount(run.id);
      const reason = `The host agent could not run it: ${errorFields(err).error}`.slice(0, 1000);
      await store.finishRun(
        run.id,
        stored > 0 ? 'completed' : 'failed',
        stored > 0 ? null : { message: reason, code: null },
        clock.now().toISOString(),
      );
      await uploader.sync(run.id);
    } catch (again) {
      log.error({ localRunId: run.id, ...errorFields(again) }, 'run could not be ended');
    }
  }

  /** Runs left unfinished (stopped or crashed) start again, one per project. */
  async function resumeUnfinished(): Promise<void> {
    for (const run of await store.unfinishedRuns()) {
      if (!running) return;
      const slot = reserve(run.projectId);
      if (slot) launch(run, slot);
    }
  }

  function noteConnection(state: ConnectionState, fields: object = {}): void {
    if (state === connection) return;
    connection = state;
    if (state === 'online') log.info({ server: client.serverUrl }, 'service reachable');
    else if (state === 'offline')
      log.warn(
        { server: client.serverUrl, ...fields },
        'service unreachable; running from the cached projects',
      );
    else log.error({ server: client.serverUrl, ...fields }, 'service refused this computer; pair it again');
  }

  async function claimRequests(requests: CheckedInData['requests']): Promise<string[]> {
    const claimed: string[] = [];
    const ordered = [...requests].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const r of ordered) {
      if (!running) break;
      const known = await store.runByRequest(r.id);
      if (known) {
        // Ours already: resume it if it was interrupted; a finished one only waits for its upload.
        if (known.status === 'running') {
          const slot = reserve(known.projectId);
          if (slot) launch(known, slot);
        }
        continue;
      }
      if (refusedClaims.has(r.id)) continue;
      const slot = reserve(r.projectId);
      if (!slot) continue;
      try {
        const hostRun = await client.claim(r.id);
        const run =
          (await store.runByRunId(hostRun.runId)) ??
          (await store.createRun({
            id: `rq${randomAlnum(22)}`,
            clientRunId: null,
            runId: hostRun.runId,
            requestId: r.id,
            projectId: hostRun.projectId,
            trigger: 'request',
            samplesPerPrompt: hostRun.samplesPerPrompt,
            prompts: hostRun.prompts,
            scheduledFor: null,
            startedAt: clock.now().toISOString(),
          }));
        if (run.status !== 'running' || !running) {
          release(r.projectId, slot);
          continue;
        }
        log.info({ requestId: r.id, runId: hostRun.runId, projectId: r.projectId }, 'run request claimed');
        claimed.push(r.id);
        launch(run, slot);
      } catch (err) {
        release(r.projectId, slot);
        if (isOffline(err)) break;
        if (isRefused(err)) {
          refusedClaims.add(r.id);
          log.info({ requestId: r.id, code: err.code, detail: err.message }, 'run request not ours to run');
          continue;
        }
        throw err;
      }
    }
    return claimed;
  }

  async function doCheckIn(): Promise<CheckInResult> {
    const settings = (await store.allTracking()).slice(0, 100);
    const engineIds = (await o.engines.engineIds()).slice(0, 40);
    const siteSchedule = await crawler?.schedule((await store.cachedProjects()).map((p) => p.id));
    let reply: CheckedInData;
    try {
      reply = await client.checkIn({
        agentVersion: version,
        engineIds,
        settings,
        ...(siteSchedule && { siteSchedule }),
      });
    } catch (err) {
      if (!isOffline(err) && !isRefused(err)) throw err;
      noteConnection(err.kind === 'offline' ? 'offline' : 'refused', { code: err.code });
      await resumeUnfinished();
      await crawler?.resume();
      return { status: err.kind === 'offline' ? 'offline' : 'refused', claimed: [] };
    }
    noteConnection('online');
    if (await store.replaceProjects(reply.projects, clock.now().toISOString())) {
      log.info({ projects: reply.projects.length }, 'projects updated');
      await scheduler?.refresh();
      await crawler?.schedule(reply.projects.map((p) => p.id));
      await crawler?.refreshSchedule();
    }
    await resumeUnfinished();
    const claimed = await claimRequests(reply.requests);
    await crawler?.afterCheckIn(reply.siteCrawls ?? []);
    const drained = await uploader.drain();
    if (drained === 'offline') noteConnection('offline');
    return { status: 'online', claimed };
  }

  function checkIn(): Promise<CheckInResult> {
    if (checking) return checking;
    const current = track(doCheckIn()).finally(() => {
      if (checking === current) checking = null;
    });
    checking = current;
    return current;
  }

  function arm(): void {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(() => {
      void checkIn()
        .catch((err: unknown) => log.error(errorFields(err), 'check-in failed'))
        .finally(arm);
    }, checkInMs);
  }

  async function runScheduled(projectId: string, scheduledFor: Date = clock.now()): Promise<ScheduledFire> {
    const skip = (reason: string): ScheduledFire => {
      log.info({ projectId, scheduledFor: scheduledFor.toISOString(), reason }, 'scheduled run skipped');
      return { status: 'skipped', reason };
    };
    if (!running) return skip('the agent is stopped');
    const slot = reserve(projectId);
    if (!slot) return skip('a run of this project is in progress');
    try {
      const project = await store.cachedProject(projectId);
      const local = await store.tracking(projectId);
      const prompts = project ? promptsToAsk(project, project.prompts, local) : [];
      if (!project || prompts.length === 0) {
        release(projectId, slot);
        return skip(
          project ? 'no prompt has an engine this host asks' : 'the project is not one of this host',
        );
      }
      const tracking = effectiveTracking(project, local);
      const id = `hs${randomAlnum(22)}`;
      await store.createRun({
        id,
        clientRunId: id,
        runId: null,
        requestId: null,
        projectId,
        trigger: 'schedule',
        samplesPerPrompt: tracking.samplesPerPrompt,
        prompts,
        scheduledFor: scheduledFor.toISOString(),
        startedAt: clock.now().toISOString(),
      });
      // Registered first when the service answers, so the run asks its current prompts; offline it asks the
      // cached ones and is registered (same clientRunId) when the service is back.
      const hostRun = await uploader.register(id);
      if (hostRun) {
        const fresh = promptsToAsk(project, hostRun.prompts, local);
        if (fresh.length > 0)
          await store.setRunId(id, hostRun.runId, {
            prompts: fresh,
            samplesPerPrompt: hostRun.samplesPerPrompt,
          });
      }
      const run = await store.run(id);
      if (!run || run.status !== 'running') {
        release(projectId, slot);
        return { status: 'skipped', reason: 'the service refused the run' };
      }
      launch(run, slot);
      return { status: 'started', localRunId: id, clientRunId: id, runId: run.runId };
    } catch (err) {
      release(projectId, slot);
      throw err;
    }
  }

  async function idle(): Promise<void> {
    while (tasks.size > 0) await Promise.allSettled([...tasks]);
    await uploader.idle();
    await crawler?.idle();
  }

  return {
    async start() {
      if (running) return;
      running = true;
      log.info({ server: client.serverUrl, version }, 'agent started');
      const keepMs = (o.keepDays ?? 30) * 86_400_000;
      const pruned = await store.pruneRuns(new Date(clock.now().getTime() - keepMs).toISOString());
      if (pruned > 0) log.info({ runs: pruned }, 'old runs forgotten');
      await resumeUnfinished();
      if (o.schedule !== false) {
        scheduler = createHostSchedule({
          store,
          log,
          fire: (projectId, scheduledFor) => runScheduled(projectId, scheduledFor),
          reloadEveryMs: o.scheduleReloadMs,
        });
        await scheduler.start();
      }
      await crawler?.start(o.schedule === false ? null : (o.scheduleReloadMs ?? 60_000));
      void checkIn()
        .catch((err: unknown) => log.error(errorFields(err), 'check-in failed'))
        .finally(arm);
    },
    async stop() {
      if (!running) return;
      running = false;
      clearTimeout(timer);
      timer = undefined;
      scheduler?.stop();
      scheduler = null;
      await crawler?.stop();
      for (const slot of active.values()) slot.controller.abort(new Error('the agent is stopping'));
      await idle();
      log.info({}, 'agent stopped');
    },
    checkIn,
    idle,
    runScheduled,
    activeProjects: () => [...active.keys()],
  };
}
