import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEngines, type FakeEngines } from '../fakes/engines/index.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { accountWithKey, apiClient, until, type Call } from '../support/e2e.ts';
import { freePort } from '../support/pg-cluster.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const KEY = randomBytes(32).toString('base64');

/** `serve` on `url` as a real process that is expected to stop: its exit code and what it printed. */
function serveOn(url: string): Promise<{ code: number; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['server/cli/bin.js', 'serve', '--db', url, '--port', '0'],
      { env: { ...process.env, ANSWERWATCH_SECRET_KEY: KEY }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
  });
}

describe.skipIf(!e2eEngines().includes('postgres'))(
  'serve on a PostgreSQL that is wrong or goes away',
  () => {
    let database: ServiceDatabase;
    let fakes: FakeEngines;
    let server: ServerProcess;
    let env: Record<string, string>;
    let key: string;
    let call: Call;

    beforeAll(async () => {
      // Durable (fsync on): the server is stopped as a crash would stop it, and what was committed must survive.
      database = await serviceDatabase('postgres', { durable: true });
      fakes = await startFakeEngines({ latencyMs: 50 });
      env = { ...fakes.env, ...database.env, ANSWERWATCH_JUDGE: 'off', ANSWERWATCH_LOG_LEVEL: 'warn' };
      server = await startServer(database.location, env, 'serve');
      ({ key } = await accountWithKey(database.location));
      call = apiClient(() => server.baseUrl, key);
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await fakes?.close();
      await database?.close();
    });

    it('stops at start with one line naming the database, password hidden: bad credentials, refused, wrong URL', async () => {
      const real = new URL(database.location);
      const badPassword = `postgres://postgres:not-the-password@${real.host}${real.pathname}`;
      const refused = `postgres://aw:s3cret@127.0.0.1:${await freePort()}/aw`;
      const malformed = 'postgres://aw:s3cret@127.0.0.1:not-a-port/aw';
      const cases = [
        [badPassword, /password authentication failed/, 'not-the-password'],
        [refused, /connection refused/, 's3cret'],
        [malformed, /not a valid URL/, 's3cret'],
      ] as const;
      for (const [url, reason, password] of cases) {
        const r = await serveOn(url);
        expect(r.code, r.stderr).toBe(1);
        const lines = r.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^answerwatch: cannot open the database postgres:\/\/\w+:\*\*\*@/);
        expect(lines[0]).toMatch(reason);
        expect(r.stderr + r.stdout).not.toContain(password);
      }
    }, 120_000);

    it('answers 503 problem+json with Retry-After while the database is down, and recovers without losing a commit', async () => {
      const project = await call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://acme.example' });
      expect(project.status).toBe(201);
      const p = project.body.id as string;
      const prompt = await call(`/projects/${p}/prompts`, 'POST', {
        text: 'best crm?',
        engineIds: ['gemini'],
      });
      expect(prompt.status).toBe(201);

      await database.cluster!.halt();
      for (const [path, method] of [
        [`/projects/${p}`, 'GET'],
        [`/projects/${p}/prompts`, 'POST'],
      ] as const) {
        const r = await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(method === 'POST' && { body: JSON.stringify({ text: 'another?' }) }),
        });
        expect(r.status).toBe(503);
        expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await r.json()).toMatchObject({ status: 503, code: 'internal' });
      }
      expect(server.child.exitCode).toBeNull();

      await database.cluster!.start();
      await until(
        'the service to answer again',
        async () => (await call(`/projects/${p}`)).status,
        (s) => s === 200,
      );
      const prompts = await call(`/projects/${p}/prompts`);
      expect(prompts.body.data.map((x: { text: string }) => x.text)).toEqual(['best crm?']);
      // Writes and the background jobs work again: a run is asked and completes.
      const run = await call(`/projects/${p}/run-requests`, 'POST');
      expect(run.status).toBe(202);
      const ended = await until(
        'the run to end',
        async () => (await call(`/projects/${p}/run-requests/${run.body.id}`)).body,
        (r) => r.status === 'completed' || r.status === 'failed',
      );
      expect(ended.status).toBe('completed');
    }, 180_000);
  },
);
