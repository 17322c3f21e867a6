import { z } from 'zod';
import { DateString, EXAMPLE_IDS, exampleOf } from './common.ts';
import { SENTIMENTS } from './results.ts';

/**
 * Extensions of v1 beyond the contract: additive, each marked `x-answerwatch-extension: true` in the OpenAPI
 * document (a parameter through this metadata, an operation through `Operation.extension`).
 */
export const EXTENSION = { 'x-answerwatch-extension': true } as const;

export const ANSWER_SORTS = ['newest', 'oldest'] as const;

/** Filters on the answers list beyond the contract's, all optional; the answers summary takes the same. */
export const AnswerExtensionFilters = {
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .meta({ ...EXTENSION, examples: ['free plan'] })
    .describe(
      'Text search: answers whose prompt or full text contains this text, ignoring case in any script (ZÜRICH finds Zürich). Bounded scan: each page looks at no more than 5,000 answers of the range, so a page can hold fewer matches than limit while nextCursor goes on.',
    )
    .optional(),
  sentiment: z
    .enum(SENTIMENTS)
    .meta({ ...EXTENSION, examples: ['positive'] })
    .describe('Only answers with this sentiment')
    .optional(),
  maxPosition: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .meta({ ...EXTENSION, examples: [3] })
    .describe('Only answers that name the brand at this position or better (1 is first)')
    .optional(),
  competitor: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .meta({ ...EXTENSION, examples: ['Globex'] })
    .describe('Only answers that name this tracked competitor (its name, matched ignoring case)')
    .optional(),
};

export const AnswerSort = z
  .enum(ANSWER_SORTS)
  .default('newest')
  .meta({ ...EXTENSION, examples: ['newest'] })
  .describe('newest (default) or oldest first, by observedAt');

const count = z.number().int().min(0);

export const AnswerSummary = z
  .strictObject({
    from: DateString.nullable().describe('First day of the range; null when runId fixes the answers'),
    to: DateString.nullable(),
    answers: count.describe('Answers matching the filters'),
    mentioned: count,
    cited: count,
    averagePosition: z
      .number()
      .min(1)
      .nullable()
      .describe('Mean position of the brand over the answers that name it; null when none does'),
    sentiment: z
      .strictObject({
        positive: count,
        mixed: count,
        neutral: count,
        negative: count,
        notApplicable: count,
        unscored: count,
      })
      .describe('Answers per sentiment value; unscored counts sentiment null'),
    complete: z
      .boolean()
      .describe(
        'false when a text search (q) stopped at its bound of 20,000 answers: the counts are then a lower bound',
      ),
  })
  .meta({
    id: 'AnswerSummary',
    ...EXTENSION,
    examples: [
      {
        from: '2026-05-16',
        to: '2026-06-14',
        answers: 1240,
        mentioned: 702,
        cited: 311,
        averagePosition: 1.8,
        sentiment: { positive: 402, mixed: 121, neutral: 150, negative: 29, notApplicable: 538, unscored: 0 },
        complete: true,
      },
    ],
  });

export const READINESS_PROBLEMS = [
  'not_in_plan',
  'no_key',
  'no_host',
  'host_offline',
  'host_lacks_engine',
  'no_prompt',
] as const;

export const EngineReadiness = z
  .strictObject({
    id: z.string(),
    label: z.string(),
    runsOn: z.enum(['cloud', 'host']),
    tracked: z.boolean(),
    activePrompts: count.describe('Active prompts that ask this engine'),
    ready: z.boolean().describe('A run started now would ask this engine'),
    problem: z
      .strictObject({
        code: z.enum(READINESS_PROBLEMS),
        message: z.string().describe('What stops the engine, in plain words'),
        fix: z.string().describe('What to do about it'),
      })
      .nullable(),
    signIn: z
      .enum(['not-applicable', 'unknown'])
      .describe(
        'Signed-in browser engines: whether the app is signed in is known only once an ask is made, so unknown; not-applicable otherwise',
      ),
  })
  .meta({
    id: 'EngineReadiness',
    examples: [
      {
        id: 'gemini',
        label: 'Gemini',
        runsOn: 'cloud',
        tracked: true,
        activePrompts: 12,
        ready: false,
        problem: {
          code: 'no_key',
          message: 'No Gemini API key is set in the service.',
          fix: 'Set GEMINI_API_KEY where the service runs, then restart it.',
        },
        signIn: 'not-applicable',
      },
    ],
  });

export const Readiness = z
  .strictObject({
    canRun: z.boolean().describe('At least one engine of an active prompt is ready'),
    activeRequestId: z.string().nullable().describe('A request already queued, waiting or running'),
    expectedAnswers: count.describe('Answers one sample per prompt would store on the ready engines'),
    engines: z.array(EngineReadiness).describe('Tracked engines and every engine an active prompt asks'),
  })
  .meta({
    id: 'Readiness',
    ...EXTENSION,
    examples: [
      { canRun: true, activeRequestId: null, expectedAnswers: 24, engines: [exampleOf(EngineReadiness)] },
    ],
  });

export const CancelOutcome = z
  .strictObject({
    id: z.string(),
    outcome: z
      .enum(['canceled', 'cancel_requested'])
      .describe(
        'canceled: the request had not started and is canceled; cancel_requested: it is running and stops within seconds, keeping the answers it stored',
      ),
  })
  .meta({
    id: 'RunRequestCancel',
    ...EXTENSION,
    examples: [{ id: EXAMPLE_IDS.runRequest, outcome: 'cancel_requested' }],
  });
