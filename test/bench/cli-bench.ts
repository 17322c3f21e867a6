import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const BIN = 'server/cli/bin.js';

export interface CliFigure {
  name: string;
  medianMs: number;
  minMs: number;
  /** The median over `node -e 0`'s median in the same run. */
  ratio: number;
  /** The target in seconds, on a machine where `node -e 0` takes 0.1 s; null for the baseline. */
  targetSeconds: number | null;
}

interface Case {
  name: string;
  targetSeconds: number | null;
  /** One measured run, in milliseconds from spawning the process. */
  once(): Promise<number>;
}

/** Spawn to exit; a command that fails voids the benchmark. */
async function timeExit(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const elapsed = performance.now() - started;
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}: ${stderr}`);
  return elapsed;
}

/** Spawn to the first answer of `GET /v1/me` (200, with a key), asked as soon as the service says it listens. */
async function timeStart(db: string, key: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'start', '--db', db, '--port', '0'], {
    env: { ...process.env, ANSWERWATCH_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /listening on (http:\/\/\S+\/v1)/.exec(out);
        if (m) resolve(m[1]!);
      });
      void exited.then(() => reject(new Error(`start exited before listening: ${out}`)));
    });
    const res = await fetch(`${baseUrl}/me`, { headers: { authorization: `Bearer ${key}` } });
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET /v1/me answered ${res.status}: ${await res.text()}`);
    return elapsed;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * How soon the `answerwatch` command is ready, as people and scripts meet it: each command spawned as its own
 * process `runs` times, the cases taking turns so that a change in the machine's load touches them all alike, and
 * each median as a ratio to `node -e 0`'s in the same run. `start` is timed from spawning it to the answer of its
 * first request, on a database that already has an account (whose host agent is paired by a first, untimed start).
 */
export async function measureCli(runs: number): Promise<CliFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-cli-bench-'));
  try {
    const accountsDb = join(dir, 'accounts.db');
    const startDb = join(dir, 'start.db');
    const cli = async (...args: string[]) =>
      JSON.parse((await exec(process.execPath, [BIN, ...args, '--json'])).stdout);
    // Created before the clock runs: the timed commands meet an existing, migrated database, as they usually do.
    await cli('accounts', 'create', '--plan', 'free', '--db', accountsDb);
    const account = await cli('accounts', 'create', '--plan', 'premium', '--db', startDb);
    const { key } = await cli('keys', 'create', '--account', account.id, '--label', 'bench', '--db', startDb);
    await timeStart(startDb, key);

    const cases: Case[] = [
      { name: 'node -e 0', targetSeconds: null, once: () => timeExit(['-e', '0']) },
      { name: 'answerwatch --help', targetSeconds: 0.4, once: () => timeExit([BIN, '--help']) },
      {
        name: 'answerwatch accounts create',
        targetSeconds: 0.6,
        once: () => timeExit([BIN, 'accounts', 'create', '--plan', 'premium', '--db', accountsDb, '--json']),
      },
      {
        name: 'answerwatch start, to its first answer',
        targetSeconds: 1.5,
        once: () => timeStart(startDb, key),
      },
    ];
    const times = new Map<Case, number[]>(cases.map((c) => [c, []]));
    for (let i = 0; i < runs; i += 1) for (const c of cases) times.get(c)!.push(await c.once());
    const baseline = median(times.get(cases[0]!)!);
    return cases.map((c) => ({
      name: c.name,
      medianMs: median(times.get(c)!),
      minMs: Math.min(...times.get(c)!),
      ratio: median(times.get(c)!) / baseline,
      targetSeconds: c.targetSeconds,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
