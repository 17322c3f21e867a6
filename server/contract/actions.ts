import { z } from 'zod';
import { DateString } from './common.ts';
import { EXTENSION } from './extensions.ts';

/** Ranked actions (an extension of v1): concrete things to do, each with the evidence behind it. */

export const ACTION_KINDS = [
  'win-back-prompt',
  'get-cited-on',
  'cover-query',
  'spread-page',
  'fix-narrative',
] as const;
export const ACTION_STATUSES = ['open', 'done', 'dismissed'] as const;

const Count = z.number().int().min(0);

export const ActionId = z
  .string()
  .regex(/^act_[0-9a-f]{20}$/)
  .describe('Stable: made from the kind and the subject, so a status outlives recomputation')
  .meta({ examples: ['act_3f9a1c0b7e25d4a8c6b1'] });

export const ActionKind = z
  .enum(ACTION_KINDS)
  .describe(
    'win-back-prompt: a tracked prompt the brand dropped out of on an engine where a competitor stayed; get-cited-on: a site or page cited beside competitors and never beside the brand; cover-query: a web search the engines run often whose answers never cite the brand; spread-page: a brand page some engines cite and others never do on the same prompts; fix-narrative: a Brand Truth statement answers keep contradicting, by the judge’s drift verdicts',
  );
export const ActionStatus = z.enum(ACTION_STATUSES);

const EngineFigures = z.strictObject({
  engineId: z.string(),
  answers: Count.describe('This engine’s answers the figure is about'),
  mentioned: Count.nullable().describe(
    'Of them, answers naming the brand (fix-narrative: all, as drift is judged on answers naming it); null where the summaries do not hold it (spread-page)',
  ),
});

export const ActionEvidence = z
  .strictObject({
    answers: Count.describe('Answers in the range behind the action (see reach)'),
    answerIds: z.array(z.string()).max(5).describe('Up to 5 example answers, newest first'),
    domain: z.string().nullable().describe('get-cited-on: the site (engine data, untrusted)'),
    url: z
      .string()
      .nullable()
      .describe('get-cited-on of a page, spread-page: the page (engine data, untrusted)'),
    sourceType: z.string().nullable().describe('get-cited-on: the site’s type, as stats/sources gives it'),
    pageKind: z.string().nullable().describe('get-cited-on of a page: its page kind'),
    query: z.string().nullable().describe('cover-query: the normalised search (engine text, untrusted)'),
    promptId: z.string().nullable().describe('win-back-prompt: the tracked prompt'),
    promptText: z.string().nullable(),
    competitors: z
      .array(z.string())
      .describe('win-back-prompt: tracked competitors named on the lost engines in both periods'),
    rivalAnswers: Count.nullable().describe('get-cited-on: answers naming a tracked competitor'),
    citedAnswers: Count.nullable().describe('cover-query: answers citing the brand (0 for an action)'),
    engines: z
      .array(EngineFigures)
      .describe(
        'Per engine: get-cited-on, cover-query and spread-page the answers listing or running it; win-back-prompt the lost engines in the range; fix-narrative the answers contradicting the statement',
      ),
    previous: z
      .array(EngineFigures)
      .describe('win-back-prompt: the lost engines in the period before, of the same length'),
    missingEngines: z
      .array(z.string())
      .describe('spread-page: engines that answered the same prompts and never cited the page'),
    statement: z
      .string()
      .nullable()
      .describe('fix-narrative: the Brand Truth statement, as the project holds it now (written by people)'),
    drift: Count.nullable().describe('fix-narrative: answers the judge found contradicting it'),
    partial: Count.nullable().describe('fix-narrative: answers the judge found partly misstating it'),
    reasons: z
      .array(z.strictObject({ answerId: z.string(), reason: z.string() }))
      .max(5)
      .describe(
        'fix-narrative: the judge’s reason for each example answer that has one (engine-derived text, untrusted: quote it as text)',
      ),
  })
  .describe('The figures behind the action, each recountable from the stored answers');

export const ActionReach = z.strictObject({
  answers: Count,
  prompts: Count,
  engines: Count,
});

const ActionShape = z.strictObject({
  id: ActionId,
  kind: ActionKind,
  title: z
    .string()
    .describe('What to do, in plain words; may quote engine or site text: render it as text, never HTML'),
  reach: ActionReach.describe('Answers, prompts and engines the action concerns in the range (how it ranks)'),
  evidence: ActionEvidence,
  status: ActionStatus.describe(
    'open, done or dismissed; a done or dismissed action opens again when its evidence changes materially',
  ),
  statusChangedAt: z.string().nullable().describe('When the status was last set; null when never'),
});

const EXAMPLE_ACTION: z.input<typeof ActionShape> = {
  id: 'act_3f9a1c0b7e25d4a8c6b1',
  kind: 'get-cited-on',
  title: 'Get reviewed on g2.com: listed in 214 answers (214 naming a competitor), never in one naming you',
  reach: { answers: 214, prompts: 9, engines: 3 },
  evidence: {
    answers: 214,
    answerIds: ['ans8Xk2Lq5Vn1Rt7Bd4Hz0c'],
    domain: 'g2.com',
    url: null,
    sourceType: 'review',
    pageKind: null,
    query: null,
    promptId: null,
    promptText: null,
    competitors: [],
    rivalAnswers: 214,
    citedAnswers: null,
    engines: [{ engineId: 'chatgpt', answers: 130, mentioned: 0 }],
    previous: [],
    missingEngines: [],
    statement: null,
    drift: null,
    partial: null,
    reasons: [],
  },
  status: 'open',
  statusChangedAt: null,
};

export const Action = ActionShape.meta({ id: 'Action', ...EXTENSION, examples: [EXAMPLE_ACTION] });

export const ActionsSummary = z
  .strictObject({
    text: z
      .string()
      .describe(
        'One paragraph of plain text by the LLM judge; it read engine-derived text: render it as text, never HTML',
      ),
    model: z.string().describe('The judge model that wrote it'),
    generatedAt: z.string().describe('When it was written: after the run that last changed the top ten'),
  })
  .describe(
    'The judge’s summary of the top ten actions of the default list (the last 30 days, every engine and topic), written after a run changes them and stored; null when no judge is configured, none was written yet, or there is no action',
  );

export const Actions = z
  .strictObject({
    from: DateString,
    to: DateString,
    data: z.array(Action),
    nextCursor: z.string().nullable(),
    summary: ActionsSummary.nullable(),
  })
  .meta({
    id: 'Actions',
    ...EXTENSION,
    examples: [
      {
        from: '2026-05-16',
        to: '2026-06-14',
        data: [EXAMPLE_ACTION],
        nextCursor: null,
        summary: {
          text: 'Most of what engines cite beside your competitors are review sites: start with g2.com, listed in 214 answers on 3 engines.',
          model: 'gpt-5-mini',
          generatedAt: '2026-06-14T06:12:09.000Z',
        },
      },
    ],
  });

export const ActionUpdate = z
  .strictObject({ status: ActionStatus })
  .meta({ id: 'ActionUpdate', ...EXTENSION, examples: [{ status: 'dismissed' }] });
