import { z } from 'zod';
import { ActionId, ActionKind } from './actions.ts';
import { DateTime, EXAMPLE_IDS, Uri } from './common.ts';
import { EXTENSION } from './extensions.ts';

/** The opt-in event of ranked actions (an extension of v1). */
export const ACTION_EVENTS = ['actions.updated'] as const;

export const ActionsUpdatedEvent = z
  .strictObject({
    id: z.string().describe('Unique event id; use it to ignore repeats'),
    event: z.enum(ACTION_EVENTS),
    createdAt: DateTime,
    data: z.strictObject({
      projectId: z.string(),
      runId: z.string().describe('The run whose end changed the top ten'),
      actions: z
        .array(
          z.strictObject({
            id: ActionId,
            kind: ActionKind,
            title: z.string().describe('May quote engine or site text: render it as text, never HTML'),
          }),
        )
        .max(10)
        .describe('The new top ten, in rank order (the last 30 days, every engine and topic)'),
      previousIds: z.array(z.string()).max(10).describe('The top ten announced before, in rank order'),
      links: z.strictObject({ actions: Uri.describe('The ranked actions with their evidence') }),
    }),
  })
  .meta({
    id: 'ActionsUpdatedEvent',
    description:
      'The top ten ranked actions changed at the end of a run: another action entered them, or their order changed.',
    ...EXTENSION,
    examples: [
      {
        id: 'evt2Nc7Qh4Wz9Lm1Xt6Kd3Rb',
        event: 'actions.updated',
        createdAt: '2026-06-14T07:42:10.000Z',
        data: {
          projectId: EXAMPLE_IDS.project,
          runId: EXAMPLE_IDS.run,
          actions: [
            {
              id: 'act_3f9a1c0b7e25d4a8c6b1',
              kind: 'get-cited-on',
              title:
                'Get reviewed on g2.com: listed in 214 answers (214 naming a competitor), never in one naming you',
            },
          ],
          previousIds: [],
          links: { actions: `https://api.answerwatch.example/v1/projects/${EXAMPLE_IDS.project}/actions` },
        },
      },
    ],
  });
