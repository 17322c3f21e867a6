/**
 * "Sign in to the cloud" of the desktop app, through what the desktop app runs: a real `start` on this computer
 * signs itself in to a real `serve` with the device grant (`/local/v1/cloud-sign-in`, as the UI's page calls it);
 * a person signed in there approves or denies the code; paired, the computer's agent runs for that account, and
 * stays paired across a restart of `start`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudSignInState } from '../../server/contract/cloud-sign-in.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { serviceWithPerson } from '../support/serve-person.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'aw-cloud-sign-in-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(() => smtp.close());

/** `start` as the desktop app runs it on its data folder, and its owner's calls to /local/v1/cloud-sign-in. */
async function startOnThisComputer(data: string) {
  mkdirSync(data, { recursive: true });
  const server = await startServer(
    join(data, 'answerwatch.db'),
    { ANSWERWATCH_AGENT_CHECKIN_MS: '500' },
    'start',
  );
  const token = server.output().match(/#token=(awl_\w+)/)![1]!;
  const url = `${new URL(server.baseUrl).origin}/local/v1/cloud-sign-in`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const state = async () => (await (await fetch(url, { headers })).json()) as CloudSignInState;
  const signIn = (address: string) =>
    fetch(url, { method: 'POST', headers, body: JSON.stringify({ server: address }) });
  /** Polls as the page does until the sign-in is no longer in `phases`. */
  const until = async (phases: CloudSignInState['phase'][]) => {
    let s = await state();
    for (let i = 0; i < 300 && phases.includes(s.phase); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      s = await state();
    }
    return s;
  };
  return { server, state, signIn, until };
}

const stopAll = (...servers: ServerProcess[]) => Promise.all(servers.map((s) => s.stop()));

describe('Sign in to the cloud: start pairs this computer with a cloud account through the device grant', () => {
  it('shows a code, is approved, pairs, runs the agent for that account and stays paired after a restart', async () => {
    const cloud = await serviceWithPerson(dir, smtp, 'ada');
    const data = join(dir, 'desktop');
    let local = await startOnThisComputer(data);
    try {
      expect(await local.state()).toMatchObject({
        phase: 'signed-out',
        message: 'This computer is not signed in to a cloud service.',
      });
      // Never signed in, the computer has no folder for it.
      expect(existsSync(join(data, 'agent', 'cloud'))).toBe(false);
      const bad = await local.signIn('http://answerwatch.example.com');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        code: 'invalid_parameter',
        detail: 'The address must start with https:// (http:// only for a service on this computer).',
      });

      const started = await local.signIn(`${cloud.origin}/v1`);
      expect(started.status).toBe(202);
      expect(await started.json()).toMatchObject({ server: cloud.origin });
      const waiting = await local.until(['asking']);
      expect(waiting).toMatchObject({ phase: 'waiting', server: cloud.origin });
      expect(waiting.userCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      expect(waiting.link).toBe(`${cloud.origin}/app/device?user_code=${waiting.userCode!.replace('-', '')}`);
      expect(waiting.message).toContain(`Enter the code ${waiting.userCode} on 127.0.0.1:`);
      // One at a time: a second sign-in while this one waits is refused.
      const second = await local.signIn(cloud.origin);
      expect(second.status).toBe(400);

      await cloud.decide(waiting.userCode!, 'approve');
      const paired = await local.until(['waiting']);
      expect(paired).toMatchObject({ phase: 'paired', server: cloud.origin, accountId: cloud.accountId });
      expect(paired.message).toContain(`for account ${cloud.accountId}`);
      // The agent runs for that account: the cloud sees this computer as the project's host, online.
      await expect
        .poll(cloud.host, { timeout: 15_000 })
        .toMatchObject({ configured: true, online: true, deviceLabel: hostname() });

      await local.server.stop();
      local = await startOnThisComputer(data);
      expect(await local.state()).toMatchObject({ phase: 'paired', accountId: cloud.accountId });
    } finally {
      await stopAll(local.server, cloud.server);
    }
  }, 120_000);

  it('says so when the person denies the code, and when the service cannot be reached', async () => {
    const cloud = await serviceWithPerson(dir, smtp, 'grace');
    const local = await startOnThisComputer(join(dir, 'denied'));
    try {
      expect((await local.state()).phase).toBe('signed-out');
      expect((await local.signIn(cloud.origin)).status).toBe(202);
      const waiting = await local.until(['asking']);
      await cloud.decide(waiting.userCode!, 'deny');
      expect(await local.until(['waiting'])).toMatchObject({
        phase: 'refused',
        message: `The sign-in was denied on ${new URL(cloud.origin).host}’s approval page.`,
      });
      expect(await cloud.host()).toBeNull();

      await cloud.server.stop();
      expect((await local.signIn(cloud.origin)).status).toBe(202);
      const unreachable = await local.until(['asking']);
      expect(unreachable.phase).toBe('unreachable');
      expect(unreachable.message).toMatch(/could not be reached .*Check the address and the network/);
    } finally {
      await stopAll(local.server, cloud.server);
    }
  }, 120_000);
});
