import type { Clock } from '../../server/domain/clock.ts';
import { newId } from '../../server/domain/ids.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { beginCloudRun } from '../../server/domain/run-lifecycle.ts';
import type { Store } from '../../server/store/index.ts';

/** A manual cloud run of the project on the premium plan, begun as the run executor begins one: its request and run. */
export async function begunCloudRun(store: Store, clock: Clock, projectId: string, promptCount = 0) {
  const requestId = newId('rrq');
  await store.runRequests.create({
    id: requestId,
    projectId,
    source: 'api',
    trigger: 'manual',
    status: 'queued',
    mode: 'cloud',
    idempotencyKey: null,
    bodyHash: null,
    samplesPerPrompt: 1,
    promptCount,
    estimatedUnits: 0,
    heldPeriodUnits: 0,
    heldPrepaidUnits: 0,
    warning: null,
    createdAt: clock.now().toISOString(),
    cloudNeeded: true,
    hostNeeded: false,
  });
  const request = (await store.runRequests.byId(requestId))!;
  const plan = DEFAULT_PLANS.find((p) => p.code === 'premium')!;
  const { run } = (await beginCloudRun(store, clock, request, plan))!;
  return { requestId, run };
}
