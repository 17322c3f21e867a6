import { brandDomains } from '../../engines/scoring/index.ts';
import type { ProjectRecord } from '../store/repositories/projects.ts';

/**
 * Whether a request's Host is the brand's: its website's registrable domain or a brandDomain, or a subdomain of
 * one (as citations are scored). A log that does not record the Host (combined) is the brand's own server's.
 */
export function brandHostTest(
  project: Pick<ProjectRecord, 'name' | 'websiteUrl' | 'brandTerms' | 'brandDomains'>,
): (host: string | null) => boolean {
  const domains = brandDomains(project);
  const known = new Map<string, boolean>();
  return (host) => {
    if (host === null) return true;
    let own = known.get(host);
    if (own === undefined) {
      own = domains.some((d) => host === d || host.endsWith(`.${d}`));
      if (known.size < 10_000) known.set(host, own);
    }
    return own;
  };
}
