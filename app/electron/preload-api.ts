/**
 * What the desktop app's preload script gives the web UI, as `window.answerwatch`. The object is absent when the
 * UI runs in an ordinary browser, so the UI reads it as optional:
 *
 *   const desktop = (globalThis as { answerwatch?: AnswerwatchBridge }).answerwatch;
 *   desktop?.onRunNow(() => startRunsNow());
 */
export interface AnswerwatchBridge {
  /** The tray's "Run now" was chosen. Returns a function that stops listening. */
  onRunNow(callback: () => void): () => void;
  /** The desktop app's version. */
  readonly version: string;
}

/** The one message the main process sends to the UI; both sides type their copy of the name with this. */
export type RunNowChannel = 'answerwatch:run-now';

/** The switch that carries the app version to the preload script (a sandboxed preload cannot read package.json). */
export type VersionSwitch = '--answerwatch-version=';
