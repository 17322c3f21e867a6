import { describe, expect, it } from 'vitest';
import { createCpuParts, threadBusyClock } from '../../server/jobs/cpu-parts.ts';

describe('CPU parts', () => {
  it('adds what each timed piece of work used to its part, also when the work throws', () => {
    let now = 0;
    const parts = createCpuParts(() => now);
    expect(parts.time('scoring', () => ((now += 30), 'scored'))).toBe('scored');
    expect(() =>
      parts.time('scoring', () => {
        now += 12;
        throw new Error('bad answer');
      }),
    ).toThrow('bad answer');
    parts.scored();
    expect(parts.figures()).toEqual({
      cpuUs: { scoring: 42, statements: 0, summaries: 0, runCounts: 0, commit: 0 },
      groups: 0,
      answers: 1,
    });
  });

  it("reads this thread's busy time: at most the wall time it ran for, less any wait for a core", () => {
    const clock = threadBusyClock();
    const t0 = clock();
    const w0 = performance.now();
    const until = w0 + 30;
    while (performance.now() < until);
    const busy = clock() - t0;
    const wall = (performance.now() - w0) * 1000;
    expect(busy).toBeGreaterThan(0);
    expect(busy).toBeLessThanOrEqual(wall + 50);
  });
});
