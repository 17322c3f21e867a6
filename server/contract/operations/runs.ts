import { EXAMPLE_IDS, exampleOf, PageQuery, ResourceId } from '../common.ts';
import { IdempotencyHeaders, RunRequest, RunRequestCreate, RunRequestList } from '../runs.ts';
import { Capabilities, Tracking, TrackingUpdate } from '../tracking.ts';
import { CancelOutcome, Readiness } from '../extensions.ts';
import { ok, projectPath, withId } from '../operation.ts';
import type { Operation } from '../operation.ts';

/** Tracking, capabilities and run requests. */
export const runOps = {
  getCapabilities: {
    operationId: 'getCapabilities',
    method: 'GET',
    path: '/projects/{projectId}/capabilities',
    tag: 'Tracking',
    summary: 'What the plan allows, the tracking settings, the host and run state',
    scope: 'visibility:read',
    params: projectPath,
    responses: ok(Capabilities),
    errors: [409],
  },
  updateTracking: {
    operationId: 'updateTracking',
    method: 'PUT',
    path: '/projects/{projectId}/tracking',
    tag: 'Tracking',
    summary: 'Change the tracking settings; only the fields sent change',
    scope: 'tracking:write',
    params: projectPath,
    body: TrackingUpdate,
    responses: ok(Tracking),
    errors: [409],
  },
  createRunRequest: {
    operationId: 'createRunRequest',
    method: 'POST',
    path: '/projects/{projectId}/run-requests',
    tag: 'Runs',
    summary: 'Start a run',
    description:
      'The allowance is checked first. One request at a time per project, at most 24 per project per day. A retry with the same Idempotency-Key within 24 hours returns the earlier request. Poll the request about once a minute.',
    scope: 'runs:execute',
    params: projectPath,
    headers: IdempotencyHeaders,
    body: RunRequestCreate.optional(),
    responses: {
      200: {
        description: 'Replay of an earlier request with the same Idempotency-Key',
        schema: RunRequest,
        example: { ...exampleOf(RunRequest), replayed: true },
      },
      202: { description: 'Accepted', schema: RunRequest, headers: ['Location'] },
    },
    errors: [409],
  },
  listRunRequests: {
    operationId: 'listRunRequests',
    method: 'GET',
    path: '/projects/{projectId}/run-requests',
    tag: 'Runs',
    summary: 'List run requests made through the API, newest first',
    scope: 'visibility:read',
    params: projectPath,
    query: PageQuery,
    responses: ok(RunRequestList),
    errors: [409],
  },
  getRunRequest: {
    operationId: 'getRunRequest',
    method: 'GET',
    path: '/projects/{projectId}/run-requests/{requestId}',
    tag: 'Runs',
    summary: 'Get one run request',
    scope: 'visibility:read',
    params: withId('requestId', ResourceId.meta({ examples: [EXAMPLE_IDS.runRequest] })),
    responses: ok(RunRequest),
    errors: [409],
  },
  cancelRunRequest: {
    operationId: 'cancelRunRequest',
    method: 'POST',
    path: '/projects/{projectId}/run-requests/{requestId}/cancel',
    tag: 'Runs',
    summary: 'Cancel a run request (extension)',
    description:
      'A request not started yet (queued or waiting for the host) is canceled at once and its held units go back. A running one stops within seconds, keeps the answers it stored and gives back the units it did not spend. A request that has ended already is 409 invalid_parameter. Cancel twice is harmless while the request runs.',
    scope: 'runs:execute',
    params: withId('requestId', ResourceId.meta({ examples: [EXAMPLE_IDS.runRequest] })),
    responses: ok(CancelOutcome),
    errors: [409],
    extension: true,
  },
  getReadiness: {
    operationId: 'getReadiness',
    method: 'GET',
    path: '/projects/{projectId}/readiness',
    tag: 'Runs',
    summary: 'Which engines a run started now would ask, and what stops the others (extension)',
    description:
      'Per engine tracked or asked by an active prompt: whether it can run now (on the plan; a cloud engine with its API key set where it runs; a host engine with the host computer online and offering it) and, when not, the problem in plain words and how to fix it. Whether a signed-in browser engine is still signed in is known only when it is asked.',
    scope: 'visibility:read',
    params: projectPath,
    responses: ok(Readiness),
    extension: true,
  },
} satisfies Record<string, Operation>;
