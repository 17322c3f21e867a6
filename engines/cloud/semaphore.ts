/**
 * In-flight limits per engine. Vendors rate-limit per key, and every part of the process (runs, the judge,
 * a manual re-ask) spends the same key, so they share one FIFO queue per engine.
 */
interface Waiter {
  take(): void;
  reject(reason: unknown): void;
}

export class Semaphore {
  private active = 0;
  private waiting: Waiter[] = [];
  /**
   * The waiters of each signal, behind one abort listener for the signal: a run queues thousands of asks on its one
   * signal, and with a listener each, every grant's removal walked the signal's list of listeners (and so did
   * every addition, looking for a duplicate): 4 % of the CPU of a run at 0 ms.
   */
  private readonly bySignal = new Map<AbortSignal, { waiters: Set<Waiter>; onAbort: () => void }>();

  constructor(private limit: number) {}

  /** Takes effect for the next grants; asks already in flight finish. */
  setLimit(limit: number): void {
    this.limit = limit;
    this.grant();
  }

  /**
   * Resolves with a release function once a slot is free, in arrival order. Aborting a waiting acquire
   * leaves the queue and rejects with the signal's reason.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const waiter: Waiter = {
        take: () => {
          if (signal) this.unwatch(signal, waiter);
          this.active++;
          resolve(this.releaser());
        },
        reject,
      };
      if (signal) this.watch(signal, waiter);
      this.waiting.push(waiter);
      this.grant();
    });
  }

  private watch(signal: AbortSignal, waiter: Waiter): void {
    let watched = this.bySignal.get(signal);
    if (!watched) {
      const waiters = new Set<Waiter>();
      const onAbort = () => {
        this.bySignal.delete(signal);
        this.waiting = this.waiting.filter((w) => !waiters.has(w));
        for (const w of waiters) w.reject(signal.reason);
      };
      watched = { waiters, onAbort };
      this.bySignal.set(signal, watched);
      signal.addEventListener('abort', onAbort, { once: true });
    }
    watched.waiters.add(waiter);
  }

  /** Once a signal has no waiter left, its listener goes: a long-lived signal does not keep one per semaphore. */
  private unwatch(signal: AbortSignal, waiter: Waiter): void {
    const watched = this.bySignal.get(signal);
    if (!watched) return;
    watched.waiters.delete(waiter);
    if (watched.waiters.size > 0) return;
    this.bySignal.delete(signal);
    signal.removeEventListener('abort', watched.onAbort);
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.grant();
    };
  }

  private grant(): void {
    while (this.active < this.limit && this.waiting.length > 0) this.waiting.shift()!.take();
  }
}

/** One semaphore per engine id. */
export class LimiterRegistry {
  private readonly byEngine = new Map<string, Semaphore>();

  /** The engine's semaphore, created on first use; a different limit replaces the old one for new grants. */
  get(engineId: string, limit: number): Semaphore {
    let semaphore = this.byEngine.get(engineId);
    if (!semaphore) {
      semaphore = new Semaphore(limit);
      this.byEngine.set(engineId, semaphore);
    } else {
      semaphore.setLimit(limit);
    }
    return semaphore;
  }
}

/** The process-wide registry that createCloudEngines and createTextModel use unless told otherwise. */
export const processLimiters = new LimiterRegistry();
