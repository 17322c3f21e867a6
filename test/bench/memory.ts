import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from '../support/server-process.ts';

const PROBE = new URL('./memory-probe.js', import.meta.url).href;
const MiB = 1024 * 1024;

/** What holds a process's resident memory at one moment, in MiB. */
export interface MemoryParts {
  rss: number;
  /** Pages mapped from files: the code of node, its libraries and native addons. */
  files: number;
  /** The V8 heap: in use, and reserved but free (the young generation's semispaces, free pages). */
  heapUsed: number;
  heapFree: number;
  /** Buffers outside the V8 heap: the read cache's bodies (kept as UTF-8 bytes), sockets' buffers. */
  buffers: number;
  /** The rest of the anonymous memory: SQLite's page cache and statements, malloc's arenas, thread stacks. */
  native: number;
}

/** The environment that loads the probe into a service started with it, and where the probe writes. */
export function memoryProbe(): { env: Record<string, string>; dir: string; close(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'aw-bench-memory-'));
  return {
    env: { NODE_OPTIONS: `--import ${PROBE}`, BENCH_MEMORY_PROBE: join(dir, 'memory.json') },
    dir,
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function smaps(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').split('\n')) {
    const m = line.match(/^(\w+):\s+(\d+) kB/);
    if (m) fields[m[1]!] = (Number(m[2]) * 1024) / MiB;
  }
  return fields;
}

/** Asks the service's probe for V8's and Node's view of its memory and splits the resident memory with it. */
export async function memoryParts(server: ServerProcess, probeFile: string): Promise<MemoryParts> {
  rmSync(probeFile, { force: true });
  server.child.kill('SIGWINCH');
  for (let i = 0; i < 100 && !existsSync(probeFile); i++) await new Promise((r) => setTimeout(r, 50));
  const usage = JSON.parse(readFileSync(probeFile, 'utf8')) as NodeJS.MemoryUsage;
  const s = smaps(server.child.pid!);
  const anonymous = s.Anonymous!;
  const heapTotal = usage.heapTotal / MiB;
  const buffers = usage.arrayBuffers / MiB;
  return {
    rss: s.Rss!,
    files: s.Rss! - anonymous,
    heapUsed: usage.heapUsed / MiB,
    heapFree: heapTotal - usage.heapUsed / MiB,
    buffers,
    native: anonymous - heapTotal - buffers,
  };
}

/** Target of issue 16: the service under 250 MB (decimal) resident serving the 1M data set, read cache on. */
const MEMORY_TARGET_BYTES = 250_000_000;

/** The service's memory as the reads suite found it: at start, steady after the reads, and its peak. */
export interface ServiceMemory {
  atStart: MemoryParts;
  steady: MemoryParts;
  peakMiB: number;
}

/** Prints the service's memory, by part, against the target. */
export function printMemory(answers: number, m: ServiceMemory) {
  const bytes = (mib: number) => mib * 1024 * 1024;
  const met = bytes(m.peakMiB) < MEMORY_TARGET_BYTES ? 'met' : 'missed';
  console.log(
    `\nService memory (serve on SQLite, ${answers.toLocaleString('en-US')} answers, read cache on, after every read above): ` +
      `steady ${m.steady.rss.toFixed(0)} MiB resident, peak ${m.peakMiB.toFixed(0)} MiB ` +
      `(${(bytes(m.peakMiB) / 1e6).toFixed(0)} MB; target under 250 MB: ${met}).`,
  );
  console.log('| part (MiB) | at start | steady, after the reads |');
  console.log('|---|---|---|');
  const rows: [string, keyof MemoryParts][] = [
    ['resident in all', 'rss'],
    ['mapped files: node, its libraries, native addons', 'files'],
    ['V8 heap in use', 'heapUsed'],
    ['V8 heap reserved, free (young generation, free pages)', 'heapFree'],
    ['buffers: read cache bodies, sockets', 'buffers'],
    ['native: SQLite page cache and statements, malloc', 'native'],
  ];
  for (const [label, key] of rows)
    console.log(`| ${label} | ${m.atStart[key].toFixed(1)} | ${m.steady[key].toFixed(1)} |`);
}
