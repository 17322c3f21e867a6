/**
 * A second `npm start` on a port another program holds (issue 20): one line naming the address and what to do,
 * exit 1, no stack trace, and nothing left running.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['server/cli/bin.js', ...args], { timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

describe('answerwatch start and serve on a port in use', () => {
  let dir: string;
  let holder: Server;
  let port: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-port-'));
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('start prints one line saying the port is taken and how to start on another, and exits 1', async () => {
    const r = await runCli(['start', '--db', join(dir, 'start.db'), '--port', String(port)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `answerwatch: Port ${port} on 127.0.0.1 is in use (another Answerwatch or another program is listening ` +
        `there). Stop it, or start on another port: PORT=9000 npm start (or npx answerwatch start --port 9000)\n`,
    );
    expect(r.stdout).not.toContain('listening on');
  });

  it('serve says the same with its own command', async () => {
    const r = await runCli(['serve', '--db', join(dir, 'serve.db'), '--port', String(port)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `answerwatch: Port ${port} on 127.0.0.1 is in use (another Answerwatch or another program is listening ` +
        `there). Stop it, or start on another port: npx answerwatch serve --port 9000\n`,
    );
  });
});
