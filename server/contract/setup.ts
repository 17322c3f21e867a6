import { z } from 'zod';
import { DateTime } from './common.ts';

export const Engine = z
  .strictObject({
    id: z.string().describe('Stable engine id'),
    label: z.string(),
    tracked: z
      .boolean()
      .describe(
        'Whether new runs ask this engine; engines with stored answers but no longer tracked are false',
      ),
  })
  .meta({ id: 'Engine' });

export const Topic = z
  .strictObject({
    id: z.string().describe('Value to pass as topicId'),
    label: z.string(),
    promptCount: z.number().int().describe('Tracked prompts in the topic'),
  })
  .meta({ id: 'Topic' });

export const PromptStatus = z.enum(['active', 'paused']);

export const Prompt = z
  .strictObject({
    id: z.string(),
    text: z.string(),
    topicIds: z.array(z.string()),
    engineIds: z.array(z.string()).describe('Empty means the prompt has no engine and is skipped in runs'),
    status: PromptStatus.describe('Active prompts run on schedule; paused prompts are kept but not run'),
    createdAt: DateTime.nullable(),
  })
  .meta({ id: 'Prompt' });

const TopicIds = z.array(z.string().trim().min(1).max(200)).max(20);
const EngineIds = z.array(z.string().min(1).max(60)).max(50);

export const PromptCreate = z
  .strictObject({
    text: z.string().trim().min(1).max(500),
    topicIds: TopicIds.optional().describe('A new id creates the topic'),
    engineIds: EngineIds.optional().describe('Defaults to the project tracking engines'),
  })
  .meta({ id: 'PromptCreate' });

export const PromptUpdate = z
  .strictObject({
    text: z.string().trim().min(1).max(500).optional(),
    topicIds: TopicIds.optional().describe('Replaces the topics'),
    engineIds: EngineIds.optional().describe('Replaces the engines'),
    status: z.literal('active', { error: 'status can only be set to active' }).optional(),
  })
  .meta({ id: 'PromptUpdate' });

export const Competitor = z
  .strictObject({
    name: z.string().describe('Brand name as matched in answers'),
    domains: z.array(z.string()).describe('Domains that count as this competitor being cited'),
  })
  .meta({ id: 'Competitor' });

export const CompetitorInput = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    domain: z.string().trim().min(1).max(253).nullable().optional(),
  })
  .meta({ id: 'CompetitorInput' });

export const CompetitorsReplace = z.array(CompetitorInput).max(50).meta({ id: 'CompetitorsReplace' });
