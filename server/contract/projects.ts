import { z } from 'zod';
import { DateString, DateTime, EXAMPLE_IDS, exampleOf, HttpsUrl, Text, Uri } from './common.ts';
import { EXTENSION } from './extensions.ts';

export const Host = z
  .strictObject({
    configured: z.boolean().describe('A host device is chosen for the project'),
    online: z.boolean().describe('The host computer checked in within the last 3 minutes'),
    deviceLabel: z.string().nullable(),
    lastSeenAt: DateTime.nullable().describe('null when it never checked in'),
  })
  .meta({
    id: 'Host',
    examples: [
      { configured: true, online: true, deviceLabel: 'Studio Mac', lastSeenAt: '2026-06-15T11:58:30.000Z' },
    ],
  });

export const Project = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    websiteUrl: Uri.nullable(),
    visibility: z.strictObject({
      trackedPrompts: z.number().int(),
      engines: z.array(z.string()).describe('Default engine ids'),
      latestRunAt: DateTime.nullable().describe('null until a run has completed'),
      firstAnswerDate: DateString.nullable(),
      latestAnswerDate: DateString.nullable(),
    }),
  })
  .meta({
    id: 'Project',
    examples: [
      {
        id: EXAMPLE_IDS.project,
        name: 'Northwind Tasks',
        websiteUrl: 'https://northwind.example',
        visibility: {
          trackedPrompts: 24,
          engines: ['chatgpt', 'gemini', 'perplexity'],
          latestRunAt: '2026-06-14T07:42:10.000Z',
          firstAnswerDate: '2026-03-02',
          latestAnswerDate: '2026-06-14',
        },
      },
    ],
  });

export const ProjectWithHost = Project.extend({
  host: Host.optional(),
  warning: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Something left to finish, for example that no host computer could be copied from another project',
    ),
  brandTerms: z.array(z.string()).optional().describe('Other names the brand goes by, counted as mentions'),
  brandDomains: z.array(z.string()).optional().describe('Other domains counted as the brand being cited'),
}).meta({
  id: 'ProjectWithHost',
  examples: [
    {
      ...exampleOf(Project),
      host: exampleOf(Host),
      warning: null,
      brandTerms: ['Northwind', 'NW Tasks'],
      brandDomains: ['northwind.io'],
    },
  ],
});

/**
 * One project as GET /projects/{projectId} answers it: the contract's project and, as extensions, the brand's
 * other names and domains, so that whoever may read a project reads how its answers are scored (the web UI's
 * Setup › Brand for a signed-in person).
 */
export const ProjectDetail = Project.extend({
  brandTerms: z
    .array(z.string())
    .meta({ ...EXTENSION })
    .describe('Other names the brand goes by, counted as mentions (extension)'),
  brandDomains: z
    .array(z.string())
    .meta({ ...EXTENSION })
    .describe('Other domains counted as the brand being cited (extension)'),
}).meta({
  id: 'ProjectDetail',
  examples: [
    { ...exampleOf(Project), brandTerms: ['Northwind', 'NW Tasks'], brandDomains: ['northwind.io'] },
  ],
});

const BrandTerms = z
  .array(Text(120))
  .max(20)
  .describe('Other names the brand goes by, counted as mentions; replaces the whole list');
const BrandDomains = z
  .array(Text(253))
  .max(20)
  .describe('Other domains counted as the brand being cited; replaces the whole list');

export const ProjectCreate = z
  .strictObject({
    name: Text(120),
    websiteUrl: HttpsUrl,
    brandTerms: BrandTerms.optional(),
    brandDomains: BrandDomains.optional(),
  })
  .meta({
    id: 'ProjectCreate',
    examples: [
      {
        name: 'Northwind Tasks',
        websiteUrl: 'https://northwind.example',
        brandTerms: ['Northwind'],
        brandDomains: ['northwind.io'],
      },
    ],
  });

export const ProjectUpdate = z
  .strictObject({
    name: Text(120).optional(),
    websiteUrl: HttpsUrl.optional(),
    brandTerms: BrandTerms.optional(),
    brandDomains: BrandDomains.optional(),
  })
  .meta({ id: 'ProjectUpdate', examples: [{ brandTerms: ['Northwind', 'NW Tasks'] }] });
