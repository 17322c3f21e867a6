import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGroupCommit } from '../../server/domain/group-commit.ts';

/** A write that records each group it was given and holds it until released, as a slow transaction would. */
function heldWrites(fail: (item: number) => boolean = () => false) {
  const groups: number[][] = [];
  const committed: number[] = [];
  const releases: (() => void)[] = [];
  const write = (items: readonly number[]) => {
    groups.push([...items]);
    return new Promise<number[]>((resolve, reject) => {
      releases.push(() => {
        if (items.some(fail)) return reject(new Error(`bad item in ${items.join(',')}`));
        committed.push(...items);
        resolve(items.map((i) => i * 10));
      });
    });
  };
  const release = async () => {
    await vi.advanceTimersByTimeAsync(0);
    releases.shift()!();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { groups, committed, write, release, pending: () => releases.length };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('group commit', () => {
  it('writes a lone item once its short wait is over, not before', async () => {
    vi.useFakeTimers();
    const w = heldWrites();
    const groups = createGroupCommit(w.write, { maxItems: 10, maxWaitMs: 3 });
    const result = groups.add(7);
    await vi.advanceTimersByTimeAsync(2);
    expect(w.groups).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.groups).toEqual([[7]]);
    await w.release();
    await expect(result).resolves.toBe(70);
  });

  it('gathers what arrives during a write into the next group, at most maxItems a group', async () => {
    vi.useFakeTimers();
    const w = heldWrites();
    const groups = createGroupCommit(w.write, { maxItems: 3, maxWaitMs: 2 });
    const results = [groups.add(1)];
    await vi.advanceTimersByTimeAsync(2);
    expect(w.groups).toEqual([[1]]);
    for (let i = 2; i <= 8; i += 1) results.push(groups.add(i));
    // Nothing more is written while the first group is: one write at a time.
    await vi.advanceTimersByTimeAsync(50);
    expect(w.groups).toHaveLength(1);
    await w.release();
    expect(w.groups).toEqual([[1], [2, 3, 4]]);
    await w.release();
    await w.release();
    expect(w.groups).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]]);
    await w.release();
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
  });

  it('keeps taking items while they keep arriving, for at most maxBusyWaitMs after the first', async () => {
    vi.useFakeTimers();
    const w = heldWrites();
    const groups = createGroupCommit(w.write, { maxItems: 100, maxWaitMs: 2, maxBusyWaitMs: 10 });
    const results: Promise<number>[] = [];
    // One item a millisecond: each wait of 2 ms saw more arrive, so the group goes on gathering.
    for (let i = 1; i <= 10; i += 1) {
      results.push(groups.add(i));
      await vi.advanceTimersByTimeAsync(1);
      if (i < 10) expect(w.groups).toEqual([]);
    }
    expect(w.groups).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    await w.release();
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it('writes a gathering group once a wait saw nothing arrive, long before maxBusyWaitMs', async () => {
    vi.useFakeTimers();
    const w = heldWrites();
    const groups = createGroupCommit(w.write, { maxItems: 100, maxWaitMs: 2, maxBusyWaitMs: 1000 });
    void groups.add(1);
    await vi.advanceTimersByTimeAsync(1);
    void groups.add(2);
    // The first wait saw item 2 arrive: one more wait.
    await vi.advanceTimersByTimeAsync(1);
    expect(w.groups).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(w.groups).toEqual([[1, 2]]);
    await w.release();
  });

  it('waits only maxWaitMs by default, however items keep arriving', async () => {
    vi.useFakeTimers();
    const w = heldWrites();
    const groups = createGroupCommit(w.write, { maxItems: 100, maxWaitMs: 2 });
    void groups.add(1);
    await vi.advanceTimersByTimeAsync(1);
    void groups.add(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.groups).toEqual([[1, 2]]);
    await w.release();
  });

  it('starts a full group at once, without waiting', async () => {
    vi.useFakeTimers();
    const w = heldWrites();
    const groups = createGroupCommit(w.write, { maxItems: 2, maxWaitMs: 1000 });
    void groups.add(1);
    void groups.add(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.groups).toEqual([[1, 2]]);
    await w.release();
  });

  it('writes the items of a failed group again one by one: only the bad one fails, none is lost or doubled', async () => {
    vi.useFakeTimers();
    const w = heldWrites((i) => i === 3);
    const groups = createGroupCommit(w.write, { maxItems: 10, maxWaitMs: 1 });
    const results = [1, 2, 3, 4].map((i) =>
      groups.add(i).then(
        (r) => ({ ok: r }),
        (e: Error) => ({ err: e.message }),
      ),
    );
    await vi.advanceTimersByTimeAsync(1);
    // Meanwhile another group waits; the failure of the first touches none of it.
    const later = groups.add(5);
    await w.release();
    while (w.pending() > 0) await w.release();
    expect(await Promise.all(results)).toEqual([
      { ok: 10 },
      { ok: 20 },
      { err: 'bad item in 3' },
      { ok: 40 },
    ]);
    await expect(later).resolves.toBe(50);
    expect(w.committed.sort()).toEqual([1, 2, 4, 5]);
    expect(w.groups).toEqual([[1, 2, 3, 4], [1], [2], [3], [4], [5]]);
  });

  it('drains: resolves once everything added has been written', async () => {
    const committed: number[] = [];
    const groups = createGroupCommit(
      async (items: readonly number[]) => {
        await new Promise((r) => setTimeout(r, 5));
        committed.push(...items);
        return items.map(() => true);
      },
      { maxItems: 2, maxWaitMs: 50 },
    );
    for (let i = 0; i < 5; i += 1) void groups.add(i);
    await groups.drain();
    expect(committed).toEqual([0, 1, 2, 3, 4]);
  });
});
