import type { Store } from '../store/index.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import { closeUnstartedRequest } from './run-lifecycle.ts';

export type CancelOutcome = 'canceled' | 'cancel_requested';

/**
 * A request not started yet is canceled at once and its held units go back. A running one is flagged: its worker
 * sees the flag within seconds, stops asking, keeps the answers already stored and ends the Run as canceled.
 */
export async function cancelRunRequest(
  store: Store,
  clock: Clock,
  requestId: string,
): Promise<CancelOutcome> {
  const request = await store.runRequests.byId(requestId);
  if (!request) throw new AppError('not_found', `No run request ${requestId}.`);
  const pending = ['queued', 'waiting_for_host'] as const;
  if ((pending as readonly string[]).includes(request.status)) {
    if (await closeUnstartedRequest(store, clock, request, pending, { status: 'canceled' }))
      return 'canceled';
  }
  const now = await store.runRequests.byId(requestId);
  if (now?.status !== 'running') {
    // A conflict with the request's state, not a malformed call: 409, as a duplicate prompt is.
    throw new AppError(
      'invalid_parameter',
      `Run request ${requestId} has ended already (${now?.status}).`,
      {},
      409,
    );
  }
  await store.runRequests.requestCancel(requestId);
  return 'cancel_requested';
}
