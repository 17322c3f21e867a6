import { z } from 'zod';
import { DateString, DateTime, EXAMPLE_IDS } from './common.ts';
import { EXTENSION } from './extensions.ts';
import { TRAFFIC_PURPOSES } from './traffic-agents.ts';

/** Shapes of the access-log analytics (issue 26): extensions of v1, marked as such. */

const Count = z.number().int().min(0);
const Change = z.number().int().describe('This period minus the period of the same length just before');
const Purpose = z.enum(TRAFFIC_PURPOSES).meta({ id: 'TrafficPurpose', ...EXTENSION });

export const TrafficPurposeCounts = z
  .strictObject(
    Object.fromEntries(TRAFFIC_PURPOSES.map((p) => [p, Count])) as Record<
      (typeof TRAFFIC_PURPOSES)[number],
      typeof Count
    >,
  )
  .meta({ id: 'TrafficPurposeCounts', ...EXTENSION });

export const TrafficBatchResult = z
  .strictObject({
    accepted: Count.describe("Lines of the brand's hosts, counted"),
    ignored: Count.describe('Lines of other hosts: counted here, stored nowhere'),
    alreadyStored: Count.describe(
      'Lines of a batch stored before (the same body sent again): not counted twice',
    ),
    refused: z.strictObject({
      count: Count,
      lines: z
        .array(z.strictObject({ line: z.number().int().min(1), error: z.string() }))
        .describe('The first 100 refused lines (1-based) and why'),
    }),
    purposes: TrafficPurposeCounts.describe('The accepted lines by what they are'),
    spoofed: Count.describe("Hits naming an operator's agent from outside its published ranges"),
    referrals: Count.describe('Visits by people from an AI answer engine'),
  })
  .meta({
    id: 'TrafficBatchResult',
    examples: [
      {
        accepted: 9_980,
        ignored: 12,
        alreadyStored: 0,
        refused: { count: 8, lines: [{ line: 17, error: 'status: the status "abc" is not an HTTP status' }] },
        purposes: {
          training: 420,
          search: 310,
          user: 95,
          'classic-search': 880,
          'other-bot': 1_210,
          people: 7_065,
        },
        spoofed: 14,
        referrals: 61,
      },
    ],
    ...EXTENSION,
  });

const StatusClasses = z
  .strictObject({ '2xx': Count, '3xx': Count, '4xx': Count, '5xx': Count })
  .describe('Hits by status class (spoofed hits left out)');

const Interval = z.enum(['day', 'week']);
const Previous = z
  .strictObject({ from: DateString, to: DateString })
  .describe('The period of the same length just before, that `change` compares with');

const SeriesPoint = z.strictObject({
  period: z.string().describe('The day, or the ISO week (2026-W48)'),
  from: DateString,
  to: DateString,
  hits: Count,
});

export const CrawlerStat = z
  .strictObject({
    agent: z.string().describe('The token the agent names itself by; `other-bot` for bots of no table'),
    operator: z.string().nullable(),
    purpose: Purpose,
    hits: Count.describe('Verified and claimed hits; spoofed hits are never counted as the agent'),
    verified: Count,
    claimed: Count,
    spoofed: Count,
    pages: Count.describe('Distinct pages fetched (spoofed hits left out)'),
    status: StatusClasses,
    firstSeen: DateTime.nullable(),
    lastSeen: DateTime.nullable(),
    change: Change,
    series: z.array(SeriesPoint).describe('Hits per day or week of the range, periods without hits left out'),
  })
  .meta({ id: 'CrawlerStat', ...EXTENSION });

export const RangeSnapshotInfo = z
  .strictObject({
    source: z.string(),
    operator: z.string(),
    agents: z.array(z.string()),
    creationTime: z.string().describe("The operator's own creationTime of the file"),
    prefixes: Count,
    updatedAt: z.string().describe('`shipped` (the snapshot that ships with the code) or when it was stored'),
  })
  .meta({ id: 'RangeSnapshot', ...EXTENSION });

