import { z } from 'zod';
import { DateString, EXAMPLE_IDS, Uri } from './common.ts';
import { PageKind, SourceType } from './source-types.ts';

/** Response shapes of the insight reads (extensions of v1: sources, prompts, trends, surfaces). */

const Rate = z.number().min(0).max(1).nullable();
const Count = z.number().int().min(0);
const EXTENSION = { 'x-answerwatch-extension': true } as const;

export const Estimate = z
  .strictObject({
    value: z.number().nullable().describe('The figure; null when no answer stands behind it'),
    low: z.number().nullable().describe('Lower bound of the 95 % interval; null when it cannot be told'),
    high: z.number().nullable().describe('Upper bound of the 95 % interval; null when it cannot be told'),
  })
  .meta({
    id: 'Estimate',
    description:
      'A figure with its 95 % interval. Rates and shares carry a Wilson score interval over the answers behind them; an average position carries a Student t interval of the mean (null bounds with a single position).',
    ...EXTENSION,
  });

export const SourceClass = z
  .enum(['own', 'competitor', 'other'])
  .describe("`own`: one of the brand's domains; `competitor`: a tracked competitor's; `other`: anyone else")
  .meta({ id: 'SourceClass', ...EXTENSION });

const SourceEngine = z.strictObject({
  engineId: z.string(),
  answers: Count.describe("This engine's answers citing the source"),
  share: Rate.describe("answers divided by this engine's answers that list any source"),
  prompts: Count.describe('Distinct prompts behind those answers'),
  firstSeen: DateString,
  lastSeen: DateString,
});

export const SourceStat = z
  .strictObject({
    domain: z.string().describe('Registrable domain of the source'),
    url: Uri.nullable().describe('The page, with groupBy=url; null when grouped by domain'),
    class: SourceClass,
    competitor: z.string().nullable().describe('The competitor whose domain it is, when class is competitor'),
    type: SourceType,
    pageKind: PageKind.nullable().describe('The kind of page, with groupBy=url; null when grouped by domain'),
    answers: Count.describe('Answers in the range that list the source'),
    share: Rate.describe('answers divided by the answers in the range that list any source'),
    prompts: Count.describe('Distinct prompts (by text) behind those answers'),
    firstSeen: DateString.describe('First day in the range an answer listed it'),
    lastSeen: DateString.describe('Last day in the range an answer listed it'),
    engines: z.array(SourceEngine).optional().describe('Per engine, with perEngine=true'),
  })
  .meta({ id: 'SourceStat', ...EXTENSION });

export const SourceStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    groupBy: z.enum(['domain', 'url']),
    answers: Count.describe('All answers in the range (with the filters)'),
    citingAnswers: Count.describe(
      'Answers in the range that list at least one source: what share divides by',
    ),
    data: z.array(SourceStat),
    nextCursor: z.string().nullable(),
  })
  .meta({
    id: 'SourceStats',
    examples: [
      {
        from: '2026-05-16',
        to: '2026-06-14',
        groupBy: 'domain',
        answers: 1240,
        citingAnswers: 980,
        data: [
          {
            domain: 'acme.example',
            url: null,
            class: 'own',
            competitor: null,
            type: 'own',
            pageKind: null,
            answers: 412,
            share: 0.4204,
            prompts: 18,
            firstSeen: '2026-05-16',
            lastSeen: '2026-06-14',
          },
          {
            domain: 'globex.example',
            url: null,
            class: 'competitor',
            competitor: 'Globex',
            type: 'competitor',
            pageKind: null,
            answers: 305,
            share: 0.3112,
            prompts: 15,
            firstSeen: '2026-05-17',
            lastSeen: '2026-06-14',
          },
        ],
        nextCursor: EXAMPLE_IDS.cursor,
      },
    ],
    ...EXTENSION,
  });

export const SentimentCounts = z
  .strictObject({
    positive: z.number().int(),
    mixed: z.number().int(),
    neutral: z.number().int(),
    negative: z.number().int(),
    notApplicable: z.number().int().describe('Answers that do not name the brand'),
  })
  .meta({ id: 'SentimentCounts', ...EXTENSION });

/** Figures of the prompts read; each is also a sort key, alone and as `<figure>Change`. */
export const PROMPT_FIGURES = [
  'answers',
  'mentioned',
  'cited',
  'mentionRate',
  'citationRate',
  'averagePosition',
  'positive',
  'mixed',
  'neutral',
  'negative',
  'notApplicable',
] as const;

