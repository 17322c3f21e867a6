import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI as a separate process; a non-zero exit is returned, not thrown. */
export function runCli(...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['server/cli/bin.js', ...args], (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The real CLI as its own process, with --json; answers its parsed output. */
export async function cli(...args: string[]) {
  return cliWithEnv({}, ...args);
}

/** The same, with variables an operator sets in the command's environment (ANSWERWATCH_PUBLIC_URL, …). */
export async function cliWithEnv(env: Record<string, string>, ...args: string[]) {
  const run = await exec(process.execPath, ['server/cli/bin.js', ...args, '--json'], {
    env: { ...process.env, ...env },
  });
  return JSON.parse(run.stdout);
}

/** Polls `read` until `done` holds, for at most a minute. */
export async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A premium account on the database with a key of every scope. */
export async function accountWithKey(db: string): Promise<{ accountId: string; key: string }> {
  const account = await cli('accounts', 'create', '--plan', 'premium', '--db', db);
  const scopes = 'visibility:read,tracking:write,runs:execute';
  const key = await cli(
    'keys',
    'create',
    '--account',
    account.id,
    '--label',
    'e2e',
    '--scopes',
    scopes,
    '--db',
    db,
  );
  return { accountId: account.id, key: key.key };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are read by the assertions that check them
export type Call = (path: string, method?: string, body?: unknown) => Promise<{ status: number; body: any }>;

/** JSON calls to a running service with a key; `base()` is read per call, so a restarted service is followed. */
export function apiClient(base: () => string, key: string): Call {
  return async (path, method = 'GET', body) => {
    const r = await fetch(`${base()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: r.status, body: await r.json() };
  };
}
