import type { Selectable } from 'kysely';
import type { AnswerEngine } from '../../engines/types.ts';
import type { ScoredAnswer } from '../../engines/scoring/index.ts';
import { answerCounts, answerRow, projectScorer, type Judgement } from '../domain/answer-rows.ts';
import type { Clock } from '../domain/clock.ts';
import { runsOnFor, type Plan } from '../domain/plans.ts';
import { slotsOf, type Slot } from '../domain/run-plan.ts';
import type { RunAnswer, RunOutcome, StartedRun } from '../domain/run-lifecycle.ts';
import type { GroupCommit } from '../domain/group-commit.ts';
import { importedAnswerId } from '../domain/import-answers.ts';
import { engineFailure, failedEnginesText, failureTally, noServiceKey } from '../domain/engine-failures.ts';
import type { Store } from '../store/index.ts';
import type { Database } from '../store/schema.ts';
import type { CpuParts } from './cpu-parts.ts';

type RequestRow = Selectable<Database['run_requests']>;

export interface JudgeInput {
  projectId: string;
  answerText: string;
  mentioned: boolean;
  signal: AbortSignal;
}

/** Sentiment and drift from an LLM; null keeps the offline scorer's sentiment and leaves drift unset. */
export type AnswerJudge = (input: JudgeInput) => Promise<Judgement | null>;

export interface CloudRunDeps {
  store: Store;
  clock: Clock;
  engines: ReadonlyMap<string, AnswerEngine>;
  judge: AnswerJudge | null;
  /** Where answers are stored, grouped with those of every run this process works (runAnswerGroups). */
  answers: GroupCommit<RunAnswer, boolean>;
  onSlotError?: (slot: Slot, err: unknown) => void;
  /** When set, scoring adds its CPU here (ANSWERWATCH_PROFILE_PARTS). */
  cpuParts?: CpuParts;
}

/** Thrown for a slot whose engine the service has no adapter for, so its failure says which key to set. */
class NoServiceKey extends Error {}

/**
 * Asks every slot of a run that is not stored yet, all at once: each engine adapter queues what is beyond its
 * own concurrency limit, so engines work side by side. Each answer is scored (and judged) as it arrives and
 * stored with the next group of answers (a few milliseconds at most when none is being written), so the Run's
 * count follows closely and a restart asks only what is missing: a slot counts as done once its group committed.
 */
export async function executeCloudRun(
  deps: CloudRunDeps,
  request: RequestRow,
  started: StartedRun,
  plan: Plan,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const { store, clock, engines, judge } = deps;
  const { run, prompts } = started;
  const { score, competitorSet } = await projectScorer(store, request.project_id);
  const done = await store.answers.keysOfRun(run.id);
  // A taken-over run asks its failed slots again, so their earlier failures no longer count.
  if (run.failed_count > 0) await store.runs.addCounts(run.id, 0, -run.failed_count);
  const planned = slotsOf(run.id, prompts, run.samples_per_prompt);
  const asked = new Map<string, number>();
  for (const slot of planned) asked.set(slot.engineId, (asked.get(slot.engineId) ?? 0) + 1);
  const slots = planned.filter((slot) => !done.has(slot.key));
  const failures = failureTally();
  let errors = 0;
  // Source redirect links named by several answers of this run are read once (Gemini's grounding links).
  const resolvedLinks = new Map<string, Promise<string | null>>();
  const { cpuParts } = deps;
  const time: CpuParts['time'] = cpuParts ? (part, work) => cpuParts.time(part, work) : (_, work) => work();

  const askSlot = async (slot: Slot): Promise<void> => {
    const engine = engines.get(slot.engineId);
    if (!engine) throw new NoServiceKey(`${slot.engineId}: no API key is configured for this engine`);
    const answer = await engine.ask(slot.prompt.text, { signal, resolvedLinks });
    const observedAt = clock.now().toISOString();
    const rowOf = (scored: ScoredAnswer, judged: Judgement | null) => {
      const row = answerRow(
        scored,
        {
          id: importedAnswerId(request.project_id, slot.key),
          projectId: request.project_id,
          runId: run.id,
          importKey: slot.key,
          promptId: slot.prompt.promptId,
          promptText: slot.prompt.text,
          topicId: slot.prompt.topicId,
          engineId: slot.engineId,
          observedAt,
          createdAt: observedAt,
          competitorSet,
          searchQueries: answer.searchQueries,
        },
        judged,
      );
      return { row, counts: answerCounts(row, scored, answer.searchQueries) };
    };
    const raw = { text: answer.text, sources: answer.sources };
    const judgedRow = async () => {
      const scored = time('scoring', () => score(raw));
      const judged = await judge!({
        projectId: request.project_id,
        answerText: answer.text,
        mentioned: scored.mentioned,
        signal,
      });
      return time('scoring', () => rowOf(scored, judged));
    };
    // Building the row and its counts is scoring's part too, as the run-store bench and the import count it; timed
    // in one piece unless a judge is awaited between, since each timing reads the clock from /proc.
    const { row, counts } = judge ? await judgedRow() : time('scoring', () => rowOf(score(raw), null));
    cpuParts?.scored();
    const units = runsOnFor(plan, slot.engineId) === 'cloud' ? 1 : 0;
    await deps.answers.add({ row, counts, requestId: request.id, units });
  };

  await Promise.all(
    slots.map(async (slot) => {
      try {
        await askSlot(slot);
      } catch (err) {
        if (signal.aborted) return;
        errors += 1;
        failures.add(
          slot.engineId,
          err instanceof NoServiceKey ? noServiceKey(slot.engineId) : engineFailure(slot.engineId, err),
        );
        deps.onSlotError?.(slot, err);
        await store.runs.addCounts(run.id, 0, 1);
      }
    }),
  );
  if (signal.aborted) return { status: 'canceled' };
  const failed = failures.failedEngines(asked);
  if (done.size + slots.length - errors === 0 && errors > 0) {
    return {
      status: 'failed',
      code: 'all_answers_failed',
      message: `Every answer failed (${errors}). ${failedEnginesText(failed)}`,
      failedEngines: failed,
    };
  }
  return { status: 'completed', failedEngines: failed };
}
