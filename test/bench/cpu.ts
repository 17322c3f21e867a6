import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after its closing one.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/**
 * CPU time (user and system, in ms) used so far by these processes and their direct children (PostgreSQL's
 * backends are children of its postmaster). CPU time, unlike wall time, is not inflated by other work on a busy
 * machine, so per-request figures from it say what a request costs.
 */
export function cpuMs(pids: readonly number[]): number {
  const roots = new Set(pids);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const s = stat(pid);
    if (s && (roots.has(pid) || roots.has(s.ppid))) ticks += s.ticks;
  }
  return (ticks * 1000) / TICKS;
}