export const CrawlerStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    previous: Previous,
    interval: Interval,
    data: z.array(CrawlerStat),
    ranges: z
      .array(RangeSnapshotInfo)
      .describe('The published ranges hits were verified against, with their dates'),
    nextCursor: z.string().nullable(),
  })
  .meta({
    id: 'CrawlerStats',
    examples: [
      {
        from: '2026-11-22',
        to: '2026-11-28',
        previous: { from: '2026-11-15', to: '2026-11-21' },
        interval: 'week',
        data: [
          {
            agent: 'GPTBot',
            operator: 'OpenAI',
            purpose: 'training',
            hits: 1_204,
            verified: 1_204,
            claimed: 0,
            spoofed: 37,
            pages: 312,
            status: { '2xx': 1_150, '3xx': 20, '4xx': 30, '5xx': 4 },
            firstSeen: '2026-11-22T00:04:11.000Z',
            lastSeen: '2026-11-28T09:58:40.000Z',
            change: 180,
            series: [
              { period: '2026-W47', from: '2026-11-22', to: '2026-11-22', hits: 160 },
              { period: '2026-W48', from: '2026-11-23', to: '2026-11-28', hits: 1_044 },
            ],
          },
        ],
        ranges: [
          {
            source: 'openai-gptbot',
            operator: 'OpenAI',
            agents: ['GPTBot'],
            creationTime: '2026-11-18T21:00:03.000000',
            prefixes: 9,
            updatedAt: 'shipped',
          },
        ],
        nextCursor: null,
      },
    ],
    ...EXTENSION,
  });

const ReferralPoint = z.strictObject({ period: z.string(), from: DateString, to: DateString, visits: Count });

export const ReferralStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    previous: Previous,
    interval: Interval,
    visits: Count.describe('AI-referred visits in the range'),
    change: Change,
    engines: z
      .array(
        z.strictObject({ engine: z.string(), visits: Count, change: Change, series: z.array(ReferralPoint) }),
      )
      .describe('Per engine, most visits first'),
    data: z
      .array(
        z.strictObject({
          page: z.string().describe('The landing page (path)'),
          visits: Count,
          engines: z.array(z.strictObject({ engine: z.string(), visits: Count })),
        }),
      )
      .describe('Landing pages, most visits first'),
    nextCursor: z.string().nullable(),
  })
  .meta({
    id: 'ReferralStats',
    examples: [
      {
        from: '2026-11-22',
        to: '2026-11-28',
        previous: { from: '2026-11-15', to: '2026-11-21' },
        interval: 'day',
        visits: 61,
        change: 9,
        engines: [
          {
            engine: 'chatgpt',
            visits: 44,
            change: 7,
            series: [{ period: '2026-11-27', from: '2026-11-27', to: '2026-11-27', visits: 44 }],
          },
        ],
        data: [{ page: '/pricing', visits: 30, engines: [{ engine: 'chatgpt', visits: 30 }] }],
        nextCursor: EXAMPLE_IDS.cursor,
      },
    ],
    ...EXTENSION,
  });

const Fetches = z.strictObject({
  search: Count.describe('AI search indexers'),
  user: Count.describe("AI user fetchers (a person's question, live)"),
  training: Count.describe('AI training crawlers'),
  classicSearch: Count.describe('Classic search crawlers'),
});

export const PageStat = z
  .strictObject({
    page: z.string().describe("The path on the brand's site"),
    citations: z
      .strictObject({
        answers: Count.describe('Stored answers in the range citing the page'),
        engines: z.array(z.strictObject({ engineId: z.string(), answers: Count })),
      })
      .describe("Times cited in stored answers (any of the brand's hosts, by path)"),
    fetches: Fetches.describe('Verified and claimed hits, spoofed left out'),
    referrals: Count.describe('AI-referred visits landing on the page'),
    aiErrors: Count.describe('Hits of AI agents answered 4xx or 5xx'),
    lastStatus: z
      .array(z.strictObject({ agent: z.string(), statusClass: z.string(), at: DateTime }))
      .describe('The status class each agent last got, latest first'),
  })
  .meta({ id: 'PageStat', ...EXTENSION });

export const PageStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    data: z.array(PageStat),
    nextCursor: z.string().nullable(),
  })
  .meta({
    id: 'PageStats',
    examples: [
      {
        from: '2026-11-22',
        to: '2026-11-28',
        data: [
          {
            page: '/pricing',
            citations: { answers: 18, engines: [{ engineId: 'chatgpt', answers: 11 }] },
            fetches: { search: 40, user: 12, training: 25, classicSearch: 60 },
            referrals: 30,
            aiErrors: 3,
            lastStatus: [{ agent: 'ChatGPT-User', statusClass: '4xx', at: '2026-11-28T09:12:00.000Z' }],
          },
        ],
        nextCursor: null,
      },
    ],
    ...EXTENSION,
  });
