/**
 * A computer pairs itself with the real command: `answerwatch agent login --server URL` against a real `serve`
 * prints a code; a person signed in approves it for their account (through /auth as the page does, and in real
 * Chromium on /app/device); the agent pairs, checks in, and the account's project shows the computer as its host.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchArgs } from '../../engines/browser/browser.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { requireBrowser } from '../support/browser.ts';
import { cli, runCli } from '../support/e2e.ts';
import type { ServerProcess } from '../support/server-process.ts';
import {
  PERSON_PASSWORD as PASSWORD,
  serviceWithPerson as serviceWithPersonIn,
} from '../support/serve-person.ts';

const dir = mkdtempSync(join(tmpdir(), 'aw-device-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(() => smtp.close());

const browserPath = requireBrowser();
const serviceWithPerson = (name: string) => serviceWithPersonIn(dir, smtp, name);

/** The agent signing in, as a person runs it; resolves the code and link it prints. */
function agentLogin(origin: string, label: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['server/cli/bin.js', 'agent', 'login', '--server', origin, '--label', label, '--data', join(dir, label)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const shown = new Promise<{ userCode: string; link: string }>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = out.match(/enter the code ([A-Z0-9]{4}-[A-Z0-9]{4})\n\(or open (\S+)\)/);
      if (m) resolve({ userCode: m[1]!, link: m[2]! });
    });
    void exited.then((code) => reject(new Error(`agent exited with ${code}: ${out}${err}`)));
  });
  return { child, shown, exited, output: () => out, errors: () => err };
}

async function stopped(server: ServerProcess, agent: ChildProcess) {
  agent.kill('SIGTERM');
  await server.stop();
}

describe('agent login --server: the device grant with real processes', () => {
  it('prints a code, is approved by a signed-in person, pairs and checks in', async () => {
    const s = await serviceWithPerson('ada');
    const agent = agentLogin(s.origin, 'e2e-laptop');
    try {
      const { userCode } = await agent.shown;
      expect(agent.output()).toContain(`open ${s.origin}/app/device and enter the code ${userCode}`);
      const opened = await fetch(`${s.origin}/auth/device?user_code=${userCode}`, {
        headers: { cookie: s.cookie },
      });
      expect(await opened.json()).toMatchObject({ status: 'pending' });
      const approved = await fetch(`${s.origin}/auth/device/approve`, {
        method: 'POST',
        headers: { ...s.json, cookie: s.cookie },
        body: JSON.stringify({ userCode, accountId: s.accountId }),
      });
      expect(approved.status, await approved.clone().text()).toBe(200);
      expect(await agent.exited, agent.errors()).toBe(0);
      expect(agent.output()).toMatch(
        new RegExp(`Signed in: paired as "e2e-laptop" \\(host hst\\w+\\) with account ${s.accountId}`),
      );
      expect(await s.host()).toMatchObject({ configured: true, online: true, deviceLabel: 'e2e-laptop' });

      // The operator sees it among the account's computers and unpairs it: the project has no host any more.
      const listed = await cli('hosts', 'list', '--account', s.accountId, '--db', s.db);
      expect(listed.data).toMatchObject([{ accountId: s.accountId, deviceLabel: 'e2e-laptop' }]);
      const unpaired = await runCli(
        'hosts',
        'unpair',
        '--account',
        s.accountId,
        '--host',
        listed.data[0].id,
        '--db',
        s.db,
      );
      expect(unpaired.code, unpaired.stderr).toBe(0);
      expect(await s.host()).toBeNull();
      expect((await cli('hosts', 'list', '--account', s.accountId, '--db', s.db)).data).toEqual([]);
    } finally {
      await stopped(s.server, agent.child);
    }
  }, 60_000);

  it.skipIf(browserPath === null)(
    'is approved in real Chromium on /app/device: sign in there, pick the account, approve',
    async () => {
      const s = await serviceWithPerson('grace');
      const agent = agentLogin(s.origin, 'chromium-laptop');
      const browser = await chromium.launch({
        executablePath: browserPath!,
        headless: true,
        args: launchArgs(true),
      });
      try {
        const { link, userCode } = await agent.shown;
        const page = await browser.newPage();
        await page.goto(link);
        await page.getByText('Sign in to approve the computer that shows you a code.').waitFor();
        // The e-mail and password form: the other ways to sign in (single sign-on, passkeys) sit beside it.
        const signIn = page.getByRole('form', { name: 'Sign in', exact: true });
        await signIn.getByLabel('E-mail').fill(s.email);
        await signIn.getByLabel('Password').fill(PASSWORD);
        await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect
          .poll(() => page.getByLabel('Code shown by the computer').inputValue())
          .toBe(userCode.replace('-', ''));
        await page.getByLabel('Account this computer will serve').selectOption(s.accountId);
        await page.getByRole('button', { name: 'Approve' }).click();
        await page.getByText('The computer is signed in to grace. You can close this page.').waitFor();
        expect(await agent.exited, agent.errors()).toBe(0);
        expect(await s.host()).toMatchObject({
          configured: true,
          online: true,
          deviceLabel: 'chromium-laptop',
        });
      } finally {
        await browser.close();
        await stopped(s.server, agent.child);
      }
    },
    90_000,
  );
});
