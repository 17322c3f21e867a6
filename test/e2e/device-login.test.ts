/**
 * A computer pairs itself with the real command: `answerwatch agent login --server URL` against a real `serve`
 * prints a code; a person signed in approves it for their account through /auth (as the /app/device page does);
 * the agent pairs, checks in, and the account's project shows the computer as its host.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/pg-cluster.ts';
import { startServer } from '../support/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'aw-device-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('agent login --server: the device grant with real processes', () => {
  it('prints a code, is approved by a signed-in person, pairs and checks in', async () => {
    const port = await freePort();
    const server = await startServer(
      join(dir, 'serve.db'),
      { ANSWERWATCH_SIGNUP: 'open', ANSWERWATCH_SIGNUP_PLAN: 'premium' },
      'serve',
      port,
    );
    const origin = `http://127.0.0.1:${port}`;
    const json = { 'content-type': 'application/json', origin };
    try {
      const signUp = await fetch(`${origin}/auth/sign-up/email`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }),
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const accountId = (await (await fetch(`${origin}/auth/get-session`, { headers: { cookie } })).json())
        .session.activeOrganizationId as string;
      const created = await fetch(`${origin}/v1/projects`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({ name: 'Acme', websiteUrl: 'https://acme.example' }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const projectId = (await created.json()).id as string;

      const agent = spawn(
        process.execPath,
        [
          'server/cli/bin.js',
          'agent',
          'login',
          '--server',
          origin,
          '--label',
          'e2e laptop',
          '--data',
          join(dir, 'agent'),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      agent.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const exited = new Promise<number | null>((resolve) => agent.once('exit', (code) => resolve(code)));
      try {
        const userCode = await new Promise<string>((resolve, reject) => {
          agent.stdout.on('data', (c: Buffer) => {
            out += c.toString();
            const m = out.match(/enter the code ([A-Z0-9]{4}-[A-Z0-9]{4})/);
            if (m) resolve(m[1]!);
          });
          void exited.then((code) => reject(new Error(`agent exited with ${code}: ${out}${err}`)));
        });
        expect(out).toContain(`open ${origin}/app/device and enter the code ${userCode}`);

        const opened = await fetch(`${origin}/auth/device?user_code=${userCode}`, { headers: { cookie } });
        expect(await opened.json()).toMatchObject({ status: 'pending' });
        const approved = await fetch(`${origin}/auth/device/approve`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ userCode, accountId }),
        });
        expect(approved.status, await approved.clone().text()).toBe(200);

        expect(await exited, err).toBe(0);
        expect(out).toMatch(
          new RegExp(`Signed in: paired as "e2e laptop" \\(host hst\\w+\\) with account ${accountId}`),
        );
      } finally {
        agent.kill('SIGTERM');
      }

      const setup = await (
        await fetch(`${origin}/v1/projects/${projectId}/capabilities`, { headers: { cookie } })
      ).json();
      expect(setup.host, JSON.stringify(setup)).toMatchObject({ configured: true, online: true, deviceLabel: 'e2e laptop' });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
