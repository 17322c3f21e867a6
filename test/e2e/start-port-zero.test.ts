import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const run = promisify(execFile);
const cli = async (...args: string[]) =>
  (await run(process.execPath, ['server/cli/bin.js', ...args])).stdout.trim();

describe('answerwatch start --port 0, as a real process', () => {
  let dir: string;
  let db: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-port0-'));
    db = join(dir, 'answerwatch.db');
    server = await startServer(db, {}, 'start', 0);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the port it listens on into the links it makes, never port 0', async () => {
    const port = new URL(server.baseUrl).port;
    expect(Number(port)).toBeGreaterThan(0);
    const account = JSON.parse(await cli('accounts', 'create', '--plan', 'premium', '--db', db, '--json'));
    const key = JSON.parse(
      await cli(
        'keys',
        'create',
        '--account',
        account.id,
        '--label',
        'e2e',
        '--scopes',
        'visibility:read,tracking:write',
        '--db',
        db,
        '--json',
      ),
    ).key as string;
    const projectId = await cli(
      'demo',
      'seed',
      '--account',
      account.id,
      '--answers',
      '50',
      '--days',
      '7',
      '--db',
      db,
    );
    const created = await fetch(`${server.baseUrl}/projects/${projectId}/report-links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: '2026-01-01',
        to: '2026-01-07',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    });
    expect(created.status).toBe(201);
    const { url } = (await created.json()) as { url: string };
    expect(new URL(url).origin).toBe(new URL(server.baseUrl).origin);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // A problem's type names the same address.
    const missing = await fetch(`${server.baseUrl}/projects/${projectId}/nothing`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(((await missing.json()) as { type: string }).type).toMatch(
      new RegExp(`^${new URL(server.baseUrl).origin}/v1/docs#`),
    );
  }, 120_000);
});
