import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { hashPassword } from 'better-auth/crypto';
import { SIGN_IN_LIMITS } from '../../server/auth/sign-in-limits.ts';
import { startSmtpReceiver } from '../fakes/smtp-receiver.ts';
import { apiClient, cli } from '../support/e2e.ts';
import { freePort } from '../support/pg-cluster.ts';
import { startServer } from '../support/server-process.ts';
import { measure, type Measurement } from './measure.ts';

export interface SessionFigures {
  /** Each read with a bearer key, then the same read signed in, in the same run (none with `signInOnly`). */
  reads: [Measurement, Measurement][];
  signIns: number;
  signInP50Ms: number;
  signInP99Ms: number;
  /** The library's own password hash alone, timed here just after each sign-in: the floor a sign-in stands on. */
  hashP50Ms: number;
  hashP99Ms: number;
}

const PASSWORD = 'correct horse battery staple';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/**
 * A /v1 read through a session beside the same read with a bearer key, on one `serve` over SQLite (session checks
 * remembered per instance), and sign-in latency with the library's password hash (scrypt at its own cost). The
 * sign-ins stay under the limits a sign-in has (one address, 10 per e-mail), as a person's would.
 */
export async function measureSessions(
  requests: number,
  env: Record<string, string>,
  signInOnly = false,
): Promise<SessionFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-bench-sessions-'));
  const db = join(dir, 'answerwatch.db');
  // Sign-up on serve mails the link that confirms the address (and begins the session): to an SMTP server here.
  const smtp = await startSmtpReceiver();
  // On a port known before the start: the origin sign-up trusts is made from it.
  const port = await freePort();
  const server = await startServer(
    db,
    {
      ...env,
      ANSWERWATCH_SIGNUP: 'open',
      ANSWERWATCH_SIGNUP_PLAN: 'premium',
      ANSWERWATCH_SMTP_URL: smtp.url,
      ANSWERWATCH_MAIL_FROM: 'Answerwatch <bench@answerwatch.example>',
      ANSWERWATCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    'serve',
    port,
  );
  const origin = new URL(server.baseUrl).origin;
  const pool = new Pool(origin, { connections: 8, pipelining: 1 });
  const authPost = (path: string, body: object) =>
    fetch(`${origin}/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  try {
    const people = Array.from({ length: 2 }, (_, i) => `bench-${i}@example.com`);
    let cookie = '';
    for (const [i, email] of people.entries()) {
      const r = await authPost('sign-up/email', { name: 'Bench', email, password: PASSWORD });
      if (r.status !== 200) throw new Error(`sign-up: ${r.status} ${await r.text()}`);
      await smtp.waitFor(i + 1);
      const link = smtp.received[i]!.text!.match(/https?:\/\/\S+/)![0];
      const verified = await fetch(link, { redirect: 'manual' });
      if (verified.status !== 200) throw new Error(`confirming ${email}: ${verified.status}`);
      cookie ||= verified.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }
    const session = await fetch(`${origin}/auth/get-session`, { headers: { cookie } });
    const accountId = ((await session.json()) as { session: { activeOrganizationId: string } }).session
      .activeOrganizationId;
    const { key } = await cli(
      ...['keys', 'create', '--account', accountId, '--label', 'bench', '--db', db],
      ...['--scopes', 'visibility:read,tracking:write,runs:execute'],
    );
    const call = apiClient(() => server.baseUrl, key as string);
    const project = await call('/projects', 'POST', { name: 'Bench', websiteUrl: 'https://bench.example' });
    const base = new URL(server.baseUrl).pathname;
    const reads: [string, string][] = [
      ['GET /me', `${base}/me`],
      ['GET /projects/{id}', `${base}/projects/${project.body.id}`],
    ];
    const figures: SessionFigures['reads'] = [];
    for (const [name, path] of signInOnly ? [] : reads) {
      const bearer = await measure(
        pool,
        `${name}, key`,
        () => path,
        { authorization: `Bearer ${key}` },
        requests,
        8,
      );
      const signedIn = await measure(pool, `${name}, session`, () => path, { cookie }, requests, 8);
      figures.push([bearer, signedIn]);
    }

    const times: number[] = [];
    const hashes: number[] = [];
    const msSince = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
    for (const email of people) {
      for (let i = 0; i < SIGN_IN_LIMITS.perEmail.perMinute; i += 1) {
        const t0 = process.hrtime.bigint();
        const r = await authPost('sign-in/email', { email, password: PASSWORD });
        times.push(msSince(t0));
        if (r.status !== 200) throw new Error(`sign-in: ${r.status} ${await r.text()}`);
        // Verifying a password costs what hashing it costs (the same scrypt): timed at the same moments.
        const t1 = process.hrtime.bigint();
        await hashPassword(PASSWORD);
        hashes.push(msSince(t1));
      }
    }
    times.sort((a, b) => a - b);
    hashes.sort((a, b) => a - b);
    return {
      reads: figures,
      signIns: times.length,
      signInP50Ms: percentile(times, 0.5),
      signInP99Ms: percentile(times, 0.99),
      hashP50Ms: percentile(hashes, 0.5),
      hashP99Ms: percentile(hashes, 0.99),
    };
  } finally {
    await pool.close();
    await server.stop();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printSessions(f: SessionFigures): void {
  if (f.reads.length > 0) printReads(f.reads);
  console.log(
    `Sign-in with e-mail and password (${f.signIns} in a row): p50 ${f.signInP50Ms.toFixed(1)} ms, p99 ${f.signInP99Ms.toFixed(1)} ms` +
      (f.signInP99Ms < 300 ? ' (under 300 ms)' : ' (missed: 300 ms)') +
      `; the library's password hash alone at the same moments: p50 ${f.hashP50Ms.toFixed(1)} ms, p99 ${f.hashP99Ms.toFixed(1)} ms` +
      `; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.`,
  );
}

function printReads(reads: SessionFigures['reads']): void {
  console.log(
    '\nSigned in: a /v1 read through the session beside the same read with a bearer key (SQLite, one serve):',
  );
  console.log(
    '| read | key p50 ms | session p50 ms | added p50 ms | key p99 ms | session p99 ms | key req/s | session req/s |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [key, session] of reads) {
    const name = key.name.replace(/, key$/, '');
    console.log(
      `| ${name} | ${key.p50.toFixed(2)} | ${session.p50.toFixed(2)} | ${(session.p50 - key.p50).toFixed(2)} | ` +
        `${key.p99.toFixed(2)} | ${session.p99.toFixed(2)} | ${key.throughput.toFixed(0)} | ${session.throughput.toFixed(0)} |`,
    );
  }
  const added = Math.max(...reads.map(([key, session]) => session.p50 - key.p50));
  console.log(
    added < 1 ? 'A session adds under 1 ms p50.' : `Missed: a session adds ${added.toFixed(2)} ms p50.`,
  );
}
