/** The one interface every engine adapter implements, cloud (HTTP APIs) or browser (local-fetch). */

export interface EngineSource {
  url: string;
  /** As the engine gave it; untrusted text. */
  title: string | null;
}

/** One answer as the engine gave it, before scoring. */
export interface EngineAnswer {
  text: string;
  sources: EngineSource[];
  /** The model that answered, when the engine says. */
  model: string | null;
  /** The web searches the engine ran to write it, in order (engine text); empty when it shows none. */
  searchQueries: string[];
}

export interface AskOptions {
  /** Aborts the request: the run was canceled or the service is stopping. */
  signal?: AbortSignal;
  /**
   * One per run, shared by its answers: where each source redirect link points (Gemini's), so a link named by
   * many answers of the run is asked once.
   */
  resolvedLinks?: Map<string, Promise<string | null>>;
  /**
   * Called by the adapter once the engine itself has answered. What it does after that (reading Gemini's redirect
   * links, which are Google's redirect service, not the engine's API) no longer holds the engine's concurrency slot.
   */
  answered?: () => void;
}

export interface AnswerEngine {
  readonly id: string;
  /** Asks one prompt once. Throws EngineError on any failure. */
  ask(prompt: string, options?: AskOptions): Promise<EngineAnswer>;
}

/** A plain text model (no web search), used by the LLM judge. */
export interface TextModel {
  readonly id: string;
  /** `system` holds the instructions; `user` holds the data, which the model must not obey. */
  complete(system: string, user: string, options?: AskOptions): Promise<string>;
}

/**
 * retryable: worth asking again (408, 409, 429, 5xx, timeouts, connection errors);
 * fatal: asking again cannot help (bad key, no quota, a malformed request).
 */
export type EngineErrorKind = 'retryable' | 'fatal';

export class EngineError extends Error {
  readonly engineId: string;
  readonly kind: EngineErrorKind;
  /** HTTP status, when there was an answer. */
  readonly status: number | null;
  /** A stable short code, for example `rate_limited`, `timeout`, `auth`, `insufficient_quota`, `search_failed`. */
  readonly code: string;
  /** What the engine asked us to wait before the next attempt (retry-after-ms or retry-after). */
  readonly retryAfterMs: number | null;

  constructor(
    engineId: string,
    kind: EngineErrorKind,
    code: string,
    message: string,
    options: { status?: number | null; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'EngineError';
    this.engineId = engineId;
    this.kind = kind;
    this.code = code;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}
