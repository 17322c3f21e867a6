import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { LimiterRegistry, Semaphore } from '../../../engines/cloud/semaphore.ts';

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('grants up to the limit at once and the rest in arrival order as slots free', async () => {
    const semaphore = new Semaphore(2);
    const granted: number[] = [];
    const releases = new Map<number, () => void>();
    for (let i = 0; i < 5; i++) {
      void semaphore.acquire().then((release) => {
        granted.push(i);
        releases.set(i, release);
      });
    }
    await settle();
    expect(granted).toEqual([0, 1]);
    releases.get(1)!();
    await settle();
    expect(granted).toEqual([0, 1, 2]);
    releases.get(0)!();
    releases.get(2)!();
    await settle();
    expect(granted).toEqual([0, 1, 2, 3, 4]);
  });

  it('counts a double release once', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    release();
    release();
    await semaphore.acquire();
    let third = false;
    void semaphore.acquire().then(() => (third = true));
    await settle();
    expect(third).toBe(false);
  });

  it('drops an aborted waiter from the queue with the signal reason, and grants the next one', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const controller = new AbortController();
    const aborted = semaphore.acquire(controller.signal);
    let nextGranted = false;
    void semaphore.acquire().then(() => (nextGranted = true));
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    release();
    await settle();
    expect(nextGranted).toBe(true);
  });

  it('listens to a signal once, however many acquires wait on it, and not at all once none waits', async () => {
    const semaphore = new Semaphore(2);
    const controller = new AbortController();
    const releases: (() => void)[] = [];
    const waits = Array.from({ length: 2_000 }, () =>
      semaphore.acquire(controller.signal).then((release) => releases.push(release)),
    );
    await settle();
    expect(releases).toHaveLength(2);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    while (releases.length < 2_000) {
      releases.at(-1)!();
      releases.at(-2)!();
      await settle();
    }
    await Promise.all(waits);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects every waiter of an aborted signal and leaves the others waiting in order', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const run = new AbortController();
    const other = new AbortController();
    const order: string[] = [];
    const outcome = (name: string, p: Promise<unknown>) =>
      p.then(
        () => order.push(`${name} granted`),
        (err: Error) => order.push(`${name} ${err.message}`),
      );
    void outcome('a', semaphore.acquire(run.signal));
    void outcome('b', semaphore.acquire(other.signal));
    void outcome('c', semaphore.acquire(run.signal));
    void outcome('d', semaphore.acquire());
    run.abort(new Error('canceled'));
    await settle();
    expect(order).toEqual(['a canceled', 'c canceled']);
    release();
    await settle();
    expect(order).toEqual(['a canceled', 'c canceled', 'b granted']);
    expect(getEventListeners(other.signal, 'abort')).toHaveLength(0);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('rejects at once for a signal already aborted, even with free slots', async () => {
    await expect(new Semaphore(3).acquire(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  it('grants waiting acquires when the limit grows', async () => {
    const semaphore = new Semaphore(1);
    await semaphore.acquire();
    let granted = false;
    void semaphore.acquire().then(() => (granted = true));
    await settle();
    expect(granted).toBe(false);
    semaphore.setLimit(2);
    await settle();
    expect(granted).toBe(true);
  });
});

describe('LimiterRegistry', () => {
  it('gives one semaphore per engine id', () => {
    const registry = new LimiterRegistry();
    expect(registry.get('chatgpt', 3)).toBe(registry.get('chatgpt', 3));
    expect(registry.get('chatgpt', 3)).not.toBe(registry.get('claude', 3));
  });
});
