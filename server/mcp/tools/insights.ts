import { z } from 'zod';
import { PromptStats, Trends } from '../../contract/insights.ts';
import { ops } from '../../contract/operations.ts';
import { promptStats } from '../../domain/prompt-stats.ts';
import { queryStats } from '../../domain/query-stats.ts';
import { sourceStats } from '../../domain/source-stats.ts';
import { surfaceStats } from '../../domain/surface-stats.ts';
import { trendStats } from '../../domain/trend-stats.ts';
import type { JsonText } from '../../domain/json-text.ts';
import {
  McpQueryStats,
  McpSourceStats,
  McpSurfaces,
  quoteQueryStats,
  quoteSourceStats,
  quoteSurfaces,
} from '../quoted-insights.ts';
import { argsOf, engineArg, tool } from '../tool.ts';

const PerEngine = z.boolean().optional();
/** The domain renders these reads as JSON text for the HTTP cache; a tool returns the object. */
const parsed = async <T>(body: Promise<JsonText<T>>): Promise<T> => JSON.parse((await body).text) as T;

const RANGE = 'over a date range (default the last 30 days, at most 366)';

/** The insight reads (extensions of v1), under the REST reads' scope and rules. */
export const insightTools = [
  tool({
    name: 'source_stats',
    title: 'Cited sources',
    description: `Which domains (or, with groupBy url, pages) the engines cite ${RANGE}, most cited first, each marked own, competitor or other, with its type (editorial, ugc, reference, review, institutional, corporate, …) and, per page, its page kind (listicle, comparison, review, …); filter with type and pageKind.`,
    scope: 'visibility:read',
    input: argsOf(ops.getSourceStats.params, ops.getSourceStats.query).extend({
      engine: engineArg(),
      perEngine: PerEngine.describe('true: add a breakdown per engine'),
      // The by-type view has a shape of its own: the REST read serves it.
      groupBy: z.enum(['domain', 'url']).optional().describe('domain (default) or url'),
    }),
    output: McpSourceStats,
    run: async ({ s, caller }, { projectId, ...q }) =>
      quoteSourceStats(await parsed(sourceStats(s, caller, projectId, q))),
  }),
  tool({
    name: 'prompt_stats',
    title: 'Results per prompt',
    description: `Per tracked prompt ${RANGE}: mention and citation rates, average position, sentiment and top competitor, with the change against the period before.`,
    scope: 'visibility:read',
    input: argsOf(ops.getPromptStats.params, ops.getPromptStats.query).extend({
      engine: engineArg(),
      perEngine: PerEngine.describe('true: add a breakdown per engine'),
    }),
    output: PromptStats,
    run: ({ s, caller }, { projectId, ...q }) => parsed(promptStats(s, caller, projectId, q)),
  }),
  tool({
    name: 'trends',
    title: 'Trends with intervals',
    description: `Mention and citation rates, average position and sentiment per day, week or month ${RANGE}, each with its 95 % interval.`,
    scope: 'visibility:read',
    input: argsOf(ops.getTrends.params, ops.getTrends.query).extend({
      engine: engineArg(),
      perEngine: PerEngine.describe('false: one row per period adding up the engines; default true'),
    }),
    output: Trends,
    run: ({ s, caller }, { projectId, ...q }) => parsed(trendStats(s, caller, projectId, q)),
  }),
  tool({
    name: 'query_stats',
    title: 'Searches the engines ran',
    description: `The web searches the engines ran behind the answers ${RANGE}, most run first, with brand and competitor shares; searches under quoted.`,
    scope: 'visibility:read',
    input: argsOf(ops.getQueryStats.params, ops.getQueryStats.query).extend({ engine: engineArg() }),
    output: McpQueryStats,
    run: async ({ s, caller }, { projectId, ...q }) =>
      quoteQueryStats(await parsed(queryStats(s, caller, projectId, q))),
  }),
  tool({
    name: 'surface_stats',
    title: 'API against app',
    description: `Per engine tracked both through its API and its signed-in app ${RANGE}: how often they agree on mention and citation, and the sources only one shows.`,
    scope: 'visibility:read',
    input: argsOf(ops.getSurfaceStats.params, ops.getSurfaceStats.query).extend({
      engine: engineArg(),
    }),
    output: McpSurfaces,
    run: async ({ s, caller }, { projectId, ...q }) =>
      quoteSurfaces(await parsed(surfaceStats(s, caller, projectId, q))),
  }),
];
