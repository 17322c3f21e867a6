import type { Caller } from '../http/caller.ts';
import type { Store } from '../store/index.ts';
import type { Clock } from './clock.ts';
import type { CursorCodec } from './cursor.ts';

/**
 * What the domain tells the background jobs, so they act at once instead of at their next poll: the run
 * executor picks up a new request, the scheduler reloads a project's schedule.
 */
export interface Signals {
  runRequested(): void;
  trackingChanged(): void;
}

export const NO_SIGNALS: Signals = { runRequested: () => {}, trackingChanged: () => {} };

/** What every domain operation may use; built once by buildApp. */
export interface Services {
  store: Store;
  clock: Clock;
  cursors: CursorCodec;
  signals: Signals;
  /** Public base address ending in /v1, for links such as Location. */
  baseUrl: string;
}

export type { Caller };
