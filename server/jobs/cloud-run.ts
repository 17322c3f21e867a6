import type { Selectable } from 'kysely';
import type { AnswerEngine } from '../../engines/types.ts';
import { EngineError } from '../../engines/types.ts';
import { answerCounts, answerRow, projectScorer, type Judgement } from '../domain/answer-rows.ts';
import type { Clock } from '../domain/clock.ts';
import { runsOnFor, type Plan } from '../domain/plans.ts';
import { slotsOf, type Slot } from '../domain/run-plan.ts';
import { recordRunAnswer, type RunOutcome, type StartedRun } from '../domain/run-lifecycle.ts';
import { importedAnswerId } from '../domain/import-answers.ts';
import type { Store } from '../store/index.ts';
import type { Database } from '../store/schema.ts';

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
  onSlotError?: (slot: Slot, err: unknown) => void;
}

function describe(err: unknown): string {
  if (err instanceof EngineError) return `${err.engineId}: ${err.code} (${err.message})`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Asks every slot of a run that is not stored yet, all at once: each engine adapter queues what is beyond its
 * own concurrency limit, so engines work side by side. Each answer is scored (and judged) as it arrives and
 * stored at once, so the Run's count is right at every moment and a restart asks only what is missing.
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
  const slots = slotsOf(run.id, prompts, run.samples_per_prompt).filter((slot) => !done.has(slot.key));
  const errors: string[] = [];
  // Source redirect links named by several answers of this run are read once (Gemini's grounding links).
  const resolvedLinks = new Map<string, Promise<string | null>>();

  const askSlot = async (slot: Slot): Promise<void> => {
    const engine = engines.get(slot.engineId);
    if (!engine) throw new Error(`${slot.engineId}: no API key is configured for this engine`);
    const answer = await engine.ask(slot.prompt.text, { signal, resolvedLinks });
    const observedAt = clock.now().toISOString();
    const scored = score({ text: answer.text, sources: answer.sources });
    const judged = judge
      ? await judge({
          projectId: request.project_id,
          answerText: answer.text,
          mentioned: scored.mentioned,
          signal,
        })
      : null;
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
      },
      judged,
    );
    const units = runsOnFor(plan, slot.engineId) === 'cloud' ? 1 : 0;
    await recordRunAnswer(store, request, row, answerCounts(row, scored), units);
  };

  await Promise.all(
    slots.map(async (slot) => {
      try {
        await askSlot(slot);
      } catch (err) {
        if (signal.aborted) return;
        errors.push(describe(err));
        deps.onSlotError?.(slot, err);
        await store.runs.addCounts(run.id, 0, 1);
      }
    }),
  );
  if (signal.aborted) return { status: 'canceled' };
  const stored = done.size + slots.length - errors.length;
  if (stored === 0 && errors.length > 0) {
    return { status: 'failed', code: 'all_answers_failed', message: summarise(errors) };
  }
  return { status: 'completed' };
}

/** The most frequent reasons first, so the run's error says what to fix. */
function summarise(errors: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e, (counts.get(e) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return `Every answer failed (${errors.length}). ${top.map(([e, n]) => `${n} x ${e}`).join('; ')}`;
}
