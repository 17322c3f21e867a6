import { z } from 'zod';
import { Me, type Scope } from './account.ts';
import {
  AnswerId,
  DateRangeQuery,
  EngineFilter,
  PageQuery,
  ProjectId,
  QueryBoolean,
  ResourceId,
  Cursor,
  Limit,
  list,
  page,
} from './common.ts';
import { Project, ProjectCreate, ProjectUpdate, ProjectWithHost } from './projects.ts';
import { Answer, AnswerDetail, Run, RunStatus } from './results.ts';
import { IdempotencyHeaders, RunRequest, RunRequestCreate, RunRequestList } from './runs.ts';
import {
  Competitor,
  CompetitorsReplace,
  Engine,
  Prompt,
  PromptCreate,
  PromptStatus,
  PromptUpdate,
  Topic,
} from './setup.ts';
import { CompetitorStats, DailyStats } from './stats.ts';
import { Capabilities, Tracking, TrackingUpdate } from './tracking.ts';
import { DeliveryList, Webhook, WebhookCreate, WebhookDelivery, WebhookWithSecret } from './webhooks.ts';

/**
 * Every operation of the contract (section 4). The Fastify routes and the OpenAPI document are both built from
 * this table, so a path cannot be served with rules other than the ones it is documented with.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path below the `/v1` base, e.g. `/projects/{projectId}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  scope: Scope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** Documented statuses with their body schema (null: no body). */
  responses: Record<number, { description: string; schema: z.ZodType | null; headers?: string[] }>;
  /** Extra documented error statuses besides 401, 403, 429 (and 404 on project paths). */
  errors: number[];
}

const P = z.strictObject({ projectId: ProjectId });
const withId = <K extends string, S extends z.ZodType>(key: K, schema: S) =>
  z.strictObject({ projectId: ProjectId, [key]: schema } as { projectId: typeof ProjectId } & {
    [P in K]: S;
  });

const Deleted = z.strictObject({ deleted: z.boolean() }).meta({ id: 'Deleted' });

const ok = (schema: z.ZodType, description = 'OK', headers?: string[]) => ({
  200: { description, schema, headers },
});

