import { z } from 'zod';
import { ops } from '../../contract/operations.ts';
import { RunRequestCreate } from '../../contract/runs.ts';
import { CompetitorsReplace, PromptCreate, PromptUpdate } from '../../contract/setup.ts';
import { TrackingUpdate } from '../../contract/tracking.ts';
import { replaceCompetitors } from '../../domain/competitor-writes.ts';
import { createPrompt, deletePrompt, updatePrompt } from '../../domain/prompt-writes.ts';
import { createRunRequest } from '../../domain/start-run.ts';
import { updateTracking } from '../../domain/tracking-writes.ts';
import { argsOf, tool } from '../tool.ts';

/** Set-up (tracking:write) and runs (runs:execute): the same domain writes as the REST routes, same rules. */
export const writeTools = [
  tool({
    name: 'create_prompt',
    title: 'Create prompt',
    description:
      'Track a new prompt (question asked to the engines), optionally in topics and on chosen engines.',
    scope: 'tracking:write',
    input: argsOf(ops.createPrompt.params, PromptCreate),
    output: ops.createPrompt.responses[201].schema,
    annotations: { destructiveHint: false, idempotentHint: false },
    run: ({ s, caller }, { projectId, ...body }) => createPrompt(s, caller, projectId, body),
  }),
  tool({
    name: 'update_prompt',
    title: 'Update prompt',
    description:
      "Change a prompt's text, topics or engines, or set a paused prompt active; only the fields given change.",
    scope: 'tracking:write',
    input: argsOf(ops.updatePrompt.params, PromptUpdate),
    output: ops.updatePrompt.responses[200].schema,
    annotations: { destructiveHint: false, idempotentHint: true },
    run: ({ s, caller }, { projectId, promptId, ...body }) =>
      updatePrompt(s, caller, projectId, promptId, body),
  }),
  tool({
    name: 'delete_prompt',
    title: 'Delete prompt',
    description: 'Stop tracking a prompt; its stored answers stay readable with promptId null.',
    scope: 'tracking:write',
    input: ops.deletePrompt.params,
    output: ops.deletePrompt.responses[200].schema,
    annotations: { destructiveHint: true, idempotentHint: false },
    run: ({ s, caller }, { projectId, promptId }) => deletePrompt(s, caller, projectId, promptId),
  }),
  tool({
    name: 'replace_competitors',
    title: 'Replace competitors',
    description:
      'Replace the whole competitor list (send every competitor to keep); same names merge their domains.',
    scope: 'tracking:write',
    input: ops.replaceCompetitors.params.extend({ competitors: CompetitorsReplace }),
    output: ops.replaceCompetitors.responses[200].schema,
    annotations: { destructiveHint: true, idempotentHint: true },
    run: ({ s, caller }, { projectId, competitors }) => replaceCompetitors(s, caller, projectId, competitors),
  }),
  tool({
    name: 'update_tracking',
    title: 'Update tracking',
    description:
      "Change the project's engines, schedule (cadence, time, day, timezone) or samples per prompt.",
    scope: 'tracking:write',
    input: argsOf(ops.updateTracking.params, TrackingUpdate),
    output: ops.updateTracking.responses[200].schema,
    annotations: { destructiveHint: false, idempotentHint: true },
    run: ({ s, caller }, { projectId, ...body }) => updateTracking(s, caller, projectId, body),
  }),
  tool({
    name: 'start_run',
    title: 'Start run',
    description:
      'Ask the engines every active prompt now (spends allowance); poll get_run_request about once a minute until it ends.',
    scope: 'runs:execute',
    input: argsOf(ops.createRunRequest.params, RunRequestCreate).extend({
      idempotencyKey: z
        .string()
        .min(1)
        .max(128)
        .optional()
        .describe('The same key within 24 hours returns the earlier request instead of starting another run'),
    }),
    output: ops.createRunRequest.responses[202].schema,
    annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ s, caller }, { projectId, ...input }) => {
      const { request, replayed } = await createRunRequest(s, caller, projectId, input);
      return replayed ? { ...request, replayed } : request;
    },
  }),
];
