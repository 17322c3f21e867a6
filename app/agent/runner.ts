/**
 * Runs one host run: every prompt x its engines x samplesPerPrompt, one slot each
 * (`<runId>:<promptId>:<engineId>:<sample>` once uploaded). Each answer goes to the outbox the moment it arrives
 * and is uploaded in the background; a slot that fails is logged and the run goes on. The run ends completed when
 * at least one answer was stored, failed (with the reasons) when none was; either way its failed answers, counted
 * per engine and cause, go with its end to the service, which names the engines that failed every answer. Slots
 * already in the outbox are not asked again, so a run interrupted by a restart resumes where it stopped.
 */
import { EngineError, type AnswerEngine } from '../../engines/types.ts';
import { ErrorCode } from '../../server/contract/host-sync.ts';
import type { Clock } from '../../server/domain/clock.ts';
import { unavailable, type EngineFactory, type EngineLease } from './engine-factory.ts';
import type { LocalStore } from './local-store.ts';
import type { HostPromptData } from './local-store/projects.ts';
import type { LocalRun, RunError, RunFailure, RunOutcome } from './local-store/runs.ts';
import { errorFields, type AgentLog } from './log.ts';
import type { SyncState, Uploader } from './outbox.ts';

export interface Slot {
  prompt: HostPromptData;
  engineId: string;
  sample: number;
  /** `<promptId>:<engineId>:<sample>`; the upload key puts the run id in front. */
  slot: string;
}

/** Samples outermost, like the service's runs, so an early stop still covers every prompt once. */
export function slotsOf(prompts: readonly HostPromptData[], samplesPerPrompt: number): Slot[] {
  const slots: Slot[] = [];
  for (let sample = 1; sample <= samplesPerPrompt; sample += 1) {
    for (const prompt of prompts) {
      for (const engineId of prompt.engineIds) {
        slots.push({ prompt, engineId, sample, slot: `${prompt.promptId}:${engineId}:${sample}` });
      }
    }
  }
  return slots;
}

export type RunResult =
  | { state: 'finished'; outcome: RunOutcome; stored: number; failed: number; sync: SyncState }
  /** Stopped (the agent is stopping): the run stays in the outbox and resumes on the next start. */
  | { state: 'aborted' }
  /** The service ended the run (canceled there): asking stopped. */
  | { state: 'dropped' };

export interface RunnerDeps {
  store: LocalStore;
  uploader: Uploader;
  engines: EngineFactory;
  clock: Clock;
  log: AgentLog;
  /** Slots asked at once per engine. Default 1 (one browser tab per engine; cloud engines have their limits). */
  perEngineConcurrency?: number;
}

interface Failure {
  engineId: string;
  code: string;
  message: string;
}

/** The one cause every failed answer shares (all `login_required`, say), so the service can say what to do. */
function sharedCause(failures: readonly Failure[]): string | null {
  const codes = new Set(failures.map((f) => f.code));
  const [only] = codes;
  return codes.size === 1 && only !== 'error' ? only! : null;
}