export const ops = {
  getMe: {
    operationId: 'getMe',
    method: 'GET',
    path: '/me',
    tag: 'Account',
    summary: 'Describe the calling key',
    scope: 'visibility:read',
    responses: ok(Me),
    errors: [],
  },
  listProjects: {
    operationId: 'listProjects',
    method: 'GET',
    path: '/projects',
    tag: 'Projects',
    summary: 'List the projects the key can read, newest first',
    scope: 'visibility:read',
    query: PageQuery,
    responses: ok(page(Project).meta({ id: 'ProjectPage' })),
    errors: [400],
  },
  getProject: {
    operationId: 'getProject',
    method: 'GET',
    path: '/projects/{projectId}',
    tag: 'Projects',
    summary: 'Get one project',
    scope: 'visibility:read',
    params: P,
    responses: ok(Project),
    errors: [400, 404],
  },
  createProject: {
    operationId: 'createProject',
    method: 'POST',
    path: '/projects',
    tag: 'Projects',
    summary: 'Create a project',
    description:
      'Does not start a site crawl. If another project of the account has a host device, the new project uses the same one.',
    scope: 'tracking:write',
    body: ProjectCreate,
    responses: { 201: { description: 'Created', schema: ProjectWithHost } },
    errors: [400, 404, 409],
  },
  updateProject: {
    operationId: 'updateProject',
    method: 'PATCH',
    path: '/projects/{projectId}',
    tag: 'Projects',
    summary: 'Update a project; only the fields sent change, lists sent replace the whole list',
    scope: 'tracking:write',
    params: P,
    body: ProjectUpdate,
    responses: ok(ProjectWithHost),
    errors: [400, 404, 409],
  },
  listEngines: {
    operationId: 'listEngines',
    method: 'GET',
    path: '/projects/{projectId}/engines',
    tag: 'Setup',
    summary: 'Engines tracked or with stored answers (those no longer tracked have tracked false)',
    scope: 'visibility:read',
    params: P,
    responses: ok(list(Engine).meta({ id: 'EngineList' })),
    errors: [400, 404],
  },
  listTopics: {
    operationId: 'listTopics',
    method: 'GET',
    path: '/projects/{projectId}/topics',
    tag: 'Setup',
    summary: 'List topics with their prompt counts',
    scope: 'visibility:read',
    params: P,
    query: PageQuery,
    responses: ok(page(Topic).meta({ id: 'TopicPage' })),
    errors: [400, 404],
  },
  listPrompts: {
    operationId: 'listPrompts',
    method: 'GET',
    path: '/projects/{projectId}/prompts',
    tag: 'Setup',
    summary: 'List prompts, newest first',
    scope: 'visibility:read',
    params: P,
    query: PageQuery.extend({
      topicId: ResourceId.optional().describe('Only prompts of this topic'),
      status: PromptStatus.optional().describe('Default: all'),
    }),
    responses: ok(page(Prompt).meta({ id: 'PromptPage' })),
    errors: [400, 404],
  },
  createPrompt: {
    operationId: 'createPrompt',
    method: 'POST',
    path: '/projects/{projectId}/prompts',
    tag: 'Setup',
    summary: 'Add a tracked prompt; a new topic id creates the topic; duplicate text is refused with 409',
    scope: 'tracking:write',
    params: P,
    body: PromptCreate,
    responses: { 201: { description: 'Created', schema: Prompt } },
    errors: [400, 404, 409],
  },
  updatePrompt: {
    operationId: 'updatePrompt',
    method: 'PATCH',
    path: '/projects/{projectId}/prompts/{promptId}',
    tag: 'Setup',
    summary: 'Change a prompt; status can only be set to active',
    scope: 'tracking:write',
    params: withId('promptId', ResourceId),
    body: PromptUpdate,
    responses: ok(Prompt),
    errors: [400, 404, 409],
  },
  deletePrompt: {
    operationId: 'deletePrompt',
    method: 'DELETE',
    path: '/projects/{projectId}/prompts/{promptId}',
    tag: 'Setup',
    summary: 'Delete a prompt; its stored answers stay readable with promptId null',
    scope: 'tracking:write',
    params: withId('promptId', ResourceId),
    responses: ok(Deleted),
    errors: [400, 404, 409],
  },
  listCompetitors: {
    operationId: 'listCompetitors',
    method: 'GET',
    path: '/projects/{projectId}/competitors',
    tag: 'Setup',
    summary: 'List tracked competitors (at most 50)',
    scope: 'visibility:read',
    params: P,
    responses: ok(list(Competitor).meta({ id: 'CompetitorList' })),
    errors: [400, 404],
  },
  replaceCompetitors: {
    operationId: 'replaceCompetitors',
    method: 'PUT',
    path: '/projects/{projectId}/competitors',
    tag: 'Setup',
    summary: 'Replace the whole competitor list; names are matched case-insensitively',
    scope: 'tracking:write',
    params: P,
    body: CompetitorsReplace,
    responses: ok(list(Competitor)),
    errors: [400, 404, 409],
  },
  listRuns: {
    operationId: 'listRuns',
    method: 'GET',
    path: '/projects/{projectId}/runs',
    tag: 'Results',
    summary: 'List runs, newest first',
    scope: 'visibility:read',
    params: P,
    query: DateRangeQuery.extend({
      status: RunStatus.optional().describe('Only runs with this status'),
      cursor: Cursor.optional(),
      limit: Limit,
    }),
    responses: ok(page(Run).meta({ id: 'RunPage' })),
    errors: [400, 404],
  },
  listAnswers: {
    operationId: 'listAnswers',
    method: 'GET',
    path: '/projects/{projectId}/answers',
    tag: 'Results',
    summary: 'List answers, newest first',
    description:
      'The date range defaults to the last 30 days; the widest range is 366 days. runId cannot be combined with from or to. Send the ETag back in If-None-Match to get 304 when nothing changed.',
    scope: 'visibility:read',
    params: P,
    query: DateRangeQuery.extend({
      engine: EngineFilter.optional(),
      topicId: ResourceId.optional().describe('Only answers to prompts of this topic'),
      promptId: ResourceId.optional().describe('Only answers to this prompt'),
      runId: ResourceId.optional().describe('Only answers of this run; cannot be combined with from or to'),
      mentioned: QueryBoolean.optional().describe(
        'true: only answers that name the brand; false: only those that do not',
      ),
      cited: QueryBoolean.optional().describe(
        'true: only answers that cite a brand page; false: only those that do not',
      ),
      cursor: Cursor.optional(),
      limit: Limit,
    }),
    responses: {
      200: { description: 'OK', schema: page(Answer).meta({ id: 'AnswerPage' }), headers: ['ETag'] },
      304: { description: 'Not modified', schema: null, headers: ['ETag'] },
    },
    errors: [400, 404],
  },
  getAnswer: {
    operationId: 'getAnswer',
    method: 'GET',
    path: '/projects/{projectId}/answers/{answerId}',
    tag: 'Results',
    summary: 'Get one answer with its full text and sources',
    scope: 'visibility:read',
    params: withId('answerId', AnswerId),
    responses: {
      200: { description: 'OK', schema: AnswerDetail, headers: ['ETag'] },
      304: { description: 'Not modified', schema: null, headers: ['ETag'] },
    },
    errors: [400, 404],
  },
  getDailyStats: {
    operationId: 'getDailyStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/daily',
    tag: 'Stats',
    summary: 'One row per day per engine, in date order; days without answers are omitted',
    description:
      'Default range the last 30 days, widest 366. Rows for the last three days can still change. incompleteDays above zero means some summaries were not ready: call again after a few seconds.',
    scope: 'visibility:read',
    params: P,
    query: DateRangeQuery.extend({
      engine: EngineFilter.optional(),
      topicId: ResourceId.optional().describe('Only answers to prompts of this topic'),
    }),
    responses: ok(DailyStats, 'OK', ['Cache-Control']),
    errors: [400, 404],
  },
  getCompetitorStats: {
    operationId: 'getCompetitorStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/competitors',
    tag: 'Stats',
    summary: 'Share of voice: the own brand first, then each tracked competitor',
    description: 'Rates divide by all answers in the range. With engine given, only that engine counts.',
    scope: 'visibility:read',
    params: P,
    query: DateRangeQuery.extend({ engine: EngineFilter.optional() }),
    responses: ok(CompetitorStats),
    errors: [400, 404],
  },
  getCapabilities: {
    operationId: 'getCapabilities',
    method: 'GET',
    path: '/projects/{projectId}/capabilities',
    tag: 'Tracking',
    summary: 'What the plan allows, the tracking settings, the host and run state',
    scope: 'visibility:read',
    params: P,
    responses: ok(Capabilities),
    errors: [400, 404, 409],
  },
  updateTracking: {
    operationId: 'updateTracking',
    method: 'PUT',
    path: '/projects/{projectId}/tracking',
    tag: 'Tracking',
    summary: 'Change the tracking settings; only the fields sent change',
    scope: 'tracking:write',
    params: P,
    body: TrackingUpdate,
    responses: ok(Tracking),
    errors: [400, 404, 409],
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
    params: P,
    headers: IdempotencyHeaders,
    body: RunRequestCreate.optional(),
    responses: {
      200: { description: 'Replay of an earlier request with the same Idempotency-Key', schema: RunRequest },
      202: { description: 'Accepted', schema: RunRequest, headers: ['Location'] },
    },
    errors: [400, 404, 409],
  },
  listRunRequests: {
    operationId: 'listRunRequests',
    method: 'GET',
    path: '/projects/{projectId}/run-requests',
    tag: 'Runs',
    summary: 'List run requests made through the API, newest first',
    scope: 'visibility:read',
    params: P,
    query: PageQuery,
    responses: ok(RunRequestList),
    errors: [400, 404, 409],
  },
  getRunRequest: {
    operationId: 'getRunRequest',
    method: 'GET',
    path: '/projects/{projectId}/run-requests/{requestId}',
    tag: 'Runs',
    summary: 'Get one run request',
    scope: 'visibility:read',
    params: withId('requestId', ResourceId),
    responses: ok(RunRequest),
    errors: [400, 404, 409],
  },
  createWebhook: {
    operationId: 'createWebhook',
    method: 'POST',
    path: '/projects/{projectId}/webhooks',
    tag: 'Webhooks',
    summary: 'Register a webhook endpoint (public https only); the secret is shown only in this response',
    scope: 'tracking:write',
    params: P,
    body: WebhookCreate,
    responses: { 201: { description: 'Created', schema: WebhookWithSecret } },
    errors: [400, 404, 409],
  },
  listWebhooks: {
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/projects/{projectId}/webhooks',
    tag: 'Webhooks',
    summary: 'List webhooks, without secrets',
    scope: 'visibility:read',
    params: P,
    responses: ok(list(Webhook).meta({ id: 'WebhookList' })),
    errors: [400, 404, 409],
  },
  deleteWebhook: {
    operationId: 'deleteWebhook',
    method: 'DELETE',
    path: '/projects/{projectId}/webhooks/{webhookId}',
    tag: 'Webhooks',
    summary: 'Delete a webhook; pending deliveries are dropped',
    scope: 'tracking:write',
    params: withId('webhookId', ResourceId),
    responses: ok(Deleted),
    errors: [400, 404, 409],
  },
  testWebhook: {
    operationId: 'testWebhook',
    method: 'POST',
    path: '/projects/{projectId}/webhooks/{webhookId}/test',
    tag: 'Webhooks',
    summary: 'Send a ping; answers with the delivery after its first attempt',
    scope: 'tracking:write',
    params: withId('webhookId', ResourceId),
    responses: ok(WebhookDelivery),
    errors: [400, 404, 409],
  },
  listWebhookDeliveries: {
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/projects/{projectId}/webhooks/{webhookId}/deliveries',
    tag: 'Webhooks',
    summary: 'The last 50 deliveries, newest first',
    scope: 'visibility:read',
    params: withId('webhookId', ResourceId),
    responses: ok(DeliveryList),
    errors: [400, 404, 409],
  },
} satisfies Record<string, Operation>;

export const operations: readonly Operation[] = Object.values(ops);
