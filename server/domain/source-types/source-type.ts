import { hostOf } from '../../../engines/scoring/index.ts';
import type { SourceOwner } from '../source-class.ts';
import { DOMAIN_LIST } from './domain-list.ts';
import type { ListedType, SourceTypeName } from './listed.ts';
import { typeByRule } from './rules.ts';

export interface SourceTypeOverride {
  domain: string;
  type: ListedType;
}

/** The longest of the host's suffixes that `known` has, and its type. */
function lookUp(known: ReadonlyMap<string, ListedType>, host: string): ListedType | null {
  let at = 0;
  for (;;) {
    const type = known.get(host.slice(at));
    if (type !== undefined) return type;
    const dot = host.indexOf('.', at);
    if (dot === -1) return null;
    at = dot + 1;
  }
}

/**
 * What kind of site a source is: the project's own and competitors' domains first (as sourceClassifier says),
 * then the project's overrides, then the shipped list, then the rules on the name, else `other`. A listed or
 * overridden domain covers its subdomains, the longest listed suffix of a host winning.
 */
export function sourceTyper(
  owner: { domain: (key: string) => SourceOwner; url: (url: string) => SourceOwner },
  overrides: readonly SourceTypeOverride[],
) {
  const byDomain = new Map(overrides.map((o) => [o.domain, o.type]));
  const ofHost = (host: string): ListedType =>
    lookUp(byDomain, host) ?? lookUp(DOMAIN_LIST, host) ?? typeByRule(host) ?? 'other';
  const typed = (o: SourceOwner, host: string | null): SourceOwner & { type: SourceTypeName } => ({
    ...o,
    type: o.class === 'other' ? (host === null ? 'other' : ofHost(host)) : o.class,
  });
  return {
    /** A registrable domain (a stats/sources domain row). */
    domain: (domain: string) => typed(owner.domain(domain), domain.toLowerCase()),
    /** A cited page, by its host. */
    url: (url: string) => typed(owner.url(url), hostOf(url)),
  };
}
