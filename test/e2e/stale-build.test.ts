/**
 * Nobody runs stale compiled code by surprise: in a checkout whose sources changed since the last build, the
 * `answerwatch` command builds them first (only what changed), and then starts at once again. Run on a copy of
 * the repository (its node_modules linked), so the sources edited are not the ones the other tests run.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COPIED = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'server', 'engines', 'app', 'dist'];

describe('a checkout whose sources changed since the last build', () => {
  let dir: string;
  const help = () =>
    new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
      execFile(process.execPath, ['server/cli/bin.js', '--help'], { cwd: dir }, (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve({ stdout, stderr }),
      ),
    );

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aw-stale-'));
    for (const path of COPIED)
      cpSync(join(ROOT, path), join(dir, path), {
        recursive: true,
        preserveTimestamps: true,
        filter: (source) => !source.includes('node_modules'),
      });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is built before the command runs, and the command runs the change', async () => {
    const main = join(dir, 'server/cli/main.ts');
    writeFileSync(main, readFileSync(main, 'utf8').replace('about a brand.', 'about a brand (edited).'));
    const first = await help();
    expect(first.stderr).toContain('the sources changed since the last build; building them first');
    expect(first.stdout).toContain('about a brand (edited).');
    const second = await help();
    expect(second.stderr).toBe('');
    expect(second.stdout).toContain('about a brand (edited).');
  }, 180_000);

  it('rebuilds the web UI only when its sources changed, not when a file was merely touched', async () => {
    const built = statSync(join(dir, 'app/ui/dist/index.html')).mtimeMs;
    const now = new Date();
    utimesSync(join(dir, 'app/ui/src/dom.ts'), now, now);
    const run = await help();
    expect(run.stderr).toContain('building them first');
    expect(statSync(join(dir, 'app/ui/dist/index.html')).mtimeMs).toBe(built);
  }, 180_000);
});
