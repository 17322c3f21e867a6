/**
 * Sign-up and the session on the real command, `serve` and `start` alike: better-auth at /auth in the running
 * service, its cookie read by /v1, sign-out ending it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/pg-cluster.ts';
import { startServer } from '../support/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'aw-people-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(['serve', 'start'] as const)('people on %s', (mode) => {
  it('signs up, reads /v1 with the session cookie, and is refused after signing out', async () => {
    const port = await freePort();
    const server = await startServer(join(dir, `${mode}.db`), { ANSWERWATCH_SIGNUP: 'open' }, mode, port);
    try {
      const origin = `http://127.0.0.1:${port}`;
      const signUp = await fetch(`${origin}/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }),
      });
      expect(signUp.status).toBe(200);
      expect(signUp.headers.has('access-control-allow-origin')).toBe(false);
      const cookie = signUp.headers
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
