import { readableProject } from '../access.ts';
import type { Caller, Services } from '../context.ts';
import { notFound } from '../errors.ts';
import { actionView, computeActions, type ActionFilters } from './list-actions.ts';

/**
 * Sets an action's status, found as the list computes it with the same filters. The status is stored with the
 * fingerprint of the evidence it was set on, so it holds until that evidence changes materially.
 */
export async function updateAction(
  s: Services,
  caller: Caller,
  projectId: string,
  actionId: string,
  q: ActionFilters,
  status: 'open' | 'done' | 'dismissed',
) {
  const project = await readableProject(s, caller, projectId);
  const { range, actions } = await computeActions(s, project, q, s.clock.now());
  const action = actions.find((a) => a.id === actionId);
  if (!action) throw notFound('action');
  const state = {
    actionId,
    status,
    fingerprint: action.fingerprint,
    updatedAt: s.clock.now().toISOString(),
  };
  await s.store.actionStates.set(projectId, state);
  return actionView(s, project, range, action, status === 'open' ? undefined : state);
}
