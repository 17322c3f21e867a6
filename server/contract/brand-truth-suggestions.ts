import { z } from 'zod';
import { DateTime } from './common.ts';
import { EXTENSION } from './extensions.ts';
import { BRAND_PAGE_ROLES } from './site-crawl.ts';

/**
 * Brand Truth suggestions (extension of v1, issue 22): facts the brand's own site states about it, from the last
 * completed site crawl, offered to the owner; accepting one adds it to the Brand Truth, nothing is applied otherwise.
 */

export const SUGGESTION_STATUSES = ['suggested', 'in_brand_truth', 'dismissed'] as const;

export const EXAMPLE_SUGGESTION = 'btsQm7Tz2xK9pLw4RzN8vB3c';

export const BrandTruthSuggestion = z
  .strictObject({
    id: z.string().describe('Stable for the same kind of fact and text, across crawls'),
    kind: z
      .enum(['organization', 'product', 'offer', 'title', 'description', 'claim'])
      .describe(
        'organization, product, offer: from the schema.org JSON-LD of any page; title, description: of the home, pricing or about page; claim: what the LLM judge read from one of those pages, when a judge is configured',
      ),
    text: z
      .string()
      .describe(
        'The fact as a Brand Truth statement (one line, at most 500 characters): the site’s own words, untrusted, to be shown as text',
      ),
    pageUrl: z.string().describe('The crawled page that states it'),
    pageRole: z
      .enum(BRAND_PAGE_ROLES)
      .nullable()
      .describe('home, pricing or about when the page is one of them'),
    status: z
      .enum(SUGGESTION_STATUSES)
      .describe(
        'in_brand_truth: the Brand Truth holds it (or the edit it was accepted as); dismissed: the owner dismissed it',
      ),
  })
  .meta({
    id: 'BrandTruthSuggestion',
    ...EXTENSION,
    examples: [
      {
        id: EXAMPLE_SUGGESTION,
        kind: 'offer',
        text: 'Acme CRM – Team costs 29 USD.',
        pageUrl: 'https://acme.example/pricing',
        pageRole: 'pricing',
        status: 'suggested',
      },
    ],
  });

export const BrandTruthSuggestionList = z
  .strictObject({
    crawlId: z.string().nullable().describe('The completed crawl they come from; null before the first'),
    crawledAt: DateTime.nullable(),
    claimsJudgedAt: DateTime.nullable().describe(
      'When the LLM judge read claims from the crawl’s pages; null before, or without a judge',
    ),
    data: z
      .array(BrandTruthSuggestion)
      .describe('At most 200, JSON-LD facts first, then titles, then claims'),
  })
  .meta({
    id: 'BrandTruthSuggestionList',
    ...EXTENSION,
    examples: [
      {
        crawlId: 'crw8Lq3Tz6Wm1Kx9Rb4Nc2v',
        crawledAt: '2026-06-15T12:04:10.000Z',
        claimsJudgedAt: '2026-06-15T12:05:02.000Z',
        data: [
          {
            id: EXAMPLE_SUGGESTION,
            kind: 'offer',
            text: 'Acme CRM – Team costs 29 USD.',
            pageUrl: 'https://acme.example/pricing',
            pageRole: 'pricing',
            status: 'suggested',
          },
        ],
      },
    ],
  });

export const AcceptSuggestionBody = z
  .strictObject({
    text: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .describe(
        'The statement as the owner edited it; the suggestion’s text when left out. Brand Truth rules: one line, at most 500 characters',
      ),
  })
  .meta({
    id: 'AcceptSuggestion',
    ...EXTENSION,
    examples: [{ text: 'Acme CRM’s Team plan costs 29 USD a month.' }],
  });

export const AcceptedSuggestion = BrandTruthSuggestion.extend({
  statement: z.string().describe('The statement the Brand Truth now holds'),
}).meta({
  id: 'AcceptedSuggestion',
  ...EXTENSION,
  examples: [
    {
      id: EXAMPLE_SUGGESTION,
      kind: 'offer',
      text: 'Acme CRM – Team costs 29 USD.',
      pageUrl: 'https://acme.example/pricing',
      pageRole: 'pricing',
      status: 'in_brand_truth',
      statement: 'Acme CRM’s Team plan costs 29 USD a month.',
    },
  ],
});
