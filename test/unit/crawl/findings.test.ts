import { describe, expect, it } from 'vitest';
import { findings } from '../../../app/agent/crawl/findings.ts';
import type { AgentAccess, SitePage } from '../../../server/contract/site-crawl.ts';

const H = 'https://brand.com';

function page(path: string, over: Partial<SitePage> = {}): SitePage {
  return {
    url: `${H}${path}`,
    source: 'link',
    finalUrl: `${H}${path}`,
    redirects: 0,
    redirectedTo: null,
    status: 200,
    error: null,
    errorMessage: null,
    contentType: 'text/html',
    bytes: 100,
    truncated: false,
    canonical: null,
    title: `Title of ${path}`,
    description: null,
    h1: null,
    lang: null,
    wordsHtml: 300,
    wordsRendered: null,
    noindex: false,
    nosnippet: false,
    schemaTypes: [],
    facts: { organizations: [], products: [] },
    lastModified: null,
    contentHash: null,
    inSitemap: true,
    fetchedAt: '2026-11-27T00:00:00.000Z',
    ...over,
  };
}

const open: AgentAccess = {
  agent: 'ClaudeBot',
  operator: 'Anthropic',
  purpose: 'training',
  home: true,
  blockedCited: [],
};
const base = { home: `${H}/`, agents: [open], cited: [], sitemaps: [], sitemapUrls: new Set<string>() };
const types = (list: ReturnType<typeof findings>) => list.map((f) => f.type);

describe('findings', () => {
  it('none for a healthy site', () => {
    expect(findings({ ...base, pages: [page('/'), page('/about')] })).toEqual([]);
  });

  it('a redirect to the same place (scheme, www, trailing slash) is no move; a redirect elsewhere is', () => {
    const pages = [
      page('/a', { redirects: 1, redirectedTo: 'https://www.brand.com/a/' }),
      page('/b', { redirects: 1, redirectedTo: `${H}/c` }),
    ];
    const found = findings({
      ...base,
      pages,
      cited: [`${H}/a`, `${H}/b`],
      sitemapUrls: new Set([`${H}/a`, `${H}/b`]),
    });
    expect(found).toEqual([
      { type: 'cited_page_redirected', pages: [`${H}/b`], count: 1, agent: null, detail: `${H}/c` },
    ]);
  });

  it('pages naming one canonical page may share a title; a page without one is missing it', () => {
    const pages = [
      page('/x?a=1', { title: 'Same', canonical: `${H}/x` }),
      page('/x?a=2', { title: 'Same', canonical: `${H}/x` }),
      page('/y', { title: null }),
      page('/image', { title: null, contentType: 'image/png' }),
    ];
    expect(findings({ ...base, pages })).toEqual([
      { type: 'missing_title', pages: [`${H}/y`], count: 1, agent: null, detail: null },
    ]);
  });

  it('cited pages that fail are grouped by cause; pages no one cites are page_unreachable', () => {
    const pages = [
      page('/gone', { status: 410 }),
      page('/down', { status: 503 }),
      page('/also-gone', { status: 410 }),
      page('/slow', { status: null, error: 'timeout', errorMessage: 'no complete answer within 15000 ms' }),
    ];
    const cited = [`${H}/gone`, `${H}/down`, `${H}/also-gone`];
    const found = findings({ ...base, pages, cited, sitemapUrls: new Set(cited) });
    expect(found.map((f) => [f.type, f.detail, f.pages])).toEqual([
      ['cited_page_error', 'HTTP 410', [`${H}/gone`, `${H}/also-gone`]],
      ['cited_page_error', 'HTTP 503', [`${H}/down`]],
      ['page_unreachable', 'timeout: no complete answer within 15000 ms', [`${H}/slow`]],
    ]);
  });

  it('product and pricing pages need Product or Offer data; a cited page outside every sitemap is named', () => {
    const pages = [
      page('/pricing'),
      page('/products/rocket', { schemaTypes: ['Product'] }),
      page('/plans.html', { schemaTypes: ['WebPage'] }),
    ];
    const found = findings({ ...base, pages, cited: [`${H}/pricing`] });
    expect(types(found)).toEqual(['missing_structured_data', 'cited_not_in_sitemap']);
    expect(found[0]!.pages).toEqual([`${H}/pricing`, `${H}/plans.html`]);
    expect(found[1]!.detail).toBe('the site has no sitemap');
  });

  it('lists at most 100 pages per finding and counts them all', () => {
    const pages = Array.from({ length: 150 }, (_, i) => page(`/p${i}`, { title: null }));
    const [missing] = findings({ ...base, pages });
    expect(missing!.pages).toHaveLength(100);
    expect(missing!.count).toBe(150);
  });
});
