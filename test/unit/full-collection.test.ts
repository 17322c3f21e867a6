import { describe, expect, it } from 'vitest';
import { fullCollection } from '../../server/cli/full-collection.ts';

describe('fullCollection', () => {
  it('collects what nothing holds any more, on demand', () => {
    const collect = fullCollection();
    collect();
    const before = process.memoryUsage().heapUsed;
    // About 40 MB of objects that survive the young generation (they are held until the loop ends), then dropped.
    let held: { n: number; text: string }[] | null = [];
    for (let i = 0; i < 400_000; i += 1) held.push({ n: i, text: `line ${i} `.repeat(4) });
    expect(process.memoryUsage().heapUsed - before).toBeGreaterThan(20_000_000);
    held = null;
    collect();
    expect(held).toBeNull();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5_000_000);
  });
});
