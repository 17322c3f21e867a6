import { z } from 'zod';
import { Cursor, DateRangeQuery, EngineFilter, Limit } from '../common.ts';
import { projectPath, withEtag } from '../operation.ts';
import type { Operation } from '../operation.ts';
import { CrawlerStats, PageStats, ReferralStats, TrafficBatchResult } from '../traffic.ts';
import { TRAFFIC_PURPOSES } from '../traffic-agents.ts';

/** Access-log analytics (issue 26): extensions of v1 beyond the contract, under the same rules as its reads. */

/** Lines and bytes a batch may hold: what a shipper's batch settings should stay under. */
export const TRAFFIC_BATCH_LINES = 10_000;
export const TRAFFIC_BATCH_BYTES = 5 * 1024 * 1024;

const RANGE =
  'The range defaults to the last 30 days and is at most 366 days (400 `range_too_wide` beyond). Send the ETag back in If-None-Match to get 304 when nothing changed.';

const interval = z
  .enum(['day', 'week'])
  .optional()
  .describe('Series per UTC day (default) or ISO week from Monday')
  .meta({ examples: ['week'] });

export const trafficOps = {
  postTraffic: {
    operationId: 'postTraffic',
    method: 'POST',
    path: '/projects/{projectId}/traffic',
    tag: 'Traffic',
    extension: true,
    summary: "Send access-log lines from a log shipper (Vector, Fluent Bit, Logstash's HTTP output)",
    description: `A batch of access-log lines as NDJSON (\`application/x-ndjson\`, one JSON object a line) or a JSON array of them (\`application/json\`, as Logstash's \`json_batch\` and Fluent Bit's \`json\` send): our format \`{time, ip, method, url, status, bytes, referer, userAgent, host}\`, or Cloudflare Logpush, CloudFront v2 JSON or Fastly JSON lines, each known by its fields. The body may be sent with Content-Encoding \`gzip\` or \`deflate\` (as the shippers' compression options send it; other encodings are a 400). At most ${TRAFFIC_BATCH_LINES.toLocaleString('en-US')} lines and 5 MB once decoded (413 beyond). Ready configs for each shipper are in server/traffic/shippers/. Each line is classified (agent, purpose, verification against the operators' published ranges, AI referral) and counted into the project's rollups in one transaction; no address is stored. Lines of hosts other than the brand's are counted as ignored; bad lines are refused with their number and why, the rest still counted. The same body sent again (a shipper's retry) is counted once: its lines come back as alreadyStored.`,
    scope: 'traffic:write',
    params: projectPath,
    bodyMediaTypes: ['application/x-ndjson', 'application/json'],
    body: z
      .string()
      .describe('NDJSON lines, or a JSON array of line objects')
      .meta({
        examples: [
          '{"time":"2026-11-28T09:12:00Z","ip":"20.171.206.10","method":"GET","url":"/pricing","status":200,"bytes":5120,"referer":null,"userAgent":"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)","host":"www.acme.example"}\n',
        ],
      }),
    responses: { 202: { description: 'Accepted', schema: TrafficBatchResult } },
    errors: [400, 404],
  },
  getCrawlerStats: {
    operationId: 'getCrawlerStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/crawlers',
    tag: 'Traffic',
    extension: true,
    summary:
      'Which AI crawlers and other bots fetch the site: per agent, with verification and status classes',
    description: `Per agent (its operator and purpose: AI \`training\`, \`search\`, \`user\`, \`classic-search\`, \`other-bot\`): hits, verified / claimed / spoofed, distinct pages, hits by status class, first and last seen, hits per day or week, and the change against the period of the same length before. A hit naming an operator's agent from outside its published ranges is \`spoofed\` and never counted in \`hits\`; where an operator publishes no ranges, hits are \`claimed\`. \`ranges\` lists the published ranges in use with their dates. Sorted by hits, most first. ${RANGE}`,
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({
      interval,
      purpose: z
        .enum(
          TRAFFIC_PURPOSES.filter((p) => p !== 'people') as [
            'training',
            'search',
            'user',
            'classic-search',
            'other-bot',
          ],
        )
        .optional()
        .describe('Only the agents of this purpose')
        .meta({ examples: ['training'] }),
      cursor: Cursor.optional(),
      limit: Limit,
    }),
    responses: withEtag(CrawlerStats),
    errors: [400, 404],
  },
  getReferralStats: {
    operationId: 'getReferralStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/referrals',
    tag: 'Traffic',
    extension: true,
    summary: 'Visits by people arriving from AI answer engines: per engine and landing page',
    description: `Visits whose Referer or \`utm_source\` is an AI answer engine (chatgpt.com, perplexity.ai, gemini.google.com, copilot.microsoft.com, claude.ai, …): the total and per engine with its series per day or week and the change against the period before, and landing pages, most visits first (paged). ${RANGE}`,
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({
      interval,
      engine: EngineFilter.optional().describe(
        'Only these AI engines (the referral table: chatgpt, perplexity, gemini, copilot, claude, …); repeat the parameter for several',
      ),
      cursor: Cursor.optional(),
      limit: Limit,
    }),
    responses: withEtag(ReferralStats),
    errors: [400, 404],
  },
  getPageStats: {
    operationId: 'getPageStats',
    method: 'GET',
    path: '/projects/{projectId}/stats/pages',
    tag: 'Traffic',
    extension: true,
    summary:
      "The brand's pages side by side: cited in answers, fetched by AI agents, visited from AI answers",
    description: `Per page (path) of the brand's site that stored answers cite or bots fetched in the range: answers citing it (per engine), AI search and user fetches, training crawls and classic search crawls (spoofed left out), AI-referred visits, AI-agent hits answered 4xx/5xx, and the status class each agent last got. \`problem=unreachable\` keeps the pages that answered 4xx or 5xx to AI agents, most errors first; otherwise sorted by AI fetches, then citations. ${RANGE}`,
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({
      problem: z
        .enum(['unreachable'])
        .optional()
        .describe('unreachable: only pages that answered 4xx/5xx to AI agents')
        .meta({ examples: ['unreachable'] }),
      cursor: Cursor.optional(),
      limit: Limit,
    }),
    responses: withEtag(PageStats),
    errors: [400, 404],
  },
} satisfies Record<string, Operation>;
