import { z } from 'zod';
import {
  Cursor,
  DateRangeQuery,
  EngineFilter,
  exampleOf,
  Limit,
  QueryBoolean,
  ResourceId,
} from '../common.ts';
import { PromptSort, PromptStats, SourceStats, Surfaces, Trends } from '../insights.ts';
import { PageKind, SourceType, SourceTypeStats } from '../source-types.ts';
import { projectPath, withEtag } from '../operation.ts';
import { QueryStats } from '../query-stats.ts';
import type { Operation } from '../operation.ts';

/** The insight reads: extensions of v1 beyond the contract, under the same rules as its reads. */

const RANGE =
  'The range defaults to the last 30 days and is at most 366 days (400 `range_too_wide` beyond). Send the ETag back in If-None-Match to get 304 when nothing changed.';

const filters = {
  engine: EngineFilter.optional(),
  topicId: ResourceId.optional()
    .describe('Only answers to prompts of this topic')
    .meta({ examples: ['pricing'] }),
};

const perEngine = QueryBoolean.optional()
  .describe('true: add a breakdown per engine')
  .meta({ examples: [true] });

export const insightOps = {
  getSourceStats: {
    operationId: 'getSourceStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/sources',
    tag: 'Insights',
    extension: true,
    summary: 'Which sources the engines cite: each domain (or URL), most cited first',
    description: `Every source the answers in the range list, per registrable domain or, with groupBy=url, per page: how many answers list it, their share of the answers listing any source, how many distinct prompts, first and last day seen, and whose it is (\`own\`, \`competitor\` with its name, \`other\`, by the project's domains and competitors as they are now), its \`type\` (SourceType, from the project, its overrides, the shipped domain list and rules on the name, as they are now) and, per page, its \`pageKind\`. \`class\`, \`type\` and \`pageKind\` keep one class, type or page kind; \`gaps=true\` keeps the domains that cite competitors but never the brand: class \`other\`, listed in answers naming a tracked competitor (as each answer was scored) and in none naming the brand. Sorted by answers, most first. With \`groupBy=type\`, one row per type instead: its citations (an answer counts once for each domain of the type it lists, so the shares of all types add up to 1), their share of the citations, the same in the period of the same length just before and the change, in all and per engine. ${RANGE}`,
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({
      ...filters,
      groupBy: z
        .enum(['domain', 'url', 'type'])
        .optional()
        .describe(
          "domain (default), url, or type: each type's share of the citations per engine with its change against the period before (with engine and topicId only; not paged)",
        )
        .meta({ examples: ['url'] }),
      type: SourceType.optional()
        .describe('Only the sources of this type')
        .meta({ examples: ['review'] }),
      pageKind: PageKind.optional()
        .describe('Only the pages of this kind (with groupBy=url)')
        .meta({ examples: ['listicle'] }),
      perEngine,
      class: z
        .enum(['own', 'competitor', 'other'])
        .optional()
        .describe('Only the sources of this class')
        .meta({ examples: ['competitor'] }),
      gaps: QueryBoolean.optional()
        .describe(
          'true: only the gaps, domains of class `other` listed in answers that name a tracked competitor and in none that name the brand (with groupBy=domain; not with class)',
        )
        .meta({ examples: [true] }),
      cursor: Cursor.optional(),
      limit: Limit,
    }),
    responses: withEtag(
      z
        .union([SourceStats, SourceTypeStats])
        .meta({ examples: [exampleOf(SourceStats), exampleOf(SourceTypeStats)] }),
    ),
    errors: [400, 404],
  },
  getPromptStats: {
    operationId: 'getPromptStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/prompts',
    tag: 'Insights',
    extension: true,
    summary: 'How each tracked prompt does, with the change against the previous period',
    description: `One row per tracked prompt (active and paused; with topicId, the prompts of that topic): answers, mention and citation rates, average position, sentiment counts and the competitor named most, each with its change against the period of the same length just before. Sorted by any figure or its change (default answers, descending); rows whose sort figure is null come last. ${RANGE}`,
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({
      ...filters,
      perEngine,
      sort: PromptSort.optional()
        .describe('A figure or its change; default answers')
        .meta({ examples: ['mentionRateChange'] }),
      order: z
        .enum(['asc', 'desc'])
        .optional()
        .describe('default desc')
        .meta({ examples: ['asc'] }),
      cursor: Cursor.optional(),
      limit: Limit,
    }),
    responses: withEtag(PromptStats),
    errors: [400, 404],
  },
  getTrends: {
    operationId: 'getTrends',
    method: 'GET',
    path: '/projects/{projectId}/stats/trends',
    tag: 'Insights',
    extension: true,
    summary: 'Rates, average position and sentiment per day, week or month, with 95 % intervals',
    description: `Per period (UTC day, ISO week from Monday, calendar month, or the whole range) and engine: mention and citation rates and sentiment shares, each with a 95 % Wilson score interval over the answers behind it, and the average position with a 95 % Student t interval of the mean. Periods without answers are omitted; partial weeks and months at the ends of the range cover only its days. ${RANGE}`,
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({
      ...filters,
      interval: z
        .enum(['day', 'week', 'month', 'range'])
        .optional()
        .describe('default day')
        .meta({ examples: ['week'] }),
      perEngine: QueryBoolean.optional()
        .describe('false: one row per period adding up the engines; default true')
        .meta({ examples: [false] }),
    }),
    responses: withEtag(Trends),
    errors: [400, 404],
  },
  getSurfaceStats: {
    operationId: 'getSurfaceStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/surfaces',
    tag: 'Insights',
    extension: true,
    summary: "An engine's API against its signed-in browser variant, on the same prompts and days",
    description: `For each engine answered both through its API and through its local-fetch browser variant (chatgpt and chatgpt-local-fetch, …): every API answer is paired with every app answer to the same tracked prompt on the same UTC day. Per pair: how often the two agree on mention and on citation, the average positions and their difference, and the domains only one side listed. With engine, only the pairs that include it. ${RANGE}`,
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend(filters),
    responses: withEtag(Surfaces),
    errors: [400, 404],
  },
  getQueryStats: {
    operationId: 'getQueryStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/queries',
    tag: 'Insights',
    extension: true,
    summary: 'Which web searches the engines ran behind the answers (query fan-out), most answers first',
    description: `Every web search the engines reported running for the answers in the range (OpenAI, xAI, Gemini and Claude report theirs; Perplexity, Google AI Mode and the signed-in apps report none), normalised (case, blanks, trailing punctuation): how many answers and distinct prompts ran it, how often those answers named and cited the brand and each tracked competitor, per engine, first and last day, and the tracked prompt whose text is the same search, if any. The searches are engine text (untrusted). Sorted by answers, most first. ${RANGE}`,
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({ ...filters, cursor: Cursor.optional(), limit: Limit }),
    responses: withEtag(QueryStats),
    errors: [400, 404],
  },
} satisfies Record<string, Operation>;
