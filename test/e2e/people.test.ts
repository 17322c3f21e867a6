/**
 * Sign-up and the session on the real command, `serve` and `start` alike: better-auth at /auth in the running
 * service, the verification mail (over SMTP from `serve`, on the console of `start`) and its link followed, the
 * session cookie read by /v1, sign-out ending it; and `serve` refusing sign-up it could never mail.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { freePort } from '../support/pg-cluster.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const BIN = fileURLToPath(new URL('../../server/cli/bin.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'aw-people-'));
let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The link of the verification mail: from the SMTP server `serve` sent it to, or from `start`'s console. */
async function verificationLink(mode: 'serve' | 'start', server: ServerProcess): Promise<string> {
  if (mode === 'serve') {
    await smtp.waitFor(1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('ada@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address for Answerwatch');
    return mail.text!.match(/https?:\/\/\S+/)![0];
  }
  for (let i = 0; i < 200 && !/Link: /.test(server.output()); i += 1)
    await new Promise((r) => setTimeout(r, 50));
  return server.output().match(/Link: (\S+)/)![1]!;
}

describe.each(['serve', 'start'] as const)('people on %s', (mode) => {
  it('signs up, follows the verification link, reads /v1 with the session cookie, and is refused after signing out', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const mail: Record<string, string> =
      mode === 'serve'
        ? {
            ANSWERWATCH_SMTP_URL: smtp.url,
            ANSWERWATCH_MAIL_FROM: 'Answerwatch <people@answerwatch.example>',
            ANSWERWATCH_PUBLIC_URL: origin,
          }
        : {};
    const server = await startServer(
      join(dir, `${mode}.db`),
      { ANSWERWATCH_SIGNUP: 'open', ...mail },
      mode,
      port,
    );
    try {
      const signUp = await fetch(`${origin}/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }),
      });
      expect(signUp.status).toBe(200);
      expect(signUp.headers.has('access-control-allow-origin')).toBe(false);
      expect(signUp.headers.getSetCookie()).toEqual([]);
      const link = await verificationLink(mode, server);
      expect(link).toMatch(new RegExp(`^${origin}/app/verify-email\\?token=`));
      const verified = await fetch(link, { redirect: 'manual' });
      expect(verified.status).toBe(200);
      expect(await verified.text()).toContain('you are signed in');
      const cookie = verified.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      expect(cookie).toMatch(/^answerwatch\.session_token=/);

      const session = await fetch(`${origin}/auth/get-session`, { headers: { cookie } });
      expect((await session.json()).user.email).toBe('ada@example.com');
      const me = await fetch(`${origin}/v1/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect((await me.json()).label).toBe('ada@example.com (signed in)');

      const out = await fetch(`${origin}/auth/sign-out`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(out.status).toBe(200);
      expect((await fetch(`${origin}/v1/me`, { headers: { cookie } })).status).toBe(401);
    } finally {
      await server.stop();
    }
  });
});

describe('serve and sign-up without SMTP', () => {
  const serve = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, [BIN, 'serve', '--db', join(dir, 'refused.db'), '--port', '0'], {
      env: { ...process.env, ANSWERWATCH_SMTP_URL: '', ANSWERWATCH_MAIL_FROM: '', ...env },
      timeout: 30_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );

  it.each(['invite', 'open'])('refuses to start with ANSWERWATCH_SIGNUP=%s, in one line', async (signUp) => {
    const r = await serve({ ANSWERWATCH_SIGNUP: signUp });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `answerwatch: ANSWERWATCH_SIGNUP=${signUp} needs ANSWERWATCH_SMTP_URL and ANSWERWATCH_MAIL_FROM: on serve, ` +
        'invitations and the links that confirm an address go by e-mail, and without SMTP none would arrive.\n',
    );
  });

  it('starts on the defaults, for integrators who do not sign people in', async () => {
    const server = await startServer(join(dir, 'defaults.db'), { ANSWERWATCH_SIGNUP: '' }, 'serve');
    try {
      expect((await fetch(`${server.baseUrl}/openapi.json`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
