import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, apiClient, until } from '../support/e2e.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const run = promisify(execFile);
const cli = async (...args: string[]) =>
  JSON.parse((await run(process.execPath, ['server/cli/bin.js', ...args, '--json'])).stdout);

describe('answerwatch start as a real process', () => {
  let dir: string;
  let db: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-e2e-'));
    db = join(dir, 'nested', 'answerwatch.db');
    server = await startServer(
      db,
      { ANSWERWATCH_LOG_LEVEL: 'info', ANSWERWATCH_AGENT_CHECKIN_MS: '300' },
      'start',
    );
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the API on a fresh database that the CLI writes to', async () => {
    const account = await cli('accounts', 'create', '--plan', 'premium', '--db', db);
    const key = await cli('keys', 'create', '--account', account.id, '--label', 'e2e', '--db', db);
    const projectId = (
      await run(process.execPath, [
        'server/cli/bin.js',
        'demo',
        'seed',
        '--account',
        account.id,
        '--answers',
        '300',
        '--days',
        '10',
        '--db',
        db,
      ])
    ).stdout.trim();
    const headers = { authorization: `Bearer ${key.key}` };
    const me = await fetch(`${server.baseUrl}/me`, { headers });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { projects: string[] }).projects).toEqual([projectId]);
    const answers = await fetch(`${server.baseUrl}/projects/${projectId}/answers?limit=5`, { headers });
    expect(answers.status).toBe(200);
    expect(((await answers.json()) as { data: unknown[] }).data).toHaveLength(5);
    const docs = await fetch(`${server.baseUrl}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('id="error-plan_required"');
    const denied = await fetch(`${server.baseUrl}/me`);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('content-type')).toBe('application/problem+json');
  });

  it('logs every request without the key', async () => {
    const secret = `aw_live_${'Z'.repeat(40)}`;
    const r = await fetch(`${server.baseUrl}/me?probe=log`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(r.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = server.output();
    expect(log).toContain('/v1/me?probe=log');
    expect(log).not.toContain(secret);
    // Not a terminal: the logs stay on stdout as before, after the banner and the first steps of an empty database.
    expect(log).toContain('Next steps (this database has no account yet):');
    expect(log).not.toContain('Logs: ');
  });

  it('makes this machine the host computer of the account, online through its own agent', async () => {
    const { key } = await accountWithKey(db);
    const call = apiClient(() => server.baseUrl, key);
    const project = (await call('/projects', 'POST', { name: 'Local', websiteUrl: 'https://local.example' }))
      .body;
    const host = await until(
      'the local host to check in',
      async () => (await call(`/projects/${project.id}/capabilities`)).body.host,
      (h) => h?.online === true,
    );
    expect(host.deviceLabel).toMatch(/\(this computer\)$/);
  });
});
