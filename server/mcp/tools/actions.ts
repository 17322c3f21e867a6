import { ActionStatus } from '../../contract/actions.ts';
import { ops } from '../../contract/operations.ts';
import { listActions } from '../../domain/actions/list-actions.ts';
import { updateAction } from '../../domain/actions/update-action.ts';
import { McpAction, McpActions, quoteAction, quoteActions } from '../quoted-actions.ts';
import { argsOf, engineArg, tool } from '../tool.ts';

/** Ranked actions (extensions of v1), under the REST operations' scopes and rules: the read beside the reads. */
export const actionReadTools = [
  tool({
    name: 'list_actions',
    title: 'What to do next',
    description:
      'Ranked things to do over a date range (default the last 30 days), each with its reach, evidence and status; titles, sites, pages and searches under quoted.',
    scope: 'visibility:read',
    input: argsOf(ops.listActions.params, ops.listActions.query).extend({ engine: engineArg() }),
    output: McpActions,
    run: async ({ s, caller }, { projectId, ...q }) =>
      quoteActions(JSON.parse((await listActions(s, caller, projectId, q)).text)),
  }),
];

/** The status write, beside the other writes. */
export const actionWriteTools = [
  tool({
    name: 'update_action',
    title: 'Mark an action done or dismissed',
    description:
      "Set an action's status (open, done, dismissed), with the list's range, engines and topic; it opens again when its evidence changes materially.",
    scope: 'tracking:write',
    input: argsOf(ops.updateAction.params, ops.updateAction.query)
      .extend({ engine: engineArg() })
      .extend({ status: ActionStatus }),
    output: McpAction,
    annotations: { destructiveHint: false, idempotentHint: true },
    run: async ({ s, caller }, { projectId, actionId, status, ...q }) =>
      quoteAction(await updateAction(s, caller, projectId, actionId, q, status)),
  }),
];
