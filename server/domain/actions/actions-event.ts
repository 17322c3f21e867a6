import type { Repositories } from '../../store/index.ts';
import type { RunRow } from '../../store/repositories/runs.ts';
import { newId } from '../ids.ts';
import { queueDeliveries, type EventPayload } from '../webhook-events.ts';
import { computeActions } from './list-actions.ts';

export const TOP = 10;

/**
 * The opt-in `actions.updated` event of a completed run, queued in the transaction that ends it: the top ten
 * actions of the default list (the last 30 days, every engine and topic) against the ten last announced. Nothing
 * is computed unless a webhook subscribes to it; a change of members or order is announced and kept.
 */
export async function emitActionsEvent(
  tx: Repositories,
  run: RunRow,
  baseUrl: string,
  now: string,
): Promise<number> {
  const webhooks = await tx.webhooks.subscribers(run.project_id, 'actions.updated');
  if (webhooks.length === 0) return 0;
  const project = await tx.projects.get(run.project_id);
  if (!project) return 0;
  const { actions } = await computeActions({ store: tx }, project, {}, new Date(now));
  const top = actions.slice(0, TOP);
  const previousIds = await tx.actionTops.get(run.project_id);
  const ids = top.map((a) => a.id);
  if (ids.length === previousIds.length && ids.every((id, i) => id === previousIds[i])) return 0;
  await tx.actionTops.set(run.project_id, ids, now);
  const payload: EventPayload = {
    id: newId('evt'),
    event: 'actions.updated',
    createdAt: now,
    data: {
      projectId: run.project_id,
      runId: run.id,
      actions: top.map((a) => ({ id: a.id, kind: a.kind, title: a.title })),
      previousIds,
      links: { actions: `${baseUrl}/projects/${run.project_id}/actions` },
    },
  };
  return (await queueDeliveries(tx.webhooks, webhooks, payload, now)).length;
}
