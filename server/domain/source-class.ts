import { brandDomains, competitorDomains, hostOf } from '../../engines/scoring/index.ts';
import type { CompetitorRecord } from '../store/repositories/competitors.ts';
import type { ProjectRecord } from '../store/repositories/projects.ts';

export interface SourceOwner {
  class: 'own' | 'competitor' | 'other';
  /** The competitor's name when class is competitor. */
  competitor: string | null;
}

const OTHER: SourceOwner = { class: 'other', competitor: null };
const OWN: SourceOwner = { class: 'own', competitor: null };

const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * Whose a source is, by the project's domains and competitors as they are now (summaries keep domains, not
 * classes, so a changed domain list reclassifies every day at once). The brand wins over a competitor that shares
 * a domain; among competitors, the first in the list.
 */
export function sourceClassifier(
  project: Pick<ProjectRecord, 'name' | 'websiteUrl' | 'brandTerms' | 'brandDomains'>,
  competitors: readonly CompetitorRecord[],
) {
  const own = brandDomains(project);
  const rivals = competitors.map((c) => ({ name: c.name, domains: competitorDomains(c.domains) }));
  const owner = (matches: (domain: string) => boolean): SourceOwner => {
    if (own.some(matches)) return OWN;
    const rival = rivals.find((r) => r.domains.some(matches));
    return rival ? { class: 'competitor', competitor: rival.name } : OTHER;
  };
  return {
    /** A registrable domain is the owner's when it holds one of its domains, or lies under one. */
    domain: (domain: string) => owner((d) => under(d, domain) || under(domain, d)),
    /** A page is the owner's when its host is one of its domains or a subdomain of one, as citations are scored. */
    url: (url: string) => {
      const host = hostOf(url);
      return host === null ? OTHER : owner((d) => under(host, d));
    },
  };
}
