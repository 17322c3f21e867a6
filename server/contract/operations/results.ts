import {
  AnswerId,
  EXAMPLE_IDS,
  Cursor,
  DateRangeQuery,
  EngineFilter,
  Limit,
  page,
  QueryBoolean,
  ResourceId,
} from '../common.ts';
import { Answer, AnswerDetail, Run, RunStatus } from '../results.ts';
import { CompetitorStats, DailyStats } from '../stats.ts';
import { AnswerExtensionFilters, AnswerSort, AnswerSummary } from '../extensions.ts';
import { ok, projectPath, withEtag, withId } from '../operation.ts';
import type { Operation } from '../operation.ts';

/** The answers list's filters, which the answers summary takes too (without cursor, limit and sort). */
const AnswerFilterQuery = DateRangeQuery.extend({
  engine: EngineFilter.optional(),
  topicId: ResourceId.optional()
    .describe('Only answers to prompts of this topic')
    .meta({ examples: ['pricing'] }),
  promptId: ResourceId.optional()
    .describe('Only answers to this prompt')
    .meta({ examples: [EXAMPLE_IDS.prompt] }),
  runId: ResourceId.optional()
    .describe('Only answers of this run; cannot be combined with from or to')
    .meta({ examples: [EXAMPLE_IDS.run] }),
  mentioned: QueryBoolean.optional()
    .describe('true: only answers that name the brand; false: only those that do not')
    .meta({ examples: [true] }),
  cited: QueryBoolean.optional()
    .describe('true: only answers that cite a brand page; false: only those that do not')
    .meta({ examples: [false] }),
  ...AnswerExtensionFilters,
});

/** Runs, answers and stats. */
export const resultOps = {
  listRuns: {
    operationId: 'listRuns',
    method: 'GET',
    path: '/projects/{projectId}/runs',
    tag: 'Results',
    summary: 'List runs, newest first',
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({
      status: RunStatus.optional()
        .describe('Only runs with this status')
        .meta({ examples: ['completed'] }),
      cursor: Cursor.optional(),
      limit: Limit,
    }),
    responses: ok(page(Run).meta({ id: 'RunPage' })),
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
    params: projectPath,
    query: AnswerFilterQuery.extend({
      sort: AnswerSort,
      cursor: Cursor.optional(),
      limit: Limit,
    }),
    responses: {
      200: { description: 'OK', schema: page(Answer).meta({ id: 'AnswerPage' }), headers: ['ETag'] },
      304: { description: 'Not modified', schema: null, headers: ['ETag'] },
    },
  },
  getAnswerSummary: {
    operationId: 'getAnswerSummary',
    method: 'GET',
    path: '/projects/{projectId}/stats/answers',
    tag: 'Stats',
    summary: 'Counts over the answers a filter of the answers list matches (extension)',
    description:
      'Takes the filters of the answers list (not cursor, limit or sort): how many answers match, how many name or cite the brand, its average position and the answers per sentiment, over the range (at most 366 days). Summed from the daily summaries when the filters are only the range, engines and a topic or a prompt; otherwise counted over the stored answers, and with q over at most the 20,000 newest, complete saying whether the count reached the end.',
    scope: 'visibility:read',
    params: projectPath,
    query: AnswerFilterQuery,
    responses: withEtag(AnswerSummary),
    extension: true,
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
    params: projectPath,
    query: DateRangeQuery.extend({
      engine: EngineFilter.optional(),
      topicId: ResourceId.optional()
        .describe('Only answers to prompts of this topic')
        .meta({ examples: ['pricing'] }),
    }),
    responses: ok(DailyStats, 'OK', ['Cache-Control']),
  },
  getCompetitorStats: {
    operationId: 'getCompetitorStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/competitors',
    tag: 'Stats',
    summary: 'Share of voice: the own brand first, then each tracked competitor',
    description: 'Rates divide by all answers in the range. With engine given, only that engine counts.',
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({ engine: EngineFilter.optional() }),
    responses: ok(CompetitorStats),
  },
} satisfies Record<string, Operation>;
