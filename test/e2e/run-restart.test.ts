import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEngines, type FakeEngines } from '../fakes/engines/index.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const run = promisify(execFile);
const cli = async (...args: string[]) =>
  JSON.parse((await run(process.execPath, ['server/cli/bin.js', ...args, '--json'])).stdout);

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a service killed during a run', () => {
  let dir: string;
  let db: string;
  let fakes: FakeEngines;
  let env: Record<string, string>;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-restart-'));
    db = join(dir, 'answerwatch.db');
    fakes = await startFakeEngines({ latencyMs: 250 });
    env = {
      ...fakes.env,
      ANSWERWATCH_RUN_LEASE_SECONDS: '2',
      ANSWERWATCH_ENGINE_CONCURRENCY: '2',
      ANSWERWATCH_JUDGE: 'off',
      ANSWERWATCH_LOG_LEVEL: 'warn',
    };
    server = await startServer(db, env, 'start');
  });
  afterAll(async () => {
    await server.stop();
    await fakes.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('comes back with the request resumed, every slot answered once, none twice', async () => {
    const account = await cli('accounts', 'create', '--plan', 'premium', '--db', db);
    const key = await cli(
      'keys',
      'create',
      '--account',
      account.id,
      '--label',
      'e2e',
      '--scopes',
      'visibility:read,tracking:write,runs:execute',
      '--db',
      db,
    );
    const call = async (path: string, method = 'GET', body?: unknown) => {
      const r = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key.key}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const project = await call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://acme.example' });
    expect(project.status).toBe(201);
    const p = project.body.id as string;
    for (let i = 0; i < 12; i += 1) {
      const r = await call(`/projects/${p}/prompts`, 'POST', {
        text: `which tool is best for job ${i}`,
        engineIds: ['chatgpt', 'gemini'],
      });
      expect(r.status).toBe(201);
    }
    const started = await call(`/projects/${p}/run-requests`, 'POST');
    expect(started.status).toBe(202);
    const requestId = started.body.id as string;

    const partial = await until(
      'some answers',
      async () => ((await call(`/projects/${p}/runs`)).body.data as { answerCount: number }[])[0],
      (r) => r !== undefined && r.answerCount >= 4,
    );
    expect(partial!.answerCount).toBeLessThan(24);
    await new Promise<void>((resolve) => {
      server.child.once('exit', () => resolve());
      server.child.kill('SIGKILL');
    });

    server = await startServer(db, env, 'start');
    const request = await until(
      'the request to end',
      async () => (await call(`/projects/${p}/run-requests/${requestId}`)).body,
      (r) => r.status !== 'running' && r.status !== 'queued',
    );
    expect(request).toMatchObject({ status: 'completed', error: null });
    expect(request.runIds).toHaveLength(1);
    const runs = (await call(`/projects/${p}/runs`)).body.data as { id: string; answerCount: number }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]!.answerCount).toBe(24);
    const answers = (await call(`/projects/${p}/answers?runId=${runs[0]!.id}&limit=200`)).body.data as {
      promptId: string;
      engineId: string;
    }[];
    expect(answers).toHaveLength(24);
    expect(new Set(answers.map((a) => `${a.promptId}/${a.engineId}`)).size).toBe(24);
  });
});
