import {
  AcceptedSuggestion,
  AcceptSuggestionBody,
  BrandTruthSuggestion,
  BrandTruthSuggestionList,
  EXAMPLE_SUGGESTION,
} from '../brand-truth-suggestions.ts';
import { ResourceId } from '../common.ts';
import { ok, projectPath, withEtag, withId } from '../operation.ts';
import type { Operation } from '../operation.ts';

const suggestionPath = withId('suggestionId', ResourceId.meta({ examples: [EXAMPLE_SUGGESTION] }));

/** Brand Truth suggestions from the site crawl (extensions, issue 22). */
export const brandTruthOps = {
  listBrandTruthSuggestions: {
    operationId: 'listBrandTruthSuggestions',
    method: 'GET',
    path: '/projects/{projectId}/brand-truth/suggestions',
    tag: 'Site',
    summary: 'Facts the brand’s website states about it, to add to the Brand Truth (extension)',
    description:
      'From the last completed site crawl: the organization, products and offers (prices, plans) its schema.org JSON-LD names, the title and description of the home, pricing and about pages and, with the LLM judge configured, the claims it read from those pages. Each with the page that states it and whether the Brand Truth already holds it. The text is the site’s own, untrusted: show it as text. Nothing is applied: accept or dismiss each. An empty list before the first completed crawl. Send the ETag back in If-None-Match to get 304 when nothing changed.',
    scope: 'visibility:read',
    params: projectPath,
    responses: withEtag(BrandTruthSuggestionList),
    extension: true,
  },
  acceptBrandTruthSuggestion: {
    operationId: 'acceptBrandTruthSuggestion',
    method: 'POST',
    path: '/projects/{projectId}/brand-truth/suggestions/{suggestionId}/accept',
    tag: 'Site',
    summary: 'Add a suggestion, as it is or edited, to the Brand Truth (extension)',
    description:
      'The statement (the suggestion’s text, or `text`) is added to the project’s Brand Truth, under its rules: one line, at most 500 characters, at most 100 statements (400 `invalid_parameter` otherwise, and nothing changes). A statement the Brand Truth already holds, ignoring case and spacing, is not added twice. A suggestion the last crawl no longer makes is 404.',
    scope: 'tracking:write',
    params: suggestionPath,
    body: AcceptSuggestionBody.optional(),
    responses: ok(AcceptedSuggestion),
    extension: true,
  },
  dismissBrandTruthSuggestion: {
    operationId: 'dismissBrandTruthSuggestion',
    method: 'POST',
    path: '/projects/{projectId}/brand-truth/suggestions/{suggestionId}/dismiss',
    tag: 'Site',
    summary: 'Dismiss a suggestion (extension)',
    description:
      'The suggestion is listed as `dismissed` from then on, in later crawls too; the Brand Truth is not changed.',
    scope: 'tracking:write',
    params: suggestionPath,
    responses: ok(BrandTruthSuggestion),
    extension: true,
  },
} satisfies Record<string, Operation>;
