import { z } from 'zod';
import { DateString } from './common.ts';

/** Kinds of cited sites and pages (extensions of v1): the types, the page kinds, the overrides and the by-type view. */

const EXTENSION = { 'x-answerwatch-extension': true } as const;
const Count = z.number().int().min(0);
const Rate = z.number().min(0).max(1).nullable();

export const SOURCE_TYPES = [
  'own',
  'competitor',
  'editorial',
  'ugc',
  'reference',
  'review',
  'institutional',
  'corporate',
  'other',
] as const;

/** The types a project may set by hand: own and competitor come from the project's domains and competitors. */
export const OVERRIDE_TYPES = SOURCE_TYPES.filter(
  (t): t is Exclude<(typeof SOURCE_TYPES)[number], 'own' | 'competitor'> => t !== 'own' && t !== 'competitor',
);

export const PAGE_KINDS = [
  'listicle',
  'comparison',
  'review',
  'guide',
  'docs',
  'pricing',
  'product',
  'news',
  'discussion',
  'video',
  'other',
] as const;

export const SourceType = z
  .enum(SOURCE_TYPES)
  .describe(
    "What kind of site a domain is. `own` and `competitor` come from the project's domains and competitors; the rest from the project's overrides, then the domain list shipped with the service, then rules on the name (`.gov`, `.edu`, `.ac.*`, …): `editorial` news, magazines and independent blogs; `ugc` forums, Q&A, social networks and video platforms; `reference` encyclopedias, dictionaries and wikis; `review` review sites and marketplaces; `institutional` government, education, standards bodies and non-profits; `corporate` other companies' own sites; `other` anything not known",
  )
  .meta({ id: 'SourceType', ...EXTENSION });

export const PageKind = z
  .enum(PAGE_KINDS)
  .describe(
    'What kind of page a cited URL is, from its path (and title where the answer gave one): `listicle` ("best …", "top 10 …"), `comparison` ("X vs Y", "alternatives to …"), `review`, `guide` (how-to, tutorial), `docs`, `pricing`, `product`, `news`, `discussion` (threads), `video`, `other`',
  )
  .meta({ id: 'PageKind', ...EXTENSION });

export const OverrideType = z.enum(OVERRIDE_TYPES);

export const SourceTypeOverride = z
  .strictObject({
    domain: z
      .string()
      .min(1)
      .max(253)
      .describe('A domain ("g2.com"); a URL or a subdomain is reduced to its registrable domain'),
    type: OverrideType.describe('The type this project gives the domain (not own or competitor)'),
  })
  .meta({ id: 'SourceTypeOverride', examples: [{ domain: 'g2.com', type: 'review' }], ...EXTENSION });

export const SourceTypeOverrides = z
  .strictObject({ data: z.array(SourceTypeOverride).describe('Sorted by domain') })
  .meta({
    id: 'SourceTypeOverrides',
    examples: [{ data: [{ domain: 'northwind.community', type: 'ugc' }] }],
    ...EXTENSION,
  });

export const SourceTypeOverridesReplace = z
  .array(SourceTypeOverride)
  .max(1000)
  .describe('The whole list (at most 1,000); a domain listed twice is refused')
  .meta({
    id: 'SourceTypeOverridesReplace',
    examples: [[{ domain: 'northwind.community', type: 'ugc' }]],
    ...EXTENSION,
  });

const TypeFigures = {
  citations: Count.describe(
    'Citations of the type: each answer counts once for each domain of the type it lists',
  ),
  share: Rate.describe('citations divided by the citations of every type (null when there are none)'),
  previousCitations: Count.describe('The same in the period of the same length just before'),
  previousShare: Rate.describe('share in the period before'),
  change: z
    .number()
    .min(-1)
    .max(1)
    .nullable()
    .describe('share minus previousShare (null when either is null)'),
};

export const SourceTypeStat = z
  .strictObject({
    type: SourceType,
    ...TypeFigures,
    engines: z
      .array(z.strictObject({ engineId: z.string(), ...TypeFigures }))
      .describe('Per engine that listed a source in either period, by engine id'),
  })
  .meta({ id: 'SourceTypeStat', ...EXTENSION });

export const SourceTypeStats = z
  .strictObject({
    from: DateString,
    to: DateString,
    previous: z
      .strictObject({ from: DateString, to: DateString })
      .describe('The period of the same length just before, that `change` compares with'),
    groupBy: z.literal('type'),
    data: z.array(SourceTypeStat).describe('Every type with a citation in either period, most cited first'),
  })
  .meta({
    id: 'SourceTypeStats',
    examples: [
      {
        from: '2026-05-16',
        to: '2026-06-14',
        previous: { from: '2026-04-16', to: '2026-05-15' },
        groupBy: 'type',
        data: [
          {
            type: 'review',
            citations: 412,
            share: 0.31,
            previousCitations: 350,
            previousShare: 0.28,
            change: 0.03,
            engines: [
              {
                engineId: 'chatgpt',
                citations: 230,
                share: 0.35,
                previousCitations: 200,
                previousShare: 0.3,
                change: 0.05,
              },
            ],
          },
        ],
      },
    ],
    ...EXTENSION,
  });
