import type { Caller } from '../http/caller.ts';
import type { Store } from '../store/index.ts';
import type { Clock } from './clock.ts';
import type { CursorCodec } from './cursor.ts';

/** What every domain operation may use; built once by buildApp. */
export interface Services {
  store: Store;
  clock: Clock;
  cursors: CursorCodec;
}

export type { Caller };
