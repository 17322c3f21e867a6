import { z } from 'zod';
import { runsOnFor, type Plan } from './plans.ts';

/** One prompt as a run asks it: the text and engines fixed when the run was planned. */
export interface PlannedPrompt {
  promptId: string;
  text: string;
  topicId: string | null;
  engineIds: string[];
}

export interface RunPlan {
  prompts: PlannedPrompt[];
  samplesPerPrompt: number;
  /** `host` when any engine asked runs on the host computer (every engine does on bring-your-own-key plans). */
  mode: 'cloud' | 'host';
  /** One unit per cloud answer: prompts x their cloud engines x samples; nothing on bring-your-own-key plans. */
  estimatedUnits: number;
}

/** A prompt as the store gives it, as a run plans it. */
export const plannedPrompt = (p: {
  id: string;
  text: string;
  topicId: string | null;
  engineIds: string[];
}) => ({
  promptId: p.id,
  text: p.text,
  topicId: p.topicId,
  engineIds: p.engineIds,
});

/** The prompts with only the engines that run on one side; prompts left with none are dropped. */
export function partOf(
  plan: Plan,
  prompts: readonly PlannedPrompt[],
  side: 'cloud' | 'host',
): PlannedPrompt[] {
  return prompts
    .map((p) => ({ ...p, engineIds: p.engineIds.filter((id) => runsOnFor(plan, id) === side) }))
    .filter((p) => p.engineIds.length > 0);
}

export const StoredPlan = z.array(
  z.object({
    promptId: z.string(),
    text: z.string(),
    topicId: z.string().nullable(),
    engineIds: z.array(z.string()),
  }),
);

/**
 * What a run of the project's active prompts asks, and where. Prompts without an engine ask nothing and are
 * left out; engines the plan no longer allows are dropped rather than asked.
 */
export function planRun(plan: Plan, prompts: readonly PlannedPrompt[], samplesPerPrompt: number): RunPlan {
  const asked = prompts
    .map((p) => ({ ...p, engineIds: p.engineIds.filter((id) => plan.engineIds.includes(id)) }))
    .filter((p) => p.engineIds.length > 0);
  const onHost = asked.some((p) => p.engineIds.some((id) => runsOnFor(plan, id) === 'host'));
  const cloudAnswers = asked.reduce(
    (n, p) => n + p.engineIds.filter((id) => runsOnFor(plan, id) === 'cloud').length,
    0,
  );
  return {
    prompts: asked,
    samplesPerPrompt,
    mode: onHost ? 'host' : 'cloud',
    estimatedUnits: cloudAnswers * samplesPerPrompt,
  };
}

/** Every answer a run asks for: one per prompt, engine and sample, each with a key stable across restarts. */
export interface Slot {
  prompt: PlannedPrompt;
  engineId: string;
  sample: number;
  /** `<runId>:<promptId>:<engineId>:<sample>`: the answer's import key, so a slot is stored at most once. */
  key: string;
}

export function slotsOf(runId: string, prompts: readonly PlannedPrompt[], samplesPerPrompt: number): Slot[] {
  const slots: Slot[] = [];
  for (let sample = 1; sample <= samplesPerPrompt; sample += 1) {
    for (const prompt of prompts) {
      for (const engineId of prompt.engineIds) {
        slots.push({ prompt, engineId, sample, key: `${runId}:${prompt.promptId}:${engineId}:${sample}` });
      }
    }
  }
  return slots;
}
