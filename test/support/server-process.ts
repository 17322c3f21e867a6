import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../server/cli/bin.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Resident and peak resident memory of the service, in MiB, read from /proc. */
  memory(): { rssMiB: number; peakMiB: number };
  /** What the service printed so far (its log). */
  output(): string;
  stop(): Promise<void>;
  /** kill -9: no shutdown, no cleanup, as a crash or a pulled plug. */
  kill(): Promise<void>;
}

function procStatusMiB(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : Number.NaN;
}

function signal(child: ChildProcess, name: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(name);
  });
}

/**
 * The real service as its own process (`serve` or `start`), on a free port; on `port` when the test must know it
 * before the start (the public address in links and the origin sign-in trusts are made from it).
 */
export async function startServer(
  db: string,
  env: Record<string, string> = {},
  mode: 'serve' | 'start' = 'serve',
  port = 0,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, mode, '--db', db, '--port', String(port)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    // Keeps draining stdout after the banner so the service never blocks on a full pipe; keeps the first MiB.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (out.length > 1_048_576) return;
      out += chunk.toString();
      const m = out.match(/listening on (http:\/\/\S+\/v1)/);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return {
    child,
    baseUrl,
    output: () => out,
    memory: () => ({
      rssMiB: procStatusMiB(child.pid!, 'VmRSS'),
      peakMiB: procStatusMiB(child.pid!, 'VmHWM'),
    }),
    stop: () => signal(child, 'SIGTERM'),
    kill: () => signal(child, 'SIGKILL'),
  };
}
