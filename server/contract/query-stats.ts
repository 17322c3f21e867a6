import { z } from 'zod';
import { DateString, EXAMPLE_IDS } from './common.ts';
import { EXTENSION } from './extensions.ts';

/** The response of stats/queries (an extension of v1): the web searches engines ran behind the answers. */

const Rate = z.number().min(0).max(1).nullable();
const Count = z.number().int().min(0);

const QueryEngine = z.strictObject({
  engineId: z.string(),
  answers: Count.describe("This engine's answers whose searches included the query"),
  prompts: Count.describe('Distinct prompts behind those answers'),
  mentionRate: Rate.describe('Share of those answers naming the brand'),
  citationRate: Rate.describe('Share of those answers citing the brand'),
});

const QueryCompetitor = z.strictObject({
  name: z.string().describe('A tracked competitor, in the project’s order'),
  mentionRate: Rate.describe('Share of the answers naming it'),
  citationRate: Rate.describe('Share of the answers citing it'),
});

export const QueryStat = z
  .strictObject({
    query: z
      .string()
      .describe(
        'The search, normalised: lower case, blanks collapsed, trailing punctuation removed (engine text, untrusted)',
      ),
    answers: Count.describe('Answers in the range whose engine ran this search'),
    prompts: Count.describe('Distinct prompts (by text) behind those answers'),
    mentionRate: Rate.describe('Share of those answers naming the brand'),
    citationRate: Rate.describe('Share of those answers citing the brand'),
    competitors: z.array(QueryCompetitor).describe('Each tracked competitor, as it is now'),
    engines: z.array(QueryEngine).describe('Per engine, most answers first'),
    firstSeen: DateString.describe('First day in the range an engine ran it'),
    lastSeen: DateString.describe('Last day in the range an engine ran it'),
    trackedPromptId: z
      .string()
      .nullable()
      .describe('The tracked prompt whose text normalises to the same search; null when none does'),
  })
  .meta({ id: 'QueryStat', ...EXTENSION });

export const QueryStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    answers: Count.describe('All answers in the range (with the filters), searching or not'),
    data: z.array(QueryStat),
    nextCursor: z.string().nullable(),
  })
  .meta({
    id: 'QueryStats',
    examples: [
      {
        from: '2026-05-16',
        to: '2026-06-14',
        answers: 1240,
        data: [
          {
            query: 'best project management tool small teams 2026',
            answers: 212,
            prompts: 4,
            mentionRate: 0.5425,
            citationRate: 0.1981,
            competitors: [{ name: 'Globex', mentionRate: 0.7028, citationRate: 0.3113 }],
            engines: [
              { engineId: 'chatgpt', answers: 130, prompts: 4, mentionRate: 0.5846, citationRate: 0.2231 },
              { engineId: 'gemini', answers: 82, prompts: 3, mentionRate: 0.4756, citationRate: 0.1585 },
            ],
            firstSeen: '2026-05-16',
            lastSeen: '2026-06-14',
            trackedPromptId: null,
          },
        ],
        nextCursor: EXAMPLE_IDS.cursor,
      },
    ],
    ...EXTENSION,
  });
