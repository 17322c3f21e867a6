/**
 * What every engine call goes through: the engine's shared concurrency limit, a timeout per attempt,
 * retries of retryable errors (the vendor's retry-after when it gives one, else exponential backoff with
 * jitter), and cancelation. A retry waits outside the concurrency limit, so one slow prompt does not hold
 * a slot other prompts could use.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { EngineError, type AnswerEngine, type AskOptions, type TextModel } from '../types.ts';
import { canceled } from './errors.ts';
import type { Semaphore } from './semaphore.ts';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Tuning with defaults; tests inject `sleep` and `random` to run fast and see the waits. */
export interface ResilienceTuning {
  /** First backoff step; doubles each attempt. Default 1000. */
  backoffBaseMs?: number;
  /** Longest backoff step. Default 30000. */
  backoffMaxMs?: number;
  /** Longest retry-after honoured; a longer one is waited this long. Default 60000. */
  maxRetryAfterMs?: number;
  sleep?: Sleep;
  /** In [0, 1). Default Math.random. */
  random?: () => number;
}

export interface ResilienceOptions extends ResilienceTuning {
  timeoutMs: number;
  /** Attempts per call, the first included. */
  attempts: number;
  limiter: Semaphore;
}

const defaultSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, { signal });
};

/** How long to wait before attempt `attempt + 1`. */
export function retryDelayMs(error: EngineError, attempt: number, options: ResilienceTuning): number {
  if (error.retryAfterMs !== null) return Math.min(error.retryAfterMs, options.maxRetryAfterMs ?? 60_000);
  const step = Math.min(options.backoffMaxMs ?? 30_000, (options.backoffBaseMs ?? 1000) * 2 ** (attempt - 1));
  // Equal jitter: callers that failed together do not all come back together.
  return step / 2 + ((options.random ?? Math.random)() * step) / 2;
}

/** Settles with `work`, or with the abort reason as soon as `signal` aborts (without waiting for `work`). */
async function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => {});
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

async function attemptOnce<T>(
  engineId: string,
  timeoutMs: number,
  outer: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const attempt = new AbortController();
  // Made only when the attempt times out: an error's stack costs more than the rest of a fast attempt's bookkeeping.
  const timer = setTimeout(
    () =>
      attempt.abort(
        new EngineError(engineId, 'retryable', 'timeout', `${engineId}: no answer within ${timeoutMs} ms`),
      ),
    timeoutMs,
  );
  const onOuter = () => attempt.abort(canceled(engineId));
  if (outer?.aborted) onOuter();
  outer?.addEventListener('abort', onOuter, { once: true });
  try {
    return await untilAborted(
      Promise.resolve().then(() => work(attempt.signal)),
      attempt.signal,
    );
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuter);
  }
}

function asEngineError(engineId: string, err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new EngineError(engineId, 'fatal', 'internal', `${engineId}: ${message}`, { cause: err });
}

/** Runs `work` under the engine's limit with timeouts and retries; throws the last EngineError. */
export async function runResilient<T>(
  engineId: string,
  options: ResilienceOptions,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal, answered: () => void) => Promise<T>,
): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw canceled(engineId);
    let release: () => void;
    try {
      release = await options.limiter.acquire(signal);
    } catch {
      throw canceled(engineId);
    }
    let error: EngineError;
    try {
      // The attempt frees its slot as soon as the engine has answered (`answered`, idempotent), or when it ends.
      return await attemptOnce(engineId, options.timeoutMs, signal, (s) => work(s, release));
    } catch (err) {
      error = asEngineError(engineId, err);
    } finally {
      release();
    }
    if (error.kind === 'fatal' || attempt >= options.attempts) throw error;
    const wait = sleep(retryDelayMs(error, attempt, options), signal);
    try {
      await (signal ? untilAborted(wait, signal) : wait);
    } catch (err) {
      throw signal?.aborted ? canceled(engineId) : asEngineError(engineId, err);
    }
  }
}

export function resilientEngine(engine: AnswerEngine, options: ResilienceOptions): AnswerEngine {
  return {
    id: engine.id,
    ask: (prompt: string, ask: AskOptions = {}) =>
      runResilient(engine.id, options, ask.signal, (signal, answered) =>
        engine.ask(prompt, { ...ask, signal, answered }),
      ),
  };
}

export function resilientTextModel(model: TextModel, options: ResilienceOptions): TextModel {
  return {
    id: model.id,
    complete: (system: string, user: string, ask: AskOptions = {}) =>
      runResilient(model.id, options, ask.signal, (signal) => model.complete(system, user, { signal })),
  };
}
