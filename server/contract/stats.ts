import { z } from 'zod';
import { DateString } from './common.ts';

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
  .meta({ id: 'DailyStat' });

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
  .meta({ id: 'DailyStats' });

export const CompetitorStat = z
  .strictObject({
    name: z.string(),
    isOwnBrand: z.boolean().describe("true on the project's own brand row"),
    mentioned: z.number().int(),
    cited: z.number().int(),
    mentionRate: Rate.describe('mentioned divided by all answers in the range'),
    citationRate: Rate.describe('cited divided by all answers in the range'),
  })
  .meta({ id: 'CompetitorStat' });

export const CompetitorStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    answers: z.number().int().describe('All answers in the range; the rates divide by it'),
    data: z.array(CompetitorStat),
  })
  .meta({ id: 'CompetitorStats' });
