import { execFileSync, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The URL of another database on the same server. */
export const databaseUrl = (serverUrl: string, name: string): string => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Runs statements on the server's maintenance database (creating and dropping databases); the last one's rows. */
export async function onServer(
  serverUrl: string,
  ...statements: string[]
): Promise<Record<string, string>[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    let rows: Record<string, string>[] = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

/** The oldest PostgreSQL the service supports, and so the oldest the tests start. */
const MIN_MAJOR = 15;

/**
 * Where initdb and pg_ctl are: Debian keeps them out of PATH, under /usr/lib/postgresql/<major>/bin; elsewhere
 * pg_config says. Null when no server is installed.
 */
export function pgBinDir(): string | null {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .map(Number)
      .filter((m) => m >= MIN_MAJOR && existsSync(join(debian, String(m), 'bin', 'initdb')))
      .sort((a, b) => b - a);
    if (majors.length > 0) return join(debian, String(majors[0]), 'bin');
  }
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    return existsSync(join(dir, 'initdb')) ? dir : null;
  } catch {
    return null;
  }
}

/** The line printed, or the error thrown under CI, when the tests need PostgreSQL and find none. */
export const PG_MISSING =
  'PostgreSQL tests need a PostgreSQL 15+ server: install it (Debian: apt-get install postgresql) or set ' +
  'ANSWERWATCH_TEST_PG to a postgres:// URL whose user may create databases.';

export interface PgCluster {
  /** postgres://postgres:<password>@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server as a crash would (immediate shutdown); `start` brings it back on the same port and data. */
  halt(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server cleanly, keeping its files. */
  stop(): Promise<void>;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
}

/** A port of 127.0.0.1 nothing listens on (at the moment of asking). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A throwaway PostgreSQL server in a temporary folder on a free port of 127.0.0.1: initdb and pg_ctl, as an
 * unprivileged user when the tests run as root (PostgreSQL refuses to run as root). `fast` trades durability for
 * speed (no fsync), which only a crash of the machine would show; tests that stop the server keep durability.
 * With `dir`, the server's files are kept there and used again by the next start (the benchmark's data set).
 */
export async function startPgCluster(
  opts: { fast?: boolean; dir?: string; settings?: string[] } = {},
): Promise<PgCluster> {
  const bin = pgBinDir();
  if (!bin) throw new Error(PG_MISSING);
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'aw-pg-'));
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'data');
  const fresh = !existsSync(join(data, 'PG_VERSION'));
  if (fresh) {
    rmSync(data, { recursive: true, force: true });
    writeFileSync(join(dir, 'password'), randomBytes(12).toString('hex'));
  }
  const password = readFileSync(join(dir, 'password'), 'utf8').trim();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'nobody']).toString()));
    chownSync(dir, uid!, gid!);
    chownSync(join(dir, 'password'), uid!, gid!);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'nobody', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  if (fresh) {
    await pg('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=scram-sha-256',
      `--pwfile=${join(dir, 'password')}`,
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
  }
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c max_connections=300',
    ...(opts.fast ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
    ...(opts.settings ?? []).map((setting) => `-c ${setting}`),
  ].join(' ');
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', settings, '-w', 'start']);
  };
  const halt = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
  };
  await start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    halt,
    start,
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
    },
    async destroy() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
