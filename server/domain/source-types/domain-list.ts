import { CORPORATE } from './list-corporate.ts';
import { EDITORIAL } from './list-editorial.ts';
import { INSTITUTIONAL } from './list-institutional.ts';
import { REFERENCE } from './list-reference.ts';
import { REVIEW } from './list-review.ts';
import { UGC } from './list-ugc.ts';
import type { ListedDomain, ListedGroup, ListedType } from './listed.ts';

/**
 * The domain list shipped with the service, version DOMAIN_LIST_VERSION.
 *
 * How it was compiled: by hand, from the sites that public studies of AI answer citations (2024–2025 studies of
 * ChatGPT, Perplexity, Gemini and Google AI Overviews/AI Mode citations by SEO and AI-visibility vendors) name
 * among the most cited (Reddit, Wikipedia, YouTube, LinkedIn, Forbes, G2, Quora, NerdWallet, …: source `study`),
 * from the sites the demo's market cites (server/domain/demo-sources.ts and its rivals: `demo`, and tested to be
 * typed), and from widely known sites of each kind across markets and languages (`class`). Each group of
 * entries says why its domains are there. A domain covers its subdomains unless one of them is listed itself
 * (`news.ycombinator.com` is ugc, `ycombinator.com` is not listed). Editing it: add to the file of the type, keep a
 * domain in one file only (tested), and raise the version.
 */
export const DOMAIN_LIST_VERSION = '2026.11.1';

const expand = (type: ListedType, groups: readonly ListedGroup[]): ListedDomain[] =>
  groups.flatMap((g) =>
    g.domains
      .split(/\s+/)
      .filter((d) => d !== '')
      .map((domain) => ({ domain, type, reason: g.reason, source: g.source })),
  );

/** Every entry of the list, in the order of the files (duplicates are a mistake the unit tests catch). */
export const LISTED_DOMAINS: readonly ListedDomain[] = [
  ...expand('editorial', EDITORIAL),
  ...expand('ugc', UGC),
  ...expand('reference', REFERENCE),
  ...expand('review', REVIEW),
  ...expand('institutional', INSTITUTIONAL),
  ...expand('corporate', CORPORATE),
];

/** The list by domain, the first entry winning. */
export const DOMAIN_LIST: ReadonlyMap<string, ListedType> = new Map(
  [...LISTED_DOMAINS].reverse().map((e) => [e.domain, e.type]),
);
