import { EXAMPLE_IDS, page, PageQuery, ResourceId } from '../common.ts';
import {
  CompetitorList,
  CompetitorsReplace,
  EngineList,
  Prompt,
  PromptCreate,
  PromptStatus,
  PromptUpdate,
  Topic,
} from '../setup.ts';
import { Deleted, ok, projectPath, withId } from '../operation.ts';
import type { Operation } from '../operation.ts';

const PromptIdParam = ResourceId.meta({ examples: [EXAMPLE_IDS.prompt] });

/** Engines, topics, prompts and competitors. */
export const setupOps = {
  listEngines: {
    operationId: 'listEngines',
    method: 'GET',
    path: '/projects/{projectId}/engines',
    tag: 'Setup',
    summary: 'Engines tracked or with stored answers (those no longer tracked have tracked false)',
    scope: 'visibility:read',
    params: projectPath,
    responses: ok(EngineList),
  },
  listTopics: {
    operationId: 'listTopics',
    method: 'GET',
    path: '/projects/{projectId}/topics',
    tag: 'Setup',
    summary: 'List topics with their prompt counts',
    scope: 'visibility:read',
    params: projectPath,
    query: PageQuery,
    responses: ok(page(Topic).meta({ id: 'TopicPage' })),
  },
  listPrompts: {
    operationId: 'listPrompts',
    method: 'GET',
    path: '/projects/{projectId}/prompts',
    tag: 'Setup',
    summary: 'List prompts, newest first',
    scope: 'visibility:read',
    params: projectPath,
    query: PageQuery.extend({
      topicId: ResourceId.optional()
        .describe('Only prompts of this topic')
        .meta({ examples: ['pricing'] }),
      status: PromptStatus.optional()
        .describe('Default: all')
        .meta({ examples: ['active'] }),
    }),
    responses: ok(page(Prompt).meta({ id: 'PromptPage' })),
  },
  createPrompt: {
    operationId: 'createPrompt',
    method: 'POST',
    path: '/projects/{projectId}/prompts',
    tag: 'Setup',
    summary: 'Add a tracked prompt; a new topic id creates the topic; duplicate text is refused with 409',
    scope: 'tracking:write',
    params: projectPath,
    body: PromptCreate,
    responses: { 201: { description: 'Created', schema: Prompt } },
    errors: [409],
  },
  updatePrompt: {
    operationId: 'updatePrompt',
    method: 'PATCH',
    path: '/projects/{projectId}/prompts/{promptId}',
    tag: 'Setup',
    summary: 'Change a prompt; status can only be set to active',
    scope: 'tracking:write',
    params: withId('promptId', PromptIdParam),
    body: PromptUpdate,
    responses: ok(Prompt),
    errors: [409],
  },
  deletePrompt: {
    operationId: 'deletePrompt',
    method: 'DELETE',
    path: '/projects/{projectId}/prompts/{promptId}',
    tag: 'Setup',
    summary: 'Delete a prompt; its stored answers stay readable with promptId null',
    scope: 'tracking:write',
    params: withId('promptId', PromptIdParam),
    responses: ok(Deleted),
    errors: [409],
  },
  listCompetitors: {
    operationId: 'listCompetitors',
    method: 'GET',
    path: '/projects/{projectId}/competitors',
    tag: 'Setup',
    summary: 'List tracked competitors (at most 50)',
    scope: 'visibility:read',
    params: projectPath,
    responses: ok(CompetitorList),
  },
  replaceCompetitors: {
    operationId: 'replaceCompetitors',
    method: 'PUT',
    path: '/projects/{projectId}/competitors',
    tag: 'Setup',
    summary: 'Replace the whole competitor list; names are matched case-insensitively',
    scope: 'tracking:write',
    params: projectPath,
    body: CompetitorsReplace,
    responses: ok(CompetitorList),
    errors: [409],
  },
} satisfies Record<string, Operation>;
