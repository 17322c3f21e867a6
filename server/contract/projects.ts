import { z } from 'zod';
import { DateString, DateTime, Uri } from './common.ts';

export const Host = z
  .strictObject({
    configured: z.boolean().describe('A host device is chosen for the project'),
    online: z.boolean().describe('The host computer checked in within the last 3 minutes'),
    deviceLabel: z.string().nullable(),
    lastSeenAt: DateTime.nullable().describe('null when it never checked in'),
  })
  .meta({ id: 'Host' });

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
  .meta({ id: 'Project' });

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
}).meta({ id: 'ProjectWithHost' });

const HttpsUrl = z.url({ protocol: /^https$/, error: 'must be an https URL' }).max(2048);
const BrandTerms = z
  .array(z.string().trim().min(1).max(120))
  .max(20)
  .describe('Other names the brand goes by, counted as mentions; replaces the whole list');
const BrandDomains = z
  .array(z.string().trim().min(1).max(253))
  .max(20)
  .describe('Other domains counted as the brand being cited; replaces the whole list');

export const ProjectCreate = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    websiteUrl: HttpsUrl,
    brandTerms: BrandTerms.optional(),
    brandDomains: BrandDomains.optional(),
  })
  .meta({ id: 'ProjectCreate' });

export const ProjectUpdate = z
  .strictObject({
    name: z.string().trim().min(1).max(120).optional(),
    websiteUrl: HttpsUrl.optional(),
    brandTerms: BrandTerms.optional(),
    brandDomains: BrandDomains.optional(),
  })
  .meta({ id: 'ProjectUpdate' });
