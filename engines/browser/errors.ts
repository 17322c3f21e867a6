/** The errors of the local-fetch engines, and what a failure from Playwright or the browser means. */
import { EngineError, type EngineErrorKind } from '../types.ts';

/** An EngineError from a browser engine, with the screenshot taken when it failed. */
export class BrowserEngineError extends EngineError {
  readonly screenshotPath: string | null;
  constructor(
    engineId: string,
    kind: EngineErrorKind,
    code: string,
    message: string,
    options: { cause?: unknown; screenshotPath?: string | null } = {},
  ) {
    super(engineId, kind, code, message, { cause: options.cause });
    this.name = 'BrowserEngineError';
    this.screenshotPath = options.screenshotPath ?? null;
  }
}

export function canceledError(engineId: string, signal?: AbortSignal): EngineError {
  return signal?.reason instanceof EngineError
    ? signal.reason
    : new EngineError(engineId, 'fatal', 'canceled', `${engineId}: canceled`);
}

/** Playwright's messages go on with a call log: the first line says what failed. */
export function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
}

/** What a failure that is not already an EngineError means. */
export function classify(engineId: string, label: string, err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const message = firstLine(err);
  if (
    /Target (page, context or browser )?(has been )?closed|Browser has been closed|browser has disconnected/i.test(
      message,
    )
  )
    return new BrowserEngineError(
      engineId,
      'retryable',
      'browser_closed',
      `${label}: the browser tab closed during the ask`,
      { cause: err },
    );
  if (err instanceof Error && err.name === 'TimeoutError')
    return new BrowserEngineError(engineId, 'retryable', 'timeout', `${label}: ${message}`, { cause: err });
  return new BrowserEngineError(engineId, 'retryable', 'browser_error', `${label}: ${message}`, {
    cause: err,
  });
}
