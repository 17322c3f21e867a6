/**
 * `npm test` on a machine without Chrome or Chromium, as vitest itself runs it (a child run of one browser test
 * file, the browser pointed at a path that does not exist): outside CI one line says what to install and which
 * tests that leaves out, and the rest passes; with CI=true the run fails.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const MISSING = '/nonexistent/chromium';

/** A child `vitest run` of the host agent's browser test, with the browser missing; its exit code and output. */
function runWithoutBrowser(ci: boolean): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1', ANSWERWATCH_CHROME: MISSING };
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith('VITEST') && name !== 'CI' && !(name in env)) env[name] = value;
  if (ci) env.CI = 'true';
  const child = spawn(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'test/vitest.config.ts',
      'test/e2e/host-agent.test.ts',
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

describe('npm test without a browser', () => {
  it('outside CI says once what to install and which tests it leaves out, and passes', async () => {
    const { code, output } = await runWithoutBrowser(false);
    expect(code, output).toBe(0);
    const lines = output.split('\n').filter((line) => line.includes('No Chrome or Chromium found'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`ANSWERWATCH_CHROME=${MISSING} does not exist`);
    expect(lines[0]).toContain('apt-get install chromium');
    expect(lines[0]).toMatch(/Leaving out the browser tests in .*test\/e2e\/host-agent\.test\.ts/);
    expect(output).toMatch(/Test Files\s+1 skipped/);
  }, 180_000);

  it('on CI fails', async () => {
    const { code, output } = await runWithoutBrowser(true);
    expect(code).not.toBe(0);
    expect(output).toContain('On CI (CI=true) the browser tests must run');
  }, 180_000);
});
