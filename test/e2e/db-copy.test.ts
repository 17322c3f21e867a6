import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../server/domain/webhook-signature.ts';
import { startFakeEngines, type FakeEngines } from '../fakes/engines/index.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { startWebhookReceiver, TEST_CA_PATH, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { accountWithKey, apiClient, cli, until, type Call } from '../support/e2e.ts';
import { rawDb } from '../support/raw-db.ts';
import { startServer } from '../support/server-process.ts';

/** `db copy` as a real process; `whenCopying` may kill it once rows are landing. */
function copy(from: string, to: string, whenCopying?: (kill: () => void) => Promise<void>) {
  const child = spawn(
    process.execPath,
    ['server/cli/bin.js', 'db', 'copy', '--from', from, '--to', to, '--batch', '50'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void whenCopying?.(() => child.kill('SIGKILL'));
  return exited.then((code) => ({ code, stdout, stderr }));
}

/**
 * The reads without the webhooks' delivery state: the demo's webhook points at an example address, and both
 * services go on trying its deliveries (and count the failures) while the reads are made.
 */
function settled(bodies: unknown[]): unknown[] {
  return bodies.map((body) => {
    const list = body as { data?: Record<string, unknown>[] };
    if (!Array.isArray(list.data) || !list.data.every((w) => 'consecutiveFailures' in w)) return body;
    return {
      ...list,
      data: list.data.map((w) => {
        const {
          active: _a,
          consecutiveFailures: _c,
          lastDeliveryAt: _t,
          lastDeliveryStatus: _s,
          ...rest
        } = w;
        return rest;
      }),
    };
  });
}

describe.skipIf(!e2eEngines().includes('postgres'))('db copy from SQLite to PostgreSQL', () => {
  let source: ServiceDatabase;
  let target: ServiceDatabase;
  let fakes: FakeEngines;
  let receiver: WebhookReceiver;
  let smtp: SmtpReceiver;
  const env = () => ({
    ...fakes.env,
    ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1',
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    ANSWERWATCH_JUDGE: 'off',
    ANSWERWATCH_LOG_LEVEL: 'warn',
    ANSWERWATCH_SIGNUP: 'open',
    // Sign-up on serve needs mail: the person confirms the address through the link before signing in.
    ANSWERWATCH_SMTP_URL: smtp.url,
    ANSWERWATCH_MAIL_FROM: 'Answerwatch <people@answerwatch.example>',
  });

  beforeAll(async () => {
    source = await serviceDatabase('sqlite');
    target = await serviceDatabase('postgres');
    fakes = await startFakeEngines({ latencyMs: 10 });
    receiver = await startWebhookReceiver();
    smtp = await startSmtpReceiver();
  }, 120_000);
  afterAll(async () => {
    await smtp?.close();
    await receiver?.close();
    await fakes?.close();
    await source?.close();
    await target?.close();
  });

  it('copies a whole database, resumes after kill -9, and the copy serves the same reads and opens the secrets', async () => {
    // A self-hosted service with a seeded project, a webhook (its secret sealed beside the file) and a run.
    const sqlite = await startServer(source.location, env(), 'serve');
    const { accountId, key } = await accountWithKey(source.location);
    const projectId = (
      await cli(
        'demo',
        'seed',
        '--account',
        accountId,
        '--answers',
        '3000',
        '--days',
        '20',
        '--db',
        source.location,
      )
    ).projectId as string;
    let call: Call = apiClient(() => sqlite.baseUrl, key);
    const hook = await call(`/projects/${projectId}/webhooks`, 'POST', { url: `${receiver.url}/hook` });
    expect(hook.status).toBe(201);
    const p = `/projects/${projectId}`;
    const reads = [
      `${p}`,
      `${p}/answers?limit=100`,
      `${p}/stats/daily`,
      `${p}/stats/competitors`,
      `${p}/prompts`,
      `${p}/webhooks`,
    ];
    const before = settled(await Promise.all(reads.map(async (path) => (await call(path)).body)));
    // A person signed up (migration 0011's tables: booleans and times stored as SQLite stores them).
    const person = { email: 'ada@example.com', password: 'correct horse battery' };
    const signUp = await fetch(`${new URL(sqlite.baseUrl).origin}/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', ...person }),
    });
    expect(signUp.status).toBe(200);
    await smtp.waitFor(1);
    // The link names the public address, here the port asked for (0); the service is where it listens.
    const link = new URL(smtp.received[0]!.text!.match(/https?:\/\/\S+/)![0]);
    const verified = await fetch(new URL(link.pathname + link.search, sqlite.baseUrl), {
      redirect: 'manual',
    });
    expect(verified.status).toBe(200);
    await sqlite.stop();

    // Killed once rows are landing, then run again: it goes on where it stopped.
    const first = await copy(source.location, target.location, async (kill) => {
      const db = rawDb(target.location);
      try {
        await until(
          'rows to land',
          async () => {
            try {
              const r = await db
                .selectFrom('db_copy_progress' as never)
                .select((eb) => eb.fn.sum<number>('copied' as never).as('n'))
                .executeTakeFirst();
              return Number(r?.n ?? 0);
            } catch {
              return 0;
            }
          },
          (n) => n > 0,
        );
        kill();
      } finally {
        await db.destroy();
      }
    });
    expect(first.code).toBeNull();
    const second = await copy(source.location, target.location);
    expect(second.code, second.stderr).toBe(0);
    for (const table of [
      'accounts',
      'api_keys',
      'projects',
      'answers',
      'answer_details',
      'daily_summaries',
      'brand_days',
      'webhooks',
      'settings',
      'auth_user',
      'auth_account',
      'auth_session',
      'auth_organization',
      'auth_member',
    ]) {
      expect(second.stdout).toMatch(new RegExp(`^  ${table} .* identical$`, 'm'));
    }
    // The demo's own webhook and the one registered above.
    expect(second.stdout).toContain('All 2 webhook secrets open with this key.');
    const keyFile = join(dirname(source.location), 'answerwatch.key');
    expect(second.stdout).toContain(`ANSWERWATCH_SECRET_KEY="$(cat ${keyFile})"`);
    expect(second.stdout).not.toContain(readFileSync(keyFile, 'utf8').trim());

    // The copy, served by the cloud service with the key the secrets were sealed with.
    const pg = await startServer(
      target.location,
      { ...env(), ANSWERWATCH_SECRET_KEY: readFileSync(keyFile, 'utf8').trim() },
      'serve',
    );
    try {
      call = apiClient(() => pg.baseUrl, key);
      const after = settled(await Promise.all(reads.map(async (path) => (await call(path)).body)));
      expect(after).toEqual(before);
      const ping = await call(`${p}/webhooks/${hook.body.id}/test`, 'POST');
      expect(ping.body).toMatchObject({ status: 'delivered' });
      const got = receiver.received.at(-1)!;
      expect(verifySignature(got.rawBody, String(got.headers['x-service-signature']), hook.body.secret)).toBe(
        true,
      );
      // The person signs in on the copy with the password hashed on SQLite, and reads /v1 through the session.
      const origin = new URL(pg.baseUrl).origin;
      const signIn = await fetch(`${origin}/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(person),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const me = await fetch(`${pg.baseUrl}/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect((await me.json()).label).toBe('ada@example.com (signed in)');
    } finally {
      await pg.stop();
    }
  }, 300_000);
});
