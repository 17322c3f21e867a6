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
import { createCpuParts, threadBusyClock, type CpuPart } from '../../server/jobs/cpu-parts.ts';
import { createStore } from '../../server/store/index.ts';
import { begunCloudRun } from '../support/cloud-run.ts';

export const RUN_STORE_ANSWERS = Number(process.env.BENCH_RUN_STORE_ANSWERS ?? 3_000);

/** CPU microseconds per answer in each part of storing a run's answers, and the rates beside the import's. */
export interface RunStoreFigures {
  answers: number;
  groups: number;
  answersPerSecond: number;
  cpuUs: Record<CpuPart, number>;
  importCpuUs: number;
  importPerSecond: number;
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
    const parts = createCpuParts();
    const started = performance.now();
    const items: RunAnswer[] = parts.time('scoring', () =>
      lines.map((line, i) => {
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
      }),
    );
    const groups = runAnswerGroups(parts.store(store), { maxItems: groupSize });
    const stored = await Promise.all(items.map((a) => groups.add(a)));
    const seconds = (performance.now() - started) / 1000;
    if (stored.filter(Boolean).length !== answers) throw new Error('not every answer was stored');
    await store.close();

    const imported = await demoStore(dir, 'import', answers);
    const importStarted = performance.now();
    const cpuNow = threadBusyClock();
    const it = cpuNow();
    const result = await importAnswers(imported.store, systemClock, imported.projectId, imported.lines);
    const importCpu = cpuNow() - it;
    const importSeconds = (performance.now() - importStarted) / 1000;
    await imported.store.close();
    if (result.imported !== answers) throw new Error(`imported ${result.imported} answers`);
    const per = (us: number) => us / answers;
    const figures = parts.figures();
    return {
      answers,
      groups: figures.groups,
      answersPerSecond: answers / seconds,
      cpuUs: Object.fromEntries(Object.entries(figures.cpuUs).map(([part, us]) => [part, per(us)])) as Record<
        CpuPart,
        number
      >,
      importCpuUs: per(importCpu),
      importPerSecond: answers / importSeconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
