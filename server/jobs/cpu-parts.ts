import { openSync, readSync, writeFileSync } from 'node:fs';
import type { Repositories, Store } from '../store/index.ts';

/** The parts of storing a run's answer that CPU is counted in; begin + commit is what a transaction used beyond its calls. */
export const CPU_PARTS = ['scoring', 'statements', 'summaries', 'runCounts', 'commit'] as const;
export type CpuPart = (typeof CPU_PARTS)[number];

/** What the counters hold: the storing thread's busy µs by part (threadBusyClock), the group commits and the answers scored. */
export interface CpuPartsFigures {
  cpuUs: Record<CpuPart, number>;
  groups: number;
  answers: number;
}

export interface CpuParts {
  /** Runs `work`, adding the thread's busy time it took to `part`. */
  time<T>(part: CpuPart, work: () => T): T;
  /** Counts one scored answer. */
  scored(): void;
  /** `store` whose transactions add their busy time to the parts, repository call by call. */
  store(store: Store): Store;
  figures(): CpuPartsFigures;
}

/**
 * This thread's busy time, µs: wall time less the time it waited for a core (the kernel's run delay of the thread,
 * /proc/thread-self/schedstat), so a busy machine does not inflate it and V8's compiler and GC threads working on
 * another core meanwhile are not charged to what is timed. The kernel's own count of the thread's CPU in that file
 * moves only at scheduler ticks (milliseconds), too coarse for a statement; the run delay is added before the thread
 * runs again, so it is exact. Time blocked in a call (a write to disk) counts, as the thread could do nothing else.
 * Where there is no such file (macOS, Windows), the process's CPU.
 */
export function threadBusyClock(): () => number {
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return () => {
      const u = process.cpuUsage();
      return u.user + u.system;
    };
  }
  const buffer = Buffer.alloc(64);
  return () => {
    // The wall clock first: a thread is most often preempted as a system call returns, and a wait that begins as
    // the read returns is then in neither reading, rather than in the run delay read here but not in the wall time.
    const wallUs = performance.now() * 1000;
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return wallUs - Number(buffer.toString('latin1', 0, n).split(' ', 2)[1]) / 1000;
  };
}

/** Which part each repository's calls count in; a repository not named counts in the run's counts. */
const PART_OF: Partial<Record<keyof Repositories, CpuPart>> = {
  answers: 'statements',
  summaries: 'summaries',
  driftSummaries: 'summaries',
  sourceSummaries: 'summaries',
  promptSummaries: 'summaries',
  trendSummaries: 'summaries',
  surfaceSummaries: 'summaries',
  querySummaries: 'summaries',
};

/**
 * Counters of the CPU spent storing answers, by part, for benchmarks and profiling (ANSWERWATCH_PROFILE_PARTS):
 * exact while one transaction runs at a time (as the group commit ensures) and nothing else runs between its
 * statements; in a busy service, work of other requests that runs while a statement's promise settles is counted
 * in that statement's part.
 */
export function createCpuParts(now: () => number = threadBusyClock()): CpuParts {
  const cpuUs = Object.fromEntries(CPU_PARTS.map((p) => [p, 0])) as Record<CpuPart, number>;
  let groups = 0;
  let answers = 0;
  const inCalls = () => cpuUs.statements + cpuUs.summaries + cpuUs.runCounts;

  const timed = (tx: Repositories): Repositories =>
    Object.fromEntries(
      Object.entries(tx).map(([name, repo]) => [
        name,
        new Proxy(repo as object, {
          get(target, key) {
            const value = Reflect.get(target, key) as unknown;
            if (typeof value !== 'function') return value;
            // markPending is the run's mark on its day, not a summary figure.
            const part =
              key === 'markPending' ? 'runCounts' : (PART_OF[name as keyof Repositories] ?? 'runCounts');
            return async (...args: unknown[]) => {
              const t = now();
              try {
                return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
              } finally {
                cpuUs[part] += now() - t;
              }
            };
          },
        }),
      ]),
    ) as unknown as Repositories;

  return {
    time(part, work) {
      const t = now();
      try {
        return work();
      } finally {
        cpuUs[part] += now() - t;
      }
    },
    scored: () => void (answers += 1),
    store: (store) => ({
      ...store,
      async transaction(work) {
        const t = now();
        const before = inCalls();
        try {
          return await store.transaction((tx) => work(timed(tx)));
        } finally {
          groups += 1;
          cpuUs.commit += now() - t - (inCalls() - before);
        }
      },
    }),
    figures: () => ({ cpuUs: { ...cpuUs }, groups, answers }),
  };
}

/** Counters whose figures so far are written to `path` as JSON each time `write` is called (at each run's end). */
export function cpuPartsFile(path: string): CpuParts & { write(): void } {
  const parts = createCpuParts();
  return { ...parts, write: () => writeFileSync(path, JSON.stringify(parts.figures())) };
}
