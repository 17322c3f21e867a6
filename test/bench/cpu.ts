import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** A file of /proc, or null once its process or thread has ended. */
function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function parentOf(pid: number): number | null {
  const stat = read(`/proc/${pid}/stat`);
  // The command name is in parentheses and may hold spaces: fields are counted after its closing one.
  return stat === null ? null : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Whether the kernel keeps per-thread schedstats (CONFIG_SCHED_INFO); without them, ticks of /proc/<pid>/stat. */
const SCHEDSTAT = existsSync('/proc/self/task/' + process.pid + '/schedstat');

/**
 * CPU nanoseconds a process has run so far: the sum over its threads of the scheduler's own count
 * (/proc/<pid>/task/<tid>/schedstat, first field), exact to the nanosecond. /proc/<pid>/stat counts in ticks of
 * 10 ms, which at a few hundred requests of 0.1 ms each is steps of 0.05 ms a request. Threads that have exited are
 * not counted: the measured processes keep theirs (Node's thread pool, PostgreSQL's backends of a connection pool)
 * for the whole measurement.
 */
function cpuNs(pid: number): number {
  if (!SCHEDSTAT) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat === null) return 0;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e9) / TICKS;
  }
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  let ns = 0;
  for (const tid of tids) ns += Number(read(`/proc/${pid}/task/${tid}/schedstat`)?.split(' ')[0] ?? 0);
  return ns;
}

/**
 * CPU time (user and system, in ms, to the nanosecond) used so far by these processes and their direct children
 * (PostgreSQL's backends are children of its postmaster). CPU time, unlike wall time, is not inflated by other work
 * on a busy machine, so per-request figures from it say what a request costs.
 */
export function cpuMs(pids: readonly number[]): number {
  const roots = new Set(pids);
  let ns = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    if (roots.has(pid) || roots.has(parentOf(pid) ?? -1)) ns += cpuNs(pid);
  }
  return ns / 1e6;
}

/**
 * CPU ms the process's main thread has run (its task whose id is the process's). Beside cpuMs it tells the one
 * thread's busy time, which bounds a Node service's rate, from the work of V8's compiler and GC threads.
 */
export function mainThreadCpuMs(pid: number): number {
  if (!SCHEDSTAT) return Number.NaN;
  return Number(read(`/proc/${pid}/task/${pid}/schedstat`)?.split(' ')[0] ?? Number.NaN) / 1e6;
}
