import type { SiteCrawl, SitePage } from '../../server/contract/site-crawl.ts';

/** A page as the crawler reports it, for tests of the service side; `over` changes what a test is about. */
export function sitePage(url: string, over: Partial<SitePage> = {}): SitePage {
  return {
    url,
    source: 'link',
    finalUrl: url,
    redirects: 0,
    redirectedTo: null,
    status: 200,
    error: null,
    errorMessage: null,
    contentType: 'text/html',
    bytes: 1000,
    truncated: false,
    canonical: url,
    title: `Page ${url}`,
    description: null,
    h1: null,
    lang: 'en',
    wordsHtml: 300,
    wordsRendered: null,
    noindex: false,
    nosnippet: false,
    schemaTypes: [],
    facts: { organizations: [], products: [] },
    lastModified: null,
    contentHash: 'b'.repeat(64),
    inSitemap: true,
    fetchedAt: '2026-06-15T12:01:00.000Z',
    ...over,
  };
}

/** A crawl's result without its pages, as the agent finishes a crawl with. */
export function crawlSummary(crawlId: string, over: Partial<SiteCrawl> = {}): Omit<SiteCrawl, 'pages'> {
  return {
    crawlId,
    websiteUrl: 'https://acme.example/',
    userAgent: 'AnswerwatchBot/1.0 (+https://docs.example/bot)',
    startedAt: '2026-06-15T12:00:00.000Z',
    finishedAt: '2026-06-15T12:04:00.000Z',
    outcome: 'completed',
    error: null,
    maxPages: 500,
    pageLimitReached: false,
    disallowed: [],
    disallowedCount: 0,
    robots: null,
    sitemaps: [],
    llmsTxt: { url: 'https://acme.example/llms.txt', present: true, status: 200 },
    agents: [{ agent: 'GPTBot', operator: 'OpenAI', purpose: 'training', home: false, blockedCited: [] }],
    citedNotCrawled: [],
    findings: [],
    ...over,
  };
}
