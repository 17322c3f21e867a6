import { z } from 'zod';
import { DateTime, EXAMPLE_IDS, list } from './common.ts';
import { EXTENSION } from './extensions.ts';

export const Computer = z
  .strictObject({
    id: z.string().describe('The host id (hst…)'),
    label: z.string().nullable().describe('The name the computer gave when it paired'),
    lastSeenAt: DateTime.nullable().describe('Its latest check-in; null when it never checked in'),
    online: z.boolean().describe('It checked in within the last 3 minutes'),
    projects: z.array(z.string()).describe('Ids of the projects it serves'),
  })
  .meta({
    id: 'Computer',
    ...EXTENSION,
    examples: [
      {
        id: 'hstR2k9Lm4Xw7Tz1Qb8Nc',
        label: 'Studio Mac',
        lastSeenAt: '2026-06-15T11:58:30.000Z',
        online: true,
        projects: [EXAMPLE_IDS.project],
      },
    ],
  });

export const ComputerList = list(Computer).meta({ id: 'ComputerList', ...EXTENSION });

export const Unpaired = z
  .strictObject({ unpaired: z.literal(true) })
  .meta({ id: 'Unpaired', ...EXTENSION, examples: [{ unpaired: true }] });
