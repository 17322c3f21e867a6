import { z } from 'zod';
import { DateTime, EXAMPLE_IDS, list, Text } from './common.ts';

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
  .meta({ id: 'Engine', examples: [{ id: 'chatgpt', label: 'ChatGPT', tracked: true }] });

export const EngineList = z.strictObject({ data: z.array(Engine) }).meta({
  id: 'EngineList',
  examples: [
    {
      data: [
        { id: 'chatgpt', label: 'ChatGPT', tracked: true },
        { id: 'perplexity', label: 'Perplexity', tracked: true },
        { id: 'claude', label: 'Claude', tracked: false },
      ],
    },
  ],
});

export const Topic = z
  .strictObject({
    id: z.string().describe('Value to pass as topicId'),
    label: z.string(),
    promptCount: z.number().int().describe('Tracked prompts in the topic'),
  })
  .meta({ id: 'Topic', examples: [{ id: 'pricing', label: 'Pricing', promptCount: 6 }] });

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
  .meta({
    id: 'Prompt',
    examples: [
      {
        id: EXAMPLE_IDS.prompt,
        text: 'Best project management tool for small teams?',
        topicIds: ['tools'],
        engineIds: ['chatgpt', 'perplexity'],
        status: 'active',
        createdAt: '2026-03-02T09:20:00.000Z',
      },
    ],
  });

const TopicIds = z.array(Text(200)).max(20);
const EngineIds = z.array(z.string().min(1).max(60)).max(50);

export const PromptCreate = z
  .strictObject({
    text: Text(500),
    topicIds: TopicIds.optional().describe('A new id creates the topic'),
    engineIds: EngineIds.optional().describe('Defaults to the project tracking engines'),
  })
  .meta({
    id: 'PromptCreate',
    examples: [
      {
        text: 'Best project management tool for small teams?',
        topicIds: ['tools'],
        engineIds: ['chatgpt', 'perplexity'],
      },
    ],
  });

export const PromptUpdate = z
  .strictObject({
    text: Text(500).optional(),
    topicIds: TopicIds.optional().describe('Replaces the topics'),
    engineIds: EngineIds.optional().describe('Replaces the engines'),
    status: z.literal('active', { error: 'status can only be set to active' }).optional(),
  })
  .meta({
    id: 'PromptUpdate',
    examples: [
      { text: 'Which project management tool suits a team of ten?', topicIds: ['tools', 'pricing'] },
    ],
  });

export const Competitor = z
  .strictObject({
    name: z.string().describe('Brand name as matched in answers'),
    domains: z.array(z.string()).describe('Domains that count as this competitor being cited'),
  })
  .meta({ id: 'Competitor', examples: [{ name: 'Globex', domains: ['globex.com', 'globex.io'] }] });

export const CompetitorList = list(Competitor).meta({ id: 'CompetitorList' });

export const CompetitorInput = z
  .strictObject({
    name: Text(120),
    domain: Text(253).nullable().optional(),
  })
  .meta({ id: 'CompetitorInput', examples: [{ name: 'Globex', domain: 'globex.com' }] });

export const CompetitorsReplace = z
  .array(CompetitorInput)
  .max(50)
  .meta({
    id: 'CompetitorsReplace',
    examples: [
      [
        { name: 'Globex', domain: 'globex.com' },
        { name: 'globex', domain: 'globex.io' },
        { name: 'Initech', domain: null },
      ],
    ],
  });
