import { describe, expect, it } from 'vitest';
import { inTurn } from '../../server/reports/pdf.ts';

describe('PDF rendering in turns', () => {
  it('runs at most two at once; the others wait their turn and all finish, failures included', async () => {
    let now = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const task = (fail: boolean) =>
      inTurn(async () => {
        now += 1;
        most = Math.max(most, now);
        await new Promise<void>((resolve) => release.push(resolve));
        now -= 1;
        if (fail) throw new Error('browser crashed');
        return 'pdf';
      });
    const all = [task(false), task(true), task(false), task(false), task(false)].map((p) =>
      p.then(
        (v) => v,
        (e: Error) => e.message,
      ),
    );
    for (let i = 0; i < 5; i += 1) {
      await new Promise((r) => setImmediate(r));
      expect(release.length, `step ${i}`).toBeLessThanOrEqual(i + 2);
      release.shift()!();
    }
    expect(await Promise.all(all)).toEqual(['pdf', 'browser crashed', 'pdf', 'pdf', 'pdf']);
    expect(most).toBe(2);
  });
});
