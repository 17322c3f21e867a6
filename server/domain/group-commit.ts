/** Items per group: large enough that a commit's cost is shared widely, small enough that a group writes briefly. */
const MAX_ITEMS = 300;
/** How long the first item of a group waits for others when no write is in progress. */
const MAX_WAIT_MS = 2;

export interface GroupCommitOptions {
  maxItems?: number;
  maxWaitMs?: number;
  /**
   * While items keep arriving (at least one in every `maxWaitMs`), the group keeps taking them for up to this long
   * after its first item; at most `maxWaitMs` by default, so a group waits no longer than that.
   */
  maxBusyWaitMs?: number;
}

export interface GroupCommit<T, R> {
  /** Resolves with the item's result once the transaction that wrote it committed; rejects when it failed. */
  add(item: T): Promise<R>;
  /** Resolves once every item added so far has been written or has failed. */
  drain(): Promise<void>;
}

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

/**
 * Group commit: items that arrive while a group is written wait and are written together by the next one, in one
 * transaction, so a commit's fixed cost (and the summary rows every item touches) is paid once per group rather
 * than once per item. One write runs at a time; a group holds at most `maxItems`, and when nothing is being
 * written it starts `maxWaitMs` after its first item arrived (or at once when full), so a lone item is barely
 * delayed; with `maxBusyWaitMs`, a group that saw items arrive during its last wait waits again, up to that long
 * after its first item, so a steady stream of items makes larger groups than one turn of the event loop brings.
 * `write` answers one result per item, in order. When a group fails, each of its items is written again alone, so
 * one bad item fails only itself and none of the others is lost or written twice.
 */
export function createGroupCommit<T, R>(
  write: (items: readonly T[]) => Promise<R[]>,
  o: GroupCommitOptions = {},
): GroupCommit<T, R> {
  const maxItems = o.maxItems ?? MAX_ITEMS;
  const maxWaitMs = o.maxWaitMs ?? MAX_WAIT_MS;
  const maxBusyWaitMs = Math.max(maxWaitMs, o.maxBusyWaitMs ?? maxWaitMs);
  let queue: Pending<T, R>[] = [];
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  /** When the group's first item arrived, and how many items were queued when its timer was last set. */
  let firstAt = 0;
  let queuedAtTimer = 0;

  async function writeGroup(group: Pending<T, R>[]): Promise<void> {
    try {
      const results = await write(group.map((p) => p.item));
      group.forEach((p, i) => p.resolve(results[i]!));
    } catch (err) {
      if (group.length === 1) return group[0]!.reject(err);
      for (const p of group) await writeGroup([p]);
    }
  }

  /** The wait is over, unless items arrived during it and the group may still wait for more. */
  function waited(): void {
    timer = null;
    const arriving = queue.length > queuedAtTimer;
    if (arriving && queue.length < maxItems && Date.now() - firstAt < maxBusyWaitMs) {
      queuedAtTimer = queue.length;
      timer = setTimeout(waited, maxWaitMs);
      return;
    }
    next();
  }

  function next(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (writing || queue.length === 0) return;
    const group = queue.slice(0, maxItems);
    queue = queue.slice(maxItems);
    writing = writeGroup(group).finally(() => {
      writing = null;
      // What arrived meanwhile has waited already: it goes at once.
      next();
    });
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (writing) return;
        if (queue.length >= maxItems) next();
        else if (!timer) {
          firstAt = Date.now();
          queuedAtTimer = queue.length;
          timer = setTimeout(waited, maxWaitMs);
        }
      });
    },
    async drain() {
      while (writing || queue.length > 0) {
        if (!writing) next();
        await writing;
      }
    },
  };
}