export const PromptSort = z
  .enum([...PROMPT_FIGURES, ...PROMPT_FIGURES.map((f) => `${f}Change` as const)])
  .meta({ id: 'PromptSort', ...EXTENSION });

const PromptChange = z
  .strictObject({
    answers: z.number().int(),
    mentioned: z.number().int(),
    cited: z.number().int(),
    mentionRate: z.number().nullable().describe('null when either period has no answers'),
    citationRate: z.number().nullable(),
    averagePosition: z.number().nullable().describe('null when either period has no position'),
    sentiment: SentimentCounts,
  })
  .describe('This period minus the previous period of the same length');

const promptFigures = {
  answers: Count,
  mentioned: Count,
  cited: Count,
  mentionRate: Rate.describe('mentioned divided by answers'),
  citationRate: Rate.describe('cited divided by answers'),
  averagePosition: z.number().nullable().describe('Average position of the brand where it was named'),
  sentiment: SentimentCounts,
  topCompetitor: z
    .strictObject({ name: z.string(), mentioned: Count, mentionRate: Rate })
    .nullable()
    .describe('The tracked competitor these answers named most; null when they named none'),
  change: PromptChange,
};

export const PromptStat = z
  .strictObject({
    promptId: z.string(),
    text: z.string(),
    topicIds: z.array(z.string()),
    status: z.enum(['active', 'paused']),
    ...promptFigures,
    engines: z
      .array(z.strictObject({ engineId: z.string(), ...promptFigures }))
      .optional()
      .describe('Per engine that answered the prompt in either period, with perEngine=true'),
  })
  .meta({ id: 'PromptStat', ...EXTENSION });

export const PromptStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    previous: z
      .strictObject({ from: DateString, to: DateString })
      .describe('The period of the same length just before, that `change` compares with'),
    sort: PromptSort,
    order: z.enum(['asc', 'desc']),
    data: z.array(PromptStat),
    nextCursor: z.string().nullable(),
  })
  .meta({
    id: 'PromptStats',
    examples: [
      {
        from: '2026-05-16',
        to: '2026-06-14',
        previous: { from: '2026-04-16', to: '2026-05-15' },
        sort: 'mentionRateChange',
        order: 'desc',
        data: [
          {
            promptId: EXAMPLE_IDS.prompt,
            text: 'What is the best CRM for a small business?',
            topicIds: ['pricing'],
            status: 'active',
            answers: 60,
            mentioned: 36,
            cited: 21,
            mentionRate: 0.6,
            citationRate: 0.35,
            averagePosition: 1.8,
            sentiment: { positive: 20, mixed: 6, neutral: 8, negative: 2, notApplicable: 24 },
            topCompetitor: { name: 'Globex', mentioned: 41, mentionRate: 0.6833 },
            change: {
              answers: 0,
              mentioned: 3,
              cited: -2,
              mentionRate: 0.05,
              citationRate: -0.0333,
              averagePosition: -0.2,
              sentiment: { positive: 4, mixed: -1, neutral: 0, negative: 0, notApplicable: -5 },
            },
          },
        ],
        nextCursor: null,
      },
    ],
    ...EXTENSION,
  });

export const TrendPoint = z
  .strictObject({
    period: z.string().describe('The day, ISO week (2026-W24), month (2026-06) or from/to of the range'),
    from: DateString.describe('First day of the period within the range'),
    to: DateString.describe('Last day of the period within the range'),
    engineId: z.string().nullable().describe('null on rows that add up every engine (perEngine=false)'),
    answers: Count,
    mentioned: Count,
    cited: Count,
    positioned: Count.describe('Answers that name the brand at a position'),
    withSentiment: Count.describe('Answers with a positive, mixed, neutral or negative sentiment'),
    mentionRate: Estimate,
    citationRate: Estimate,
    averagePosition: Estimate,
    sentiment: z
      .strictObject({ positive: Estimate, mixed: Estimate, neutral: Estimate, negative: Estimate })
      .describe('Share of each sentiment among the answers with one'),
  })
  .meta({ id: 'TrendPoint', ...EXTENSION });

