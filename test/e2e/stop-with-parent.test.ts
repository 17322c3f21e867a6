import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('answerwatch start run by a parent process (the desktop app)', () => {
  it('stops cleanly when the parent closes its stdin, as when the parent dies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aw-parent-'));
    try {
      const child = spawn(
        process.execPath,
        ['server/cli/bin.js', 'start', '--db', join(dir, 'a.db'), '--port', '0'],
        {
          env: { ...process.env, ANSWERWATCH_STOP_WITH_STDIN: '1', ANSWERWATCH_LOG_LEVEL: 'warn' },
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      );
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Web UI: http://127.0.0.1:')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
      });
      expect(out).toMatch(/Web UI: http:\/\/127\.0\.0\.1:\d+\/app\/#token=awl_[A-Za-z0-9]{40}/);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.stdin!.end();
      expect(await exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
