/**
 * `answerwatch start` on a terminal, as a person runs it: a real process under a pseudo-terminal (util-linux
 * `script`), so its stdout is a TTY for real. It prints the next steps on an empty database, keeps request logs in
 * a file (or on the terminal with --verbose); the commands it prints are run as printed.
 */
import { exec as execCallback, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/e2e.ts';

const sh = promisify(execCallback);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

interface Terminal {
  child: ChildProcess;
  /** What the terminal showed so far, line ends as written by the process. */
  screen(): string;
  baseUrl: string;
  /** Ctrl+C typed on the terminal: the service stops as a person stops it. */
  interrupt(): Promise<void>;
}

async function startOnTerminal(db: string, ...flags: string[]): Promise<Terminal> {
  // `exec`: the service itself is the terminal's foreground process, as when a person types the command. `script`
  // runs it through $SHELL, and dash (Debian's /bin/sh, CI's shell) would otherwise stay in between and die of the
  // Ctrl+C itself, so the terminal would report 130 whatever the service did.
  const command = `exec ${[
    process.execPath,
    'server/cli/bin.js',
    'start',
    '--db',
    db,
    '--port',
    '0',
    ...flags,
  ]
    .map(quote)
    .join(' ')}`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: ROOT,
    env: { ...process.env, ANSWERWATCH_LOG_LEVEL: 'info' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const baseUrl = await until(
    'start to listen',
    async () => {
      if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}: ${out}`);
      return out.match(/listening on (http:\/\/\S+\/v1)/)?.[1];
    },
    (url) => url !== undefined,
  );
  // The banner is one write; what follows it (the log line, or nothing) needs a moment to arrive.
  await new Promise((r) => setTimeout(r, 300));
  return {
    child,
    baseUrl: baseUrl!,
    screen: () => out.replaceAll('\r\n', '\n'),
    interrupt: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin!.write('\x03');
      }),
  };
}

describe('answerwatch start on a terminal', () => {
  let dir: string;
  let db: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aw-tty-'));
    db = join(dir, 'answerwatch.db');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the next steps on an empty database, logs requests to a file, and the printed commands work', async () => {
    const term = await startOnTerminal(db);
    try {
      const probe = await fetch(`${term.baseUrl}/me?probe=terminal`);
      expect(probe.status).toBe(401);
      const screen = term.screen();
      expect(screen).toContain('Next steps (this database has no account yet):');
      expect(screen).toContain(`Logs: ${join(dir, 'answerwatch.log')} (start --verbose prints them here)`);
      // Nothing but what a person reads: no JSON log line on the terminal.
      expect(screen).not.toMatch(/^\{"level"/m);
      expect(screen).not.toContain('probe=terminal');
      const logged = await until(
        'the request in the log file',
        async () =>
          existsSync(join(dir, 'answerwatch.log')) ? readFileSync(join(dir, 'answerwatch.log'), 'utf8') : '',
        (text) => text.includes('/v1/me?probe=terminal'),
      );
      expect(logged).toMatch(/^\{"level":30/m);

      // The commands exactly as printed, from the repository root, the account id filled in.
      const printed = screen
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('npx answerwatch '));
      expect(printed).toEqual([
        `npx answerwatch accounts create --plan premium --db ${db}`,
        `npx answerwatch demo seed --account ACCOUNT_ID --db ${db}`,
        `npx answerwatch keys create --account ACCOUNT_ID --label me --scopes visibility:read,tracking:write,runs:execute --db ${db}`,
      ]);
      const created = (await sh(printed[0]!, { cwd: ROOT })).stdout;
      const accountId = created.match(/^Created account (\S+) /)?.[1];
      expect(accountId, created).toBeDefined();
      const projectId = (
        await sh(printed[1]!.replace('ACCOUNT_ID', accountId!), { cwd: ROOT })
      ).stdout.trim();
      const keyLines = (await sh(printed[2]!.replace('ACCOUNT_ID', accountId!), { cwd: ROOT })).stdout;
      const key = keyLines.match(/aw_live_\w+/)?.[0];
      const me = await fetch(`${term.baseUrl}/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { projects: string[] }).projects).toEqual([projectId]);
    } finally {
      await term.interrupt();
    }
    expect(term.child.exitCode).toBe(0);
  }, 180_000);

  it('with --verbose logs on the terminal, and prints no next steps once the database has an account', async () => {
    const term = await startOnTerminal(db, '--verbose');
    try {
      await fetch(`${term.baseUrl}/me?probe=verbose`);
      await until(
        'the request on the terminal',
        async () => term.screen(),
        (s) => s.includes('probe=verbose'),
      );
      expect(term.screen()).not.toContain('Next steps');
      expect(term.screen()).not.toContain('Logs: ');
    } finally {
      await term.interrupt();
    }
    expect(readFileSync(join(dir, 'answerwatch.log'), 'utf8')).not.toContain('probe=verbose');
  }, 120_000);
});
