import { openSync, readSync, writeFileSync } from 'node:fs';
import type { Repositories, Store } from '../store/index.ts';

/** The parts of storing a run's answer that CPU is counted in; begin + commit is what a transaction used beyond its calls. */
export const CPU_PARTS = ['scoring', 'statements', 'summaries', 'runCounts', 'commit'] as const;
export type CpuPart = (typeof CPU_PARTS)[number];

/** What the counters hold: CPU µs of the storing thread by part, the group commits and the answers scored. */
export interface CpuPartsFigures {
  cpuUs: Record<CpuPart, number>;
  groups: number;
  answers: number;
}

export interface CpuParts {
  /** Runs `work`, adding the thread's CPU it used to `part`. */
  time<T>(part: CpuPart, work: () => T): T;
  /** Counts one scored answer. */
  scored(): void;
  /** `store` whose transactions add their CPU to the parts, repository call by call. */
  store(store: Store): Store;
  figures(): CpuPartsFigures;
}

/**
 * CPU µs this thread has run: the kernel's count for the thread (/proc/thread-self/schedstat), not the process's,
 * so V8's compiler and GC threads working on the other core meanwhile are not charged to what is timed. Where
 * there is no such file (macOS, Windows), the process's CPU.
 */
export function threadCpuClock(): () => number {
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
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return Number(buffer.toString('latin1', 0, n).split(' ', 1)[0]) / 1000;
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
export function createCpuParts(now: () => number = threadCpuClock()): CpuParts {
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
