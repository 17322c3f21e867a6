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
  /** The tray's "Sign in to the cloud…" was chosen: the UI opens its page for it. Returns a function that stops listening. */
  onCloudSignIn(callback: () => void): () => void;
  /** The desktop app's version. */
  readonly version: string;
}

/** The messages the main process sends to the UI; both sides type their copy of the names with these. */
export type RunNowChannel = 'answerwatch:run-now';
export type CloudSignInChannel = 'answerwatch:cloud-sign-in';

/** The switch that carries the app version to the preload script (a sandboxed preload cannot read package.json). */
export type VersionSwitch = '--answerwatch-version=';
