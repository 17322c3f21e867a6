import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount } from '../../server/domain/accounts.ts';
import { answerCounts, answerRow, projectScorer } from '../../server/domain/answer-rows.ts';
import { systemClock } from '../../server/domain/clock.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createDemoProject, mulberry32 } from '../../server/domain/demo-data.ts';
import { importAnswers, importedAnswerId } from '../../server/domain/import-answers.ts';
import { runAnswerGroups, type RunAnswer } from '../../server/domain/run-lifecycle.ts';
import { createStore, type Repositories, type Store } from '../../server/store/index.ts';
import { begunCloudRun } from '../support/cloud-run.ts';

export const RUN_STORE_ANSWERS = Number(process.env.BENCH_RUN_STORE_ANSWERS ?? 3_000);

/** CPU microseconds per answer in each part of storing a run's answers, and the rates beside the import's. */
export interface RunStoreFigures {
  answers: number;
  groups: number;
  answersPerSecond: number;
  cpuUs: { scoring: number; statements: number; summaries: number; runCounts: number; commit: number };
  importCpuUs: number;
  importPerSecond: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** Where each repository call's CPU goes: the answer rows, the summaries, or the run's own counts. */
const PART: Record<string, 'statements' | 'summaries' | 'runCounts'> = {
  answers: 'statements',
  summaries: 'summaries',
  sourceSummaries: 'summaries',
  promptSummaries: 'summaries',
  trendSummaries: 'summaries',
  surfaceSummaries: 'summaries',
  querySummaries: 'summaries',
  runs: 'runCounts',
  runRequests: 'runCounts',
};

/**
 * A store whose transactions count the CPU of each repository call by part; what a transaction used beyond its
 * calls is its begin and commit. Exact while one transaction runs at a time, as the group commit ensures.
 */
function timedStore(store: Store, spent: Record<string, number>): Store {
  const timed = (tx: Repositories): Repositories =>
    Object.fromEntries(
      Object.entries(tx).map(([name, repo]) => [
        name,
        new Proxy(repo as object, {
          get(target, key) {
            const value = Reflect.get(target, key) as unknown;
            if (typeof value !== 'function') return value;
            return async (...args: unknown[]) => {
              const t = cpuNow();
              try {
                return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
              } finally {
                // markPending is the run's mark on its day, not a summary figure.
                const part = key === 'markPending' ? 'runCounts' : (PART[name] ?? 'runCounts');
                spent[part]! += cpuNow() - t;
              }
            };
          },
        }),
      ]),
    ) as unknown as Repositories;
  return {
    ...store,
    async transaction(work) {
      const t = cpuNow();
      const before = spent.statements! + spent.summaries! + spent.runCounts!;
      try {
        return await store.transaction((tx) => work(timed(tx)));
      } finally {
        spent.groups! += 1;
        spent.commit! += cpuNow() - t - (spent.statements! + spent.summaries! + spent.runCounts! - before);
      }
    },
  };
}

async function demoStore(dir: string, name: string, answers: number) {
  const store = createStore(await openDatabase(join(dir, `${name}.db`)));
  const account = await createAccount(store, systemClock, { plan: 'premium' });
  const demo = await createDemoProject(store, systemClock, {
    accountId: account.id,
    answers,
    days: 60,
    competitors: 50,
    random: mulberry32(16),
  });
  return { store, projectId: demo.projectId, lines: [...demo.lines] };
}

/**
 * The demo project's answers stored as a run with 0 ms engines stores them (scored, then all handed to the group
 * commit at once, in groups of at most `groupSize`: a real run's groups hold the answers in flight, 48 at 8 an engine
 * on six engines), in process on SQLite, CPU counted by part; then the same answers imported, for comparison.
 */
export async function measureRunStore(
  answers = RUN_STORE_ANSWERS,
  groupSize?: number,
): Promise<RunStoreFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-bench-runstore-'));
  try {
    const { store, projectId, lines } = await demoStore(dir, 'run', answers);
    const { requestId, run } = await begunCloudRun(store, systemClock, projectId);
    const { score, competitorSet } = await projectScorer(store, projectId);
    const spent: Record<string, number> = {
      scoring: 0,
      statements: 0,
      summaries: 0,
      runCounts: 0,
      commit: 0,
      groups: 0,
    };
    const started = performance.now();
    const t = cpuNow();
    const items: RunAnswer[] = lines.map((line, i) => {
      const raw = JSON.parse(line) as {
        promptText: string;
        engineId: string;
        observedAt: string;
        text: string;
        sources: { url: string; title: string | null }[];
        searchQueries: string[];
      };
      const scored = score({ text: raw.text, sources: raw.sources });
      const slot = `${run.id}:${i}`;
      const row = answerRow(scored, {
        id: importedAnswerId(projectId, slot),
        projectId,
        runId: run.id,
        importKey: slot,
        promptId: null,
        promptText: raw.promptText,
        topicId: null,
        engineId: raw.engineId,
        observedAt: raw.observedAt,
        createdAt: raw.observedAt,
        competitorSet,
        searchQueries: raw.searchQueries,
      });
      return { row, counts: answerCounts(row, scored, raw.searchQueries), requestId, units: 1 };
    });
    spent.scoring = cpuNow() - t;
    const groups = runAnswerGroups(timedStore(store, spent), { maxItems: groupSize });
    const stored = await Promise.all(items.map((a) => groups.add(a)));
    const seconds = (performance.now() - started) / 1000;
    if (stored.filter(Boolean).length !== answers) throw new Error('not every answer was stored');
    await store.close();

    const imported = await demoStore(dir, 'import', answers);
    const importStarted = performance.now();
    const it = cpuNow();
    const result = await importAnswers(imported.store, systemClock, imported.projectId, imported.lines);
    const importCpu = cpuNow() - it;
    const importSeconds = (performance.now() - importStarted) / 1000;
    await imported.store.close();
    if (result.imported !== answers) throw new Error(`imported ${result.imported} answers`);
    const per = (us: number) => us / answers;
    return {
      answers,
      groups: spent.groups!,
      answersPerSecond: answers / seconds,
      cpuUs: {
        scoring: per(spent.scoring),
        statements: per(spent.statements!),
        summaries: per(spent.summaries!),
        runCounts: per(spent.runCounts!),
        commit: per(spent.commit!),
      },
      importCpuUs: per(importCpu),
      importPerSecond: answers / importSeconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
