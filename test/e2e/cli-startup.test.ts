/**
 * What the `answerwatch` command loads as it starts, read from a loader hook in real processes: each command
 * loads only what it uses (issue 11), and all of it is the compiled JavaScript in dist/, never TypeScript.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceCli, type Trace } from '../support/module-trace.ts';

const exec = promisify(execFile);

/** Our own modules outside the command table that the table reads: names and defaults, with no imports. */
const TABLE_CONSTANTS = [
  'dist/app/agent/keyed-engines.js',
  'dist/app/agent/paths.js',
  'dist/engines/catalog.js',
  'dist/server/contract/cadences.js',
  'dist/server/contract/days.js',
  'dist/server/domain/clock.js',
];

const ours = (t: Trace) => t.modules.filter((m) => !m.startsWith('node:') && !m.startsWith('node_modules/'));
const under = (t: Trace, ...dirs: string[]) => t.modules.filter((m) => dirs.some((d) => m.startsWith(d)));

describe('what starting the answerwatch command loads', () => {
  let dir: string;
  let db: string;
  let accountId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-startup-'));
    db = join(dir, 'answerwatch.db');
    const { stdout } = await exec(process.execPath, [
      'server/cli/bin.js',
      ...['accounts', 'create', '--plan', 'premium', '--db', db, '--json'],
    ]);
    accountId = (JSON.parse(stdout) as { id: string }).id;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--help loads commander and the command table, compiled, and nothing else', async () => {
    const trace = await traceCli(['--help']);
    expect(trace.packages).toEqual(['commander']);
    const table = ours(trace).filter((m) => !m.startsWith('dist/server/cli/'));
    expect(table.filter((m) => !m.startsWith('server/cli/'))).toEqual(TABLE_CONSTANTS);
    // The only sources run are the two plain JavaScript files that start the compiled command.
    expect(table.filter((m) => m.startsWith('server/'))).toEqual([
      'server/cli/bin.js',
      'server/cli/build.js',
    ]);
  });

  it('accounts create loads the store and the domain, not the HTTP service, the engines or zod', async () => {
    const trace = await traceCli(['accounts', 'create', '--plan', 'free', '--db', db]);
    expect(trace.packages).toEqual(['better-sqlite3', 'commander', 'kysely']);
    expect(
      under(trace, 'dist/server/http/', 'dist/server/routes/', 'dist/server/jobs/', 'dist/engines/'),
    ).toEqual(['dist/engines/catalog.js']);
    expect(under(trace, 'server/', 'engines/', 'app/').every((m) => m.endsWith('.js'))).toBe(true);
  });

  it('serve on SQLite loads neither the host agent, the browser driver nor the PostgreSQL driver', async () => {
    const trace = await traceCli(['serve', '--db', db, '--port', '0'], (out) => out.includes('listening on'));
    expect(trace.packages).toEqual(expect.arrayContaining(['fastify', 'kysely', 'zod']));
    expect(trace.packages).not.toContain('playwright-core');
    // The PostgreSQL driver loads only for a postgres:// database.
    expect(trace.packages).not.toContain('pg');
    // Fastify's own schema compilers are not used, and so not loaded (the zod ones are).
    expect(trace.packages).not.toContain('@fastify/ajv-compiler');
    // Without SMTP settings there is no mail to send, and so no mail library.
    expect(trace.packages).not.toContain('nodemailer');
    expect(under(trace, 'dist/app/agent/', 'dist/server/cli/local-host.js')).toEqual(
      under(trace, 'dist/app/agent/keyed-engines.js', 'dist/app/agent/paths.js'),
    );
  });

  it('start runs this computer’s host agent without loading the browser driver until a browser engine asks', async () => {
    const agentDb = join(dir, 'agent', accountId, 'agent.db');
    const trace = await traceCli(
      ['start', '--db', db, '--port', '0'],
      (out) => out.includes('Web UI:') && existsSync(agentDb),
    );
    expect(trace.modules).toContain('dist/app/agent/agent.js');
    expect(trace.modules).toContain('dist/engines/browser/index.js');
    expect(trace.packages).not.toContain('playwright-core');
  });
});
