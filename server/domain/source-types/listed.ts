import type { z } from 'zod';
import type { OverrideType, SourceType } from '../../contract/source-types.ts';

export type SourceTypeName = z.infer<typeof SourceType>;
/** The types a list entry or an override may give: own and competitor are the project's to say. */
export type ListedType = z.infer<typeof OverrideType>;

/**
 * Why a domain is in the list: `study`, named among the sites AI engines cite most in public studies of AI answer
 * citations; `demo`, cited by the demo's market; `class`, a widely known site of its kind, listed so that each
 * kind is known across markets and languages.
 */
export type ListedSource = 'study' | 'demo' | 'class';

/** Domains of one type listed for one reason, whitespace-separated, each covering its subdomains. */
export interface ListedGroup {
  reason: string;
  source: ListedSource;
  domains: string;
}

export interface ListedDomain {
  domain: string;
  type: ListedType;
  reason: string;
  source: ListedSource;
}
