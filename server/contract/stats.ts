import { z } from 'zod';
import { DateString, exampleOf } from './common.ts';

const Rate = z.number().min(0).max(1).nullable();

export const DailyStat = z
  .strictObject({
    date: DateString,
    engineId: z.string(),
    answers: z.number().int(),
    mentioned: z.number().int(),
    cited: z.number().int(),
    mentionRate: Rate.describe('mentioned divided by answers'),
    citationRate: Rate.describe('cited divided by answers'),
  })
  .meta({
    id: 'DailyStat',
    examples: [
      {
        date: '2026-06-14',
        engineId: 'chatgpt',
        answers: 24,
        mentioned: 18,
        cited: 9,
        mentionRate: 0.75,
        citationRate: 0.375,
      },
    ],
  });

export const DailyStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    data: z.array(DailyStat),
    incompleteDays: z
      .number()
      .int()
      .min(0)
      .describe('Days in the range whose summary was not ready; 0 means the series is complete'),
  })
  .meta({
    id: 'DailyStats',
    examples: [
      {
        from: '2026-06-13',
        to: '2026-06-14',
        data: [
          {
            date: '2026-06-13',
            engineId: 'chatgpt',
            answers: 24,
            mentioned: 16,
            cited: 8,
            mentionRate: 0.6667,
            citationRate: 0.3333,
          },
          {
            date: '2026-06-13',
            engineId: 'perplexity',
            answers: 24,
            mentioned: 12,
            cited: 11,
            mentionRate: 0.5,
            citationRate: 0.4583,
          },
          exampleOf(DailyStat),
        ],
        incompleteDays: 0,
      },
    ],
  });

export const CompetitorStat = z
  .strictObject({
    name: z.string(),
    isOwnBrand: z.boolean().describe("true on the project's own brand row"),
    mentioned: z.number().int(),
    cited: z.number().int(),
    mentionRate: Rate.describe('mentioned divided by all answers in the range'),
    citationRate: Rate.describe('cited divided by all answers in the range'),
  })
  .meta({
    id: 'CompetitorStat',
    examples: [
      {
        name: 'Northwind Tasks',
        isOwnBrand: true,
        mentioned: 46,
        cited: 28,
        mentionRate: 0.6389,
        citationRate: 0.3889,
      },
    ],
  });

export const CompetitorStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    answers: z.number().int().describe('All answers in the range; the rates divide by it'),
    data: z.array(CompetitorStat),
  })
  .meta({
    id: 'CompetitorStats',
    examples: [
      {
        from: '2026-06-13',
        to: '2026-06-14',
        answers: 72,
        data: [
          exampleOf(CompetitorStat),
          {
            name: 'Globex',
            isOwnBrand: false,
            mentioned: 51,
            cited: 33,
            mentionRate: 0.7083,
            citationRate: 0.4583,
          },
          {
            name: 'Initech',
            isOwnBrand: false,
            mentioned: 7,
            cited: 0,
            mentionRate: 0.0972,
            citationRate: 0,
          },
        ],
      },
    ],
  });