export const Trends = z
  .strictObject({
    from: DateString,
    to: DateString,
    interval: z.enum(['day', 'week', 'month', 'range']),
    data: z.array(TrendPoint),
    incompleteDays: Count.describe('Days in the range a run is still adding answers to'),
  })
  .meta({
    id: 'Trends',
    examples: [
      {
        from: '2026-06-08',
        to: '2026-06-14',
        interval: 'week',
        data: [
          {
            period: '2026-W24',
            from: '2026-06-08',
            to: '2026-06-14',
            engineId: 'chatgpt',
            answers: 140,
            mentioned: 84,
            cited: 49,
            positioned: 84,
            withSentiment: 80,
            mentionRate: { value: 0.6, low: 0.5172, high: 0.6776 },
            citationRate: { value: 0.35, low: 0.2757, high: 0.4322 },
            averagePosition: { value: 1.9, low: 1.71, high: 2.09 },
            sentiment: {
              positive: { value: 0.55, low: 0.4409, high: 0.6543 },
              mixed: { value: 0.15, low: 0.0876, high: 0.2443 },
              neutral: { value: 0.25, low: 0.1698, high: 0.3524 },
              negative: { value: 0.05, low: 0.0196, high: 0.1219 },
            },
          },
        ],
        incompleteDays: 0,
      },
    ],
    ...EXTENSION,
  });

const Agreement = z.strictObject({
  agreement: Rate.describe('Pairs that agree divided by all pairs'),
  both: Count.describe('Pairs where both surfaces do'),
  apiOnly: Count,
  appOnly: Count,
  neither: Count,
  apiRate: Rate.describe('Rate on the API side over the paired answers'),
  appRate: Rate.describe('Rate on the app side over the paired answers'),
});

const SurfaceSource = z.strictObject({
  domain: z.string(),
  class: SourceClass,
  competitor: z.string().nullable(),
  promptDays: Count.describe('Paired prompt-days on which only this side listed the domain'),
});

export const SurfacePair = z
  .strictObject({
    apiEngineId: z.string().describe("The engine's API"),
    appEngineId: z.string().describe('Its signed-in browser variant (local-fetch)'),
    prompts: Count.describe('Prompts answered by both on the same day at least once'),
    pairedDays: Count.describe('Prompt-days answered by both'),
    answerPairs: Count.describe('Each API answer paired with each app answer of the same prompt and day'),
    mention: Agreement,
    citation: Agreement,
    position: z.strictObject({
      pairs: Count.describe('Answer pairs where both name the brand at a position'),
      apiAverage: z.number().nullable(),
      appAverage: z.number().nullable(),
      difference: z
        .number()
        .nullable()
        .describe('appAverage minus apiAverage: above 0, the app puts the brand lower'),
    }),
    sources: z.strictObject({
      apiOnly: z.array(SurfaceSource).describe('Domains only the API listed, most often first (at most 20)'),
      appOnly: z.array(SurfaceSource).describe('Domains only the app listed, most often first (at most 20)'),
    }),
  })
  .meta({ id: 'SurfacePair', ...EXTENSION });

export const Surfaces = z
  .strictObject({ from: DateString, to: DateString, data: z.array(SurfacePair) })
  .meta({
    id: 'Surfaces',
    examples: [
      {
        from: '2026-05-16',
        to: '2026-06-14',
        data: [
          {
            apiEngineId: 'chatgpt',
            appEngineId: 'chatgpt-local-fetch',
            prompts: 12,
            pairedDays: 240,
            answerPairs: 240,
            mention: {
              agreement: 0.85,
              both: 150,
              apiOnly: 20,
              appOnly: 16,
              neither: 54,
              apiRate: 0.7083,
              appRate: 0.6917,
            },
            citation: {
              agreement: 0.7,
              both: 60,
              apiOnly: 30,
              appOnly: 42,
              neither: 108,
              apiRate: 0.375,
              appRate: 0.425,
            },
            position: { pairs: 150, apiAverage: 1.6, appAverage: 2.1, difference: 0.5 },
            sources: {
              apiOnly: [{ domain: 'g2.example', class: 'other', competitor: null, promptDays: 31 }],
              appOnly: [
                { domain: 'globex.example', class: 'competitor', competitor: 'Globex', promptDays: 18 },
              ],
            },
          },
        ],
      },
    ],
    ...EXTENSION,
  });
