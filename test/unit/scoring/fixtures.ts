import { createScorer } from '../../../engines/scoring/index.ts';
import type {
  BrandProfile,
  CompetitorProfile,
  RawSource,
  ScoredAnswer,
} from '../../../engines/scoring/index.ts';

export function brand(overrides: Partial<BrandProfile> = {}): BrandProfile {
  return {
    name: 'Acme',
    websiteUrl: 'https://www.acme.com/',
    brandTerms: [],
    brandDomains: [],
    ...overrides,
  };
}

export function competitor(name: string, domains: readonly string[] = []): CompetitorProfile {
  return { name, domains };
}

/** Scores `text` for `profile` (Acme by default) against `competitors`. */
export function score(
  text: string,
  options: { profile?: BrandProfile; competitors?: readonly CompetitorProfile[]; sources?: RawSource[] } = {},
): ScoredAnswer {
  return createScorer(
    options.profile ?? brand(),
    options.competitors ?? [],
  )({ text, sources: options.sources ?? [] });
}

/** Whether the brand whose name is `name` (no other terms) is mentioned in `text`. */
export function mentions(name: string, text: string): boolean {
  return score(text, { profile: brand({ name }) }).mentioned;
}

/** The names of the competitors (no domains) that `text` mentions, scored for Acme. */
export function namedCompetitors(text: string, names: readonly string[]): string[] {
  return score(text, { competitors: names.map((name) => competitor(name)) })
    .competitors.filter((c) => c.mentioned)
    .map((c) => c.name);
}
