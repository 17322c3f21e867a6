import { hostname } from 'node:os';
import { randomAlnum } from '../domain/ids.ts';

/**
 * Who holds a lease: the machine and process (so an operator sees which instance of the service works a run or
 * sends a delivery) and a random part, unique per job even for several jobs in one process.
 */
export const workerId = (job: string): string => `${job}@${hostname()}:${process.pid}:${randomAlnum(8)}`;

/**
 * The shape every background job shares: it looks for work when kicked and every `pollMs`, never runs two looks at
 * once (a kick during a look makes one more look after it), and keeps the jobs it started so that `idle` and
 * `stop` can wait for them.
 */
export interface WorkLoop {
  start(): void;
  kick(): void;
  /**
   * Keeps a started job until it ends, then looks again, since its end may have made room for more: unless
   * `lookAfter`, asked as it ends, says nothing is waiting for that room.
   */
  track(job: Promise<unknown>, lookAfter?: () => boolean): void;
  /** Jobs started and not yet ended. */
  readonly active: number;
  readonly stopped: boolean;
  /** Resolves once no look runs and no job is left (tests and shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createWorkLoop(
  look: () => Promise<void>,
  o: { pollMs: number; onError(err: unknown): void },
): WorkLoop {
  const jobs = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let looking: Promise<void> | null = null;
  let again = false;

  const loop: WorkLoop = {
    get active() {
      return jobs.size;
    },
    get stopped() {
      return stopped;
    },
    start() {
      stopped = false;
      timer = setInterval(() => loop.kick(), o.pollMs);
      timer.unref();
      loop.kick();
    },
    kick() {
      if (stopped) return;
      if (looking) {
        again = true;
        return;
      }
      looking = look()
        .catch((err: unknown) => o.onError(err))
        .finally(() => {
          looking = null;
          if (again) {
            again = false;
            loop.kick();
          }
        });
    },
    track(job, lookAfter) {
      const kept: Promise<unknown> = job
        .catch((err: unknown) => o.onError(err))
        .finally(() => {
          jobs.delete(kept);
          if (!lookAfter || lookAfter()) loop.kick();
        });
      jobs.add(kept);
    },
    async idle() {
      while (looking || jobs.size > 0) await Promise.all([looking, ...jobs]);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([looking, ...jobs]);
    },
  };
  return loop;
}
