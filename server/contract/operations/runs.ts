import { EXAMPLE_IDS, exampleOf, PageQuery, ResourceId } from '../common.ts';
import { IdempotencyHeaders, RunRequest, RunRequestCreate, RunRequestList } from '../runs.ts';
import { Capabilities, Tracking, TrackingUpdate } from '../tracking.ts';
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
} satisfies Record<string, Operation>;
