/**
 * What a crawl found wrong, each finding typed and naming the pages it concerns: what keeps AI agents from the
 * site, what happened to the pages engines cite, and what makes pages hard to read or quote.
 */
import {
  CRAWL_LIMITS,
  type AgentAccess,
  type Finding,
  type FindingType,
  type SitemapFile,
  type SitePage,
} from '../../../server/contract/site-crawl.ts';

export interface FindingInput {
  home: string;
  pages: readonly SitePage[];
  agents: readonly AgentAccess[];
  /** The cited URLs on the site (normalised). */
  cited: readonly string[];
  sitemaps: readonly SitemapFile[];
  sitemapUrls: ReadonlySet<string>;
}

/** Pages whose address says they sell something: they should say so in schema.org terms. */
const COMMERCE_PATH = /\/(?:pricing|prices?|plans?|products?|shop|store|buy|checkout|subscribe)(?:[/.?-]|$)/i;
const COMMERCE_TYPES = new Set([
  'Product',
  'Offer',
  'AggregateOffer',
  'SoftwareApplication',
  'Service',
  'WebApplication',
]);
const MAX_FINDINGS = 200;

function finding(
  type: FindingType,
  pages: readonly string[],
  detail: string | null,
  agent: string | null = null,
): Finding {
  const unique = [...new Set(pages)];
  return {
    type,
    pages: unique.slice(0, CRAWL_LIMITS.maxFindingPages),
    count: unique.length,
    agent,
    detail: detail === null ? null : detail.slice(0, 500),
  };
}

function isHtmlPage(page: SitePage): boolean {
  return (
    page.status !== null && page.status >= 200 && page.status < 300 && /html/i.test(page.contentType ?? '')
  );
}

/** The same page for a reader: scheme, a leading `www.` and a trailing slash aside. */
function samePlace(a: string, b: string): boolean {
  const key = (raw: string) => {
    const url = new URL(raw);
    return `${url.hostname.replace(/^www\./, '')}${url.port ? `:${url.port}` : ''}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  };
  return key(a) === key(b);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

export function findings(input: FindingInput): Finding[] {
  const out: Finding[] = [];
  const cited = new Set(input.cited);
  const byUrl = new Map(input.pages.map((p) => [p.url, p]));
  const citedPages = input.cited.map((url) => byUrl.get(url)).filter((p): p is SitePage => p !== undefined);

  for (const agent of input.agents) {
    const blocked = [...(agent.home ? [] : [input.home]), ...agent.blockedCited];
    if (blocked.length > 0)
      out.push(finding('ai_agent_blocked', blocked, `${agent.operator} ${agent.purpose} agent`, agent.agent));
  }

  const broken = citedPages.filter((p) => p.error !== null || (p.status !== null && p.status >= 400));
  for (const [detail, pages] of groupBy(broken, (p) =>
    p.error ? `${p.error}: ${p.errorMessage ?? ''}` : `HTTP ${p.status}`,
  ))
    out.push(
      finding(
        'cited_page_error',
        pages.map((p) => p.url),
        detail,
      ),
    );

  for (const page of citedPages) {
    if (page.redirectedTo !== null && page.error === null && !samePlace(page.url, page.redirectedTo))
      out.push(finding('cited_page_redirected', [page.url], page.redirectedTo));
  }

  const noindex = citedPages.filter((p) => p.noindex);
  if (noindex.length)
    out.push(
      finding(
        'cited_page_noindex',
        noindex.map((p) => p.url),
        null,
      ),
    );

  const needsJs = input.pages.filter(
    (p) =>
      p.wordsRendered !== null &&
      p.wordsRendered >= CRAWL_LIMITS.renderBelowWords &&
      p.wordsRendered >= 2 * p.wordsHtml,
  );
  if (needsJs.length)
    out.push(
      finding(
        'needs_javascript',
        needsJs.map((p) => p.url),
        null,
      ),
    );

  const html = input.pages.filter(isHtmlPage);
  const untitled = html.filter((p) => p.title === null);
  if (untitled.length)
    out.push(
      finding(
        'missing_title',
        untitled.map((p) => p.url),
        null,
      ),
    );
  for (const [title, pages] of groupBy(html, (p) => p.title)) {
    // Pages that name one canonical page are one page: their shared title is no problem.
    const distinct = new Set(pages.map((p) => p.canonical ?? p.finalUrl));
    if (distinct.size > 1)
      out.push(
        finding(
          'duplicate_title',
          pages.map((p) => p.url),
          title,
        ),
      );
  }

  const bare = html.filter(
    (p) =>
      COMMERCE_PATH.test(new URL(p.finalUrl).pathname) && !p.schemaTypes.some((t) => COMMERCE_TYPES.has(t)),
  );
  if (bare.length)
    out.push(
      finding(
        'missing_structured_data',
        bare.map((p) => p.url),
        'no Product or Offer',
      ),
    );

  const unlisted = input.cited.filter((url) => {
    const page = byUrl.get(url);
    return !input.sitemapUrls.has(url) && !(page && input.sitemapUrls.has(page.finalUrl));
  });
  if (unlisted.length) {
    const read = input.sitemaps.some((s) => s.kind === 'urlset' || s.kind === 'index');
    out.push(finding('cited_not_in_sitemap', unlisted, read ? null : 'the site has no sitemap'));
  }

  const large = input.pages.filter((p) => p.truncated);
  if (large.length)
    out.push(
      finding(
        'page_too_large',
        large.map((p) => p.url),
        `read ${CRAWL_LIMITS.maxPageBytes} bytes`,
      ),
    );

  const failed = input.pages.filter((p) => p.error !== null && !cited.has(p.url));
  for (const [code, pages] of groupBy(failed, (p) => p.error))
    out.push(
      finding(
        'page_unreachable',
        pages.map((p) => p.url),
        `${code}: ${pages[0]!.errorMessage ?? ''}`,
      ),
    );

  for (const sitemap of input.sitemaps.filter((s) => s.kind === 'invalid'))
    out.push(finding('sitemap_invalid', [sitemap.url], sitemap.error));

  return out.slice(0, MAX_FINDINGS);
}
