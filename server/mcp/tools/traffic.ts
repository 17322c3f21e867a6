import { ops } from '../../contract/operations.ts';
import { CrawlerStats } from '../../contract/traffic.ts';
import type { JsonText } from '../../domain/json-text.ts';
import { crawlerStats } from '../../traffic/crawler-stats.ts';
import { pageStats } from '../../traffic/page-stats.ts';
import { referralStats } from '../../traffic/referral-stats.ts';
import { McpPageStats, McpReferralStats, quotePageStats, quoteReferralStats } from '../quoted-traffic.ts';
import { argsOf, engineArg, tool } from '../tool.ts';

/** The reads render JSON text for the HTTP cache; a tool returns the object. */
const parsed = async <T>(body: Promise<JsonText<T>>): Promise<T> => JSON.parse((await body).text) as T;

const RANGE = 'over a date range (default the last 30 days, at most 366)';

/** The access-log reads (extensions of v1), under the REST reads' scope and rules. */
export const trafficTools = [
  tool({
    name: 'crawler_stats',
    title: 'AI crawlers',
    description: `AI crawlers, search crawlers and other bots on the brand's site ${RANGE}: hits verified, claimed or spoofed, status classes, pages, change.`,
    scope: 'visibility:read',
    input: argsOf(ops.getCrawlerStats.params, ops.getCrawlerStats.query),
    output: CrawlerStats,
    run: ({ s, caller }, { projectId, ...q }) => parsed(crawlerStats(s, caller, projectId, q)),
  }),
  tool({
    name: 'referral_stats',
    title: 'AI referrals',
    description: `Visits by people from AI answer engines ${RANGE}: per engine with the change against the period before, and per landing page.`,
    scope: 'visibility:read',
    input: argsOf(ops.getReferralStats.params, ops.getReferralStats.query).extend({
      engine: engineArg().describe(
        'An AI engine of the referral table, or a list of them: "chatgpt" or ["chatgpt", "claude"]',
      ),
    }),
    output: McpReferralStats,
    run: async ({ s, caller }, { projectId, ...q }) =>
      quoteReferralStats(await parsed(referralStats(s, caller, projectId, q))),
  }),
  tool({
    name: 'page_stats',
    title: 'Pages: cited, crawled, visited',
    description: `The brand's pages ${RANGE}: answers citing each, AI fetches, AI referrals, last status per agent; or only unreachable ones.`,
    scope: 'visibility:read',
    input: argsOf(ops.getPageStats.params, ops.getPageStats.query),
    output: McpPageStats,
    run: async ({ s, caller }, { projectId, ...q }) =>
      quotePageStats(await parsed(pageStats(s, caller, projectId, q))),
  }),
];
