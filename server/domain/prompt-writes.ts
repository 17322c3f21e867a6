import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { allowedEngineIds } from './engine-filter.ts';
import { AppError, notFound } from './errors.ts';
import { newId } from './ids.ts';
import { promptResource } from './setup.ts';

export interface PromptInput {
  text?: string;
  topicIds?: string[];
  engineIds?: string[];
  status?: 'active';
}

/** The contract's code list is complete, so a duplicate is a 409 invalid_parameter naming the prompt it repeats. */
async function refuseDuplicate(s: Services, projectId: string, text: string, self?: string) {
  const existing = await s.store.prompts.idByText(projectId, text);
  if (existing && existing !== self) {
    throw new AppError(
      'invalid_parameter',
      'A prompt with this text exists already.',
      { existingPromptId: existing },
      409,
    );
  }
}

/** A topic id the project does not have yet creates the topic, labelled with the id. */
const newTopics = (ids: readonly string[]) => ids.map((id) => ({ id, label: id }));

/** A new active prompt's record, not yet stored. */
export const newPromptRecord = (
  projectId: string,
  text: string,
  engineIds: string[],
  topicIds: string[],
  createdAt: string,
) => ({ id: newId('pmt'), projectId, text, status: 'active' as const, engineIds, topicIds, createdAt });

export async function createPrompt(
  s: Services,
  caller: Caller,
  projectId: string,
  input: PromptInput & { text: string },
) {
  const project = await readableProject(s, caller, projectId);
  const engineIds = allowedEngineIds(caller.plan, 'engineIds', input.engineIds ?? project.tracking.engineIds);
  const topicIds = [...new Set(input.topicIds ?? [])];
  const { maxPrompts } = caller.plan.limits;
  if (maxPrompts !== null && (await s.store.prompts.countByProject(projectId)) >= maxPrompts) {
    throw new AppError(
      'plan_limit',
      `The ${caller.plan.code} plan allows at most ${maxPrompts} prompts a project (maxPrompts).`,
    );
  }
  await refuseDuplicate(s, projectId, input.text);
  const prompt = newPromptRecord(projectId, input.text, engineIds, topicIds, s.clock.now().toISOString());
  await s.store.transaction(async (tx) => {
    await tx.topics.ensure(projectId, newTopics(topicIds), prompt.createdAt);
    await tx.prompts.create(prompt);
  });
  return promptResource(prompt);
}

/** Only the fields sent change; topicIds and engineIds sent replace the lists; status can only become active. */
export async function updatePrompt(
  s: Services,
  caller: Caller,
  projectId: string,
  promptId: string,
  input: PromptInput,
) {
  await readableProject(s, caller, projectId);
  if (!(await s.store.prompts.get(projectId, promptId))) throw notFound('prompt');
  if (input.text !== undefined) await refuseDuplicate(s, projectId, input.text, promptId);
  const engineIds = input.engineIds && allowedEngineIds(caller.plan, 'engineIds', input.engineIds);
  const topicIds = input.topicIds && [...new Set(input.topicIds)];
  await s.store.transaction(async (tx) => {
    if (topicIds) await tx.topics.ensure(projectId, newTopics(topicIds), s.clock.now().toISOString());
    await tx.prompts.update(projectId, promptId, {
      text: input.text,
      status: input.status,
      engineIds,
      topicIds,
    });
  });
  return promptResource((await s.store.prompts.get(projectId, promptId))!);
}

/** Stored answers stay readable, with promptId null; deleting again is a 404. */
export async function deletePrompt(s: Services, caller: Caller, projectId: string, promptId: string) {
  await readableProject(s, caller, projectId);
  if (!(await s.store.prompts.delete(projectId, promptId))) throw notFound('prompt');
  return { deleted: true };
}
