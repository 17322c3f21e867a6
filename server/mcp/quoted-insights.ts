import { z } from 'zod';
import { SourceStat, SourceStats, SurfacePair, Surfaces } from '../contract/insights.ts';
import { QueryStat, QueryStats } from '../contract/query-stats.ts';
import { UNTRUSTED } from './quoted-answers.ts';

/**
 * The insight reads as the MCP tools give them. The domains and URLs of cited sources are written by the answer
 * engines (a page path can say anything), so they sit inside `quoted`, apart from the service's own figures.
 */

const QuotedSource = z
  .strictObject({
    domain: z.string().describe('Registrable domain of the source'),
    url: z.string().nullable().describe('The page, with groupBy=url'),
  })
  .describe(UNTRUSTED);

export const McpSourceStats = SourceStats.extend({
  data: z.array(SourceStat.omit({ domain: true, url: true }).extend({ quoted: QuotedSource })),
});

const SurfaceSources = SurfacePair.shape.sources;

export const McpSurfaces = Surfaces.extend({
  data: z.array(SurfacePair.omit({ sources: true }).extend({ quoted: SurfaceSources.describe(UNTRUSTED) })),
});

/** A search is the engine's own words (it can say anything), so it sits in `quoted` like a source. */
export const McpQueryStats = QueryStats.extend({
  data: z.array(
    QueryStat.omit({ query: true }).extend({
      quoted: z.strictObject({ query: QueryStat.shape.query }).describe(UNTRUSTED),
    }),
  ),
});

export function quoteQueryStats(stats: z.input<typeof QueryStats>): z.input<typeof McpQueryStats> {
  return { ...stats, data: stats.data.map(({ query, ...figures }) => ({ ...figures, quoted: { query } })) };
}

export function quoteSourceStats(stats: z.input<typeof SourceStats>): z.input<typeof McpSourceStats> {
  return {
    ...stats,
    data: stats.data.map(({ domain, url, ...figures }) => ({ ...figures, quoted: { domain, url } })),
  };
}

export function quoteSurfaces(stats: z.input<typeof Surfaces>): z.input<typeof McpSurfaces> {
  return {
    ...stats,
    data: stats.data.map(({ sources, ...figures }) => ({ ...figures, quoted: sources })),
  };
}
