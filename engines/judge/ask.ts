import { EngineError, type TextModel } from '../types.ts';

/** Why a call gave no reply to read. */
export type NoReplyReason = 'model-error' | 'timeout' | 'invalid-reply';

export type Asked = { ok: true; reply: string } | { ok: false; reason: NoReplyReason; detail: string };

/**
 * One call to the judge's model, given up after `timeoutMs` or when the caller's signal aborts. A model's failure or
 * silence is an answer (`ok: false`, for the logs); the caller's abort, and an error that is not the model's (a bug),
 * are thrown so they show.
 */
export async function askModel(
  model: TextModel,
  system: string,
  user: string,
  timeoutMs: number,
  callerSignal?: AbortSignal,
): Promise<Asked> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  let reply: unknown;
  try {
    reply = await model.complete(system, user, { signal });
  } catch (err) {
    if (callerSignal?.aborted) throw err;
    if (timeout.aborted) return { ok: false, reason: 'timeout', detail: `no reply within ${timeoutMs} ms` };
    if (err instanceof EngineError)
      return { ok: false, reason: 'model-error', detail: `${err.code}: ${err.message}` };
    throw err;
  }
  if (typeof reply !== 'string') return { ok: false, reason: 'invalid-reply', detail: 'reply is not text' };
  return { ok: true, reply };
}
