import { z } from 'zod';
import { PageStat, PageStats, ReferralStats } from '../contract/traffic.ts';
import { UNTRUSTED } from './quoted-answers.ts';

/**
 * The traffic reads as the MCP tools give them. A page's path comes from the request line of whoever asked the
 * brand's server (anyone can ask for `/ignore-previous-instructions`), so it sits inside `quoted`, apart from the
 * service's own figures. Agents, engines and ranges come from our own tables.
 */
const QuotedPage = z
  .strictObject({ page: z.string().describe("The path on the brand's site") })
  .describe(UNTRUSTED);

const ReferralPage = ReferralStats.shape.data.element;

export const McpReferralStats = ReferralStats.extend({
  data: z.array(ReferralPage.omit({ page: true }).extend({ quoted: QuotedPage })),
});

export const McpPageStats = PageStats.extend({
  data: z.array(PageStat.omit({ page: true }).extend({ quoted: QuotedPage })),
});

export function quoteReferralStats(stats: z.input<typeof ReferralStats>): z.input<typeof McpReferralStats> {
  return { ...stats, data: stats.data.map(({ page, ...figures }) => ({ ...figures, quoted: { page } })) };
}

export function quotePageStats(stats: z.input<typeof PageStats>): z.input<typeof McpPageStats> {
  return { ...stats, data: stats.data.map(({ page, ...figures }) => ({ ...figures, quoted: { page } })) };
}
