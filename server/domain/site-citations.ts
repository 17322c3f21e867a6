import { brandDomains, hostOf } from '../../engines/scoring/index.ts';
import { CRAWL_LIMITS } from '../contract/site-crawl.ts';
import type { Repositories } from '../store/index.ts';
import { fromJson } from '../store/json.ts';
import type { ProjectRecord } from '../store/repositories/projects.ts';

export interface Citations {
  total: number;
  engines: Record<string, number>;
}

const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * How often the project's stored answers cite each page of the brand's domains, per engine: their source URLs
 * are stored normalised as scoring makes them, so a crawled page's URL (normalised the same way) finds its count.
 */
export async function brandCitations(
  store: Pick<Repositories, 'siteCrawls'>,
  project: Pick<ProjectRecord, 'id' | 'name' | 'brandTerms' | 'websiteUrl' | 'brandDomains'>,
): Promise<Map<string, Citations>> {
  const domains = brandDomains(project);
  const counts = new Map<string, Citations>();
  for (const row of await store.siteCrawls.citingAnswers(project.id, domains)) {
    for (const url of new Set(fromJson<string[]>(row.source_urls))) {
      const host = hostOf(url);
      if (host === null || !domains.some((d) => under(host, d))) continue;
      let c = counts.get(url);
      if (!c) counts.set(url, (c = { total: 0, engines: {} }));
      c.total += 1;
      c.engines[row.engine_id] = (c.engines[row.engine_id] ?? 0) + 1;
    }
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
