import { brandDomains, hostOf } from '../../engines/scoring/index.ts';
import { CRAWL_LIMITS } from '../contract/site-crawl.ts';
import type { Repositories } from '../store/index.ts';
import type { ProjectRecord } from '../store/repositories/projects.ts';

export interface Citations {
  total: number;
  engines: Record<string, number>;
}

const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * How often the project's stored answers cite each page of the brand's domains, per engine, from the per-URL
 * summary kept as answers are stored: their source URLs are stored normalised as scoring makes them, so a crawled
 * page's URL (normalised the same way) finds its count.
 */
export async function brandCitations(
  store: Pick<Repositories, 'siteCrawls'>,
  project: Pick<ProjectRecord, 'id' | 'name' | 'brandTerms' | 'websiteUrl' | 'brandDomains'>,
): Promise<Map<string, Citations>> {
  const domains = brandDomains(project);
  const counts = new Map<string, Citations>();
  for (const row of await store.siteCrawls.citedUrls(project.id, domains)) {
    const host = hostOf(row.url);
    if (host === null || !domains.some((d) => under(host, d))) continue;
    let c = counts.get(row.url);
    if (!c) counts.set(row.url, (c = { total: 0, engines: {} }));
    c.total += row.answers;
    c.engines[row.engineId] = (c.engines[row.engineId] ?? 0) + row.answers;
  }
  return counts;
}

/** The brand pages answers cite, most cited first, as many as the crawler takes. */
export function mostCited(citations: ReadonlyMap<string, Citations>): string[] {
  return [...citations]
    .sort(([a, x], [b, y]) => y.total - x.total || a.localeCompare(b))
    .slice(0, CRAWL_LIMITS.maxCitedUrls)
    .map(([url]) => url);
}

export const NOT_CITED: Citations = { total: 0, engines: {} };
