import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CPU_PARTS, type CpuPartsFigures } from '../../server/jobs/cpu-parts.ts';
import { h, setUp, startRun } from '../support/run-executor-setup.ts';

let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a run's CPU by part (ANSWERWATCH_PROFILE_PARTS)", () => {
  it('is counted by the service and written when the run ends: every part, every answer, each group', async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-cpu-parts-'));
    const file = join(dir, 'parts.json');
    await setUp(['chatgpt', 'claude', 'gemini'], 4, { env: { ANSWERWATCH_PROFILE_PARTS: file } });
    expect((await startRun()).statusCode).toBe(202);
    await h.jobs.idle();
    const figures = JSON.parse(readFileSync(file, 'utf8')) as CpuPartsFigures;
    expect(figures.answers).toBe(12);
    expect(figures.groups).toBeGreaterThanOrEqual(1);
    expect(figures.groups).toBeLessThanOrEqual(12);
    expect(Object.keys(figures.cpuUs).sort()).toEqual([...CPU_PARTS].sort());
    // Each part did work: scoring each answer, inserting it, adding it to the summaries and the run's counts.
    for (const part of CPU_PARTS) expect(figures.cpuUs[part], part).toBeGreaterThan(0);
  });
});