function failureReason(failures: readonly Failure[], total: number): string {
  if (total === 0) return 'The run had no prompt with an engine this host asks.';
  const seen = new Map<string, number>();
  for (const f of failures) {
    const key = `${f.engineId}: ${f.code}: ${f.message}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const parts = [...seen].map(([key, n]) => (n > 1 ? `${key} (x${n})` : key));
  return `All ${total} answers failed. ${parts.join('; ')}`.slice(0, 1000);
}

/** At most this many (engine, cause) counts go with a run's end (the host sync contract's limit). */
const MAX_REPORTED = 200;

/** The failures counted per engine and cause, each with its first message: what the run's end reports. */
function countedFailures(failures: readonly Failure[]): RunFailure[] {
  const counted = new Map<string, RunFailure>();
  for (const f of failures) {
    const key = `${f.engineId}\n${f.code}`;
    const seen = counted.get(key);
    if (seen) seen.count += 1;
    else counted.set(key, { engineId: f.engineId, code: f.code, message: f.message, count: 1 });
  }
  return [...counted.values()].sort((a, b) => b.count - a.count).slice(0, MAX_REPORTED);
}

/** The engine's stable code when the service can take it as one, `error` otherwise. */
const codeOf = (err: unknown) =>
  err instanceof EngineError && ErrorCode.safeParse(err.code).success ? err.code : 'error';
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

export async function runLocalRun(deps: RunnerDeps, run: LocalRun, signal: AbortSignal): Promise<RunResult> {
  const { store, uploader, log, clock } = deps;
  const fields = { localRunId: run.id, runId: run.runId, projectId: run.projectId };
  const all = slotsOf(run.prompts, run.samplesPerPrompt);
  const done = await store.storedSlots(run.id);
  const todo = all.filter((s) => !done.has(s.slot));
  log.info(
    { ...fields, slots: all.length, alreadyStored: done.size, toAsk: todo.length },
    done.size > 0 ? 'run resumed' : 'run started',
  );

  const failures: Failure[] = [];
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  const unwatch = uploader.watch(run.id, () => stop.abort(new Error('run ended by the service')));
  if (uploader.isDropped(run.id)) stop.abort(new Error('run ended by the service'));
  const halted = () => stop.signal.aborted;
  // Source redirect links named by several answers of this run are read once (Gemini's grounding links).
  const resolvedLinks = new Map<string, Promise<string | null>>();

  async function askAll(
    engineId: string,
    engine: AnswerEngine | undefined,
    slots: Slot[],
    problem = unavailable(engineId, 'engine_unavailable', `this host cannot ask ${engineId}`),
  ) {
    if (!engine) {
      const failure = { engineId, code: codeOf(problem), message: messageOf(problem) };
      log.warn({ ...fields, engineId, slots: slots.length, error: failure.message }, 'engine not available');
      for (let i = 0; i < slots.length; i += 1) failures.push(failure);
      return;
    }
    let fatal: Failure | null = null;
    let next = 0;
    const worker = async () => {
      while (next < slots.length && !halted()) {
        const slot = slots[next++]!;
        if (fatal) {
          failures.push(fatal);
          continue;
        }
        try {
          const answer = await engine.ask(slot.prompt.text, { signal: stop.signal, resolvedLinks });
          const at = clock.now().toISOString();
          await store.addAnswer(
            run.id,
            {
              slot: slot.slot,
              promptId: slot.prompt.promptId,
              promptText: slot.prompt.text,
              topicId: slot.prompt.topicId,
              engineId,
              observedAt: at,
              text: answer.text,
              sources: answer.sources.map((s) => ({ url: s.url, title: s.title })),
              searchQueries: answer.searchQueries,
            },
            at,
          );
          uploader.kick(run.id);
        } catch (err) {
          // An ask cut short by the stop is not a failure: the slot is asked when the run resumes.
          if (stop.signal.aborted) return;
          const failure = { engineId, code: codeOf(err), message: messageOf(err) };
          failures.push(failure);
          log.warn({ ...fields, slot: slot.slot, engineId, ...errorFields(err) }, 'answer failed');
          if (err instanceof EngineError && err.kind === 'fatal') {
            fatal = failure;
            log.warn(
              { ...fields, engineId, code: failure.code },
              'engine failed for good; its other slots are skipped',
            );
          }
        }
      }
    };
    const width = Math.max(1, deps.perEngineConcurrency ?? 1);
    await Promise.all(Array.from({ length: Math.min(width, slots.length) }, worker));
  }

  try {
    if (todo.length > 0) {
      const byEngine = new Map<string, Slot[]>();
      for (const s of todo) byEngine.set(s.engineId, [...(byEngine.get(s.engineId) ?? []), s]);
      let lease: EngineLease;
      try {
        lease = await deps.engines.acquire([...byEngine.keys()]);
      } catch (err) {
        // No engine could be set up (a bad setting, say): every slot fails with the reason.
        const message = `the engines could not be set up: ${messageOf(err)}`;
        lease = {
          engines: new Map(),
          problems: new Map(
            [...byEngine.keys()].map((id) => [id, unavailable(id, 'engine_unavailable', message)]),
          ),
          release: async () => {},
        };
      }
      try {
        await Promise.all(
          [...byEngine].map(([engineId, slots]) =>
            askAll(engineId, lease.engines.get(engineId), slots, lease.problems.get(engineId)),
          ),
        );
      } finally {
        await lease
          .release()
          .catch((err: unknown) => log.warn({ ...fields, ...errorFields(err) }, 'engine release failed'));
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    unwatch();
  }

  if (signal.aborted) {
    log.info({ ...fields }, 'run interrupted; it resumes on the next start');
    return { state: 'aborted' };
  }
  if (uploader.isDropped(run.id)) {
    log.warn({ ...fields }, 'run ended by the service; asking stopped');
    return { state: 'dropped' };
  }
  const stored = await store.answerCount(run.id);
  const outcome: RunOutcome = stored > 0 ? 'completed' : 'failed';
  const error: RunError | null =
    outcome === 'failed'
      ? { message: failureReason(failures, all.length), code: sharedCause(failures) }
      : null;
  await store.finishRun(run.id, outcome, error, clock.now().toISOString(), countedFailures(failures));
  const sync = await uploader.sync(run.id);
  log.info(
    { ...fields, outcome, stored, failed: failures.length, sync, ...(error && { error: error.message }) },
    'run finished',
  );
  return { state: 'finished', outcome, stored, failed: failures.length, sync };
}
