/**
 * In-flight limits per engine. Vendors rate-limit per key, and every part of the process (runs, the judge,
 * a manual re-ask) spends the same key, so they share one FIFO queue per engine.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

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
      const take = () => {
        signal?.removeEventListener('abort', onAbort);
        this.active++;
        resolve(this.releaser());
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(take);
        if (at !== -1) this.waiting.splice(at, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(take);
      this.grant();
    });
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
    while (this.active < this.limit && this.waiting.length > 0) this.waiting.shift()!();
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
