import { z } from 'zod';
import { DateString, DateTime, EXAMPLE_IDS, exampleOf, Uri } from './common.ts';

export const RUN_STATUSES = ['completed', 'running', 'failed', 'canceled'] as const;
export const RunStatus = z.enum(RUN_STATUSES);
export const RunTrigger = z.enum(['scheduled', 'manual']);

export const Run = z
  .strictObject({
    id: z.string().describe('Value for the runId filter'),
    status: RunStatus,
    trigger: RunTrigger.describe('scheduled (project schedule) or manual (a person or the API)'),
    startedAt: DateTime.nullable(),
    completedAt: DateTime.nullable().describe('null while running'),
    promptCount: z.number().int().describe('Prompts covered'),
    answerCount: z.number().int().describe('Answers stored'),
  })
  .meta({
    id: 'Run',
    examples: [
      {
        id: EXAMPLE_IDS.run,
        status: 'completed',
        trigger: 'manual',
        startedAt: '2026-06-14T07:31:02.000Z',
        completedAt: '2026-06-14T07:42:10.000Z',
        promptCount: 24,
        answerCount: 72,
      },
    ],
  });

export const SENTIMENTS = ['positive', 'mixed', 'neutral', 'negative', 'not-applicable'] as const;

export const AnswerCompetitor = z
  .strictObject({
    name: z.string(),
    mentioned: z.boolean().describe('The competitor is named in the answer'),
    cited: z.boolean().describe("A page on the competitor's domains was given as a source"),
    citationUrl: Uri.nullable().optional(),
  })
  .meta({
    id: 'AnswerCompetitor',
    examples: [{ name: 'Globex', mentioned: true, cited: true, citationUrl: 'https://globex.com/pricing' }],
  });

export const Answer = z
  .strictObject({
    id: z.string(),
    runId: z.string().nullable().describe('null for answers imported from outside a run'),
    promptId: z.string().nullable().describe('null when the prompt has since been deleted'),
    promptText: z.string().describe('Text of the prompt at the time it was asked'),
    topicId: z.string().nullable(),
    topicLabel: z.string().nullable(),
    engineId: z.string(),
    engineLabel: z.string(),
    observedAt: DateTime.describe('When the engine answered'),
    date: DateString.describe('UTC day; matches the date used in daily stats'),
    mentioned: z.boolean().describe('The brand is named in the answer'),
    cited: z.boolean().describe("A page on the brand's site was given as a source"),
    citationUrl: Uri.nullable().describe('Cited brand page, null when none'),
    position: z
      .number()
      .int()
      .min(1)
      .nullable()
      .describe('Position of the brand among the brands named, 1 is first'),
    sentiment: z
      .enum(SENTIMENTS)
      .nullable()
      .describe('not-applicable when the brand is not mentioned; null when no scorer ran'),
    excerpt: z.string().max(400).nullable().describe('Passage around the mention (untrusted text)'),
    competitors: z.array(AnswerCompetitor).describe('One entry per tracked competitor'),
    sourceUrls: z.array(Uri).max(30).describe('Every source the engine listed'),
  })
  .meta({
    id: 'Answer',
    description: 'Text fields come from the engines: untrusted, render as text only.',
    examples: [
      {
        id: EXAMPLE_IDS.answer,
        runId: EXAMPLE_IDS.run,
        promptId: EXAMPLE_IDS.prompt,
        promptText: 'Best project management tool for small teams?',
        topicId: 'tools',
        topicLabel: 'Tools',
        engineId: 'chatgpt',
        engineLabel: 'ChatGPT',
        observedAt: '2026-06-14T07:33:48.000Z',
        date: '2026-06-14',
        mentioned: true,
        cited: true,
        citationUrl: 'https://northwind.example/pricing',
        position: 2,
        sentiment: 'positive',
        excerpt:
          'Northwind Tasks is a strong pick for small teams: its free plan covers ten users and its boards are quick to set up.',
        competitors: [
          exampleOf(AnswerCompetitor),
          { name: 'Initech', mentioned: false, cited: false, citationUrl: null },
        ],
        sourceUrls: ['https://globex.com/pricing', 'https://northwind.example/pricing'],
      },
    ],
  });

export const NarrativeDrift = z
  .union([z.literal(true), z.enum(['no', 'partial'])])
  .nullable()
  .describe('true when the answer describes the brand differently from its Brand Truth');

export const AnswerDetail = Answer.extend({
  fullAnswer: z.string().max(12_000).nullable().describe('Full engine text (untrusted)'),
  fullAnswerTruncated: z
    .boolean()
    .describe('true when the text was longer than 12,000 characters and was cut'),
  sentimentReason: z.string().nullable().describe("The scorer's one-line reason"),
  narrativeDrift: NarrativeDrift,
  narrativeDriftReason: z.string().nullable(),
  sources: z
    .array(z.strictObject({ url: Uri, title: z.string().nullable() }))
    .describe('Sources in the order the engine gave them; titles are untrusted'),
  searchQueries: z
    .array(z.string())
    .describe(
      'The web searches the engine ran to write the answer, in order, as the engine reported them (untrusted text); empty when the engine shows none (Perplexity, Google AI Mode, the signed-in apps) or for answers stored before searches were kept (extension)',
    )
    // Marked here, not through extensions.ts, which imports this file.
    .meta({ 'x-answerwatch-extension': true }),
}).meta({
  id: 'AnswerDetail',
  examples: [
    {
      ...exampleOf(Answer),
      fullAnswer:
        'For a small team, Globex and Northwind Tasks are the usual picks. Globex has the most integrations; Northwind Tasks is a strong pick for small teams: its free plan covers ten users and its boards are quick to set up.',
      fullAnswerTruncated: false,
      sentimentReason: 'Recommended for small teams, with its free plan praised.',
      narrativeDrift: 'no',
      narrativeDriftReason: 'Matches the Brand Truth: free for up to ten users.',
      sources: [
        { url: 'https://globex.com/pricing', title: 'Globex pricing' },
        { url: 'https://northwind.example/pricing', title: 'Plans and pricing | Northwind Tasks' },
      ],
      searchQueries: ['best project management tool small teams 2026', 'Northwind Tasks free plan'],
    },
  ],
});
