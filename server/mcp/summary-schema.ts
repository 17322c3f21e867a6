import { z } from 'zod';
import { DateString } from '../contract/common.ts';

const Rate = z.number().min(0).max(1).nullable();

const Figures = z.strictObject({
  from: DateString,
  to: DateString,
  answers: z.number().int().describe('Answers stored in the period'),
  mentionRate: Rate.describe('Share of answers that name the brand; null without answers'),
  citationRate: Rate.describe("Share of answers that cite a page of the brand's site"),
  shareOfVoice: Rate.describe('Brand mentions over the mentions of the brand and every tracked competitor'),
  averagePosition: z
    .number()
    .min(1)
    .nullable()
    .describe('Mean rank of the brand among the brands named, 1 is first; null when never ranked'),
  rankedAnswers: z.number().int().describe('Answers that ranked the brand (the average is over these)'),
  competitors: z.array(
    z.strictObject({
      name: z.string(),
      mentionRate: Rate,
      citationRate: Rate,
      shareOfVoice: Rate,
    }),
  ),
});

const Change = z.number().nullable();

/** The visibility_summary tool's result (no REST endpoint has this shape; its figures are the stats endpoints'). */
export const VisibilitySummary = z.strictObject({
  projectId: z.string(),
  brand: z.string().describe('The project name, as counted in answers'),
  engines: z.array(z.string()).nullable().describe('The engines counted; null means all'),
  current: Figures,
  previous: Figures.describe('The period of the same length just before'),
  change: z
    .strictObject({
      answers: z.number().int(),
      mentionRate: Change,
      citationRate: Change,
      shareOfVoice: Change,
      averagePosition: Change.describe('Negative is better: the brand moved up'),
    })
    .describe('current minus previous; null when either side is null'),
});
