import { z } from 'zod';
import { DateTime } from './common.ts';

/**
 * The result of one site crawl, as the host computer makes it (app/agent/crawl/) and sends it through host sync:
 * plain JSON, validated here on both sides. Every list is bounded so one odd site cannot make an upload too large.
 */

/** Our crawler's product token; robots.txt rules for it are obeyed. */
export const CRAWLER_TOKEN = 'AnswerwatchBot';

/** The User-Agent of every crawl request: the token, its version and where a site owner reads what it does. */
export function crawlerUserAgent(docsUrl: string): string {
  return `${CRAWLER_TOKEN}/1.0 (+${docsUrl})`;
}

export const CRAWL_LIMITS = {
  /** ANSWERWATCH_CRAWL_MAX_PAGES's default, and the most it may be set to. */
  maxPages: 500,
  maxPagesCeiling: 10_000,
  /** Bytes read of one page or sitemap; the rest is not downloaded. */
  maxPageBytes: 5 * 1024 * 1024,
  requestsPerSecond: 2,
  /** A robots.txt `Crawl-delay` above this is held to it, so a crawl always ends. */
  maxCrawlDelaySeconds: 60,
  requestTimeoutMs: 15_000,
  maxRedirects: 10,
  maxSitemaps: 20,
  maxSitemapUrls: 50_000,
  /** Pages with fewer words than this in their HTML are also rendered in a browser. */
  renderBelowWords: 50,
  maxRenders: 50,
  /** One page's rendering: load, scripts settling, reading its text. */
  renderTimeoutMs: 45_000,
  maxCitedUrls: 200,
  /** URLs listed per finding; the count says how many there were. */
  maxFindingPages: 100,
  /** Characters of a brand page's text kept for the LLM judge's claims (home, pricing and about pages only). */
  maxBrandPageText: 20_000,
} as const;

/** The pages that say most plainly what the brand is, what it sells and at what price. */
export const BRAND_PAGE_ROLES = ['home', 'pricing', 'about'] as const;
export type BrandPageRole = (typeof BRAND_PAGE_ROLES)[number];

const PRICING_PAGE = /^(?:pricing|prices|plans|plans-and-pricing|tarifs|preise|precios|prezzi)(?:\.html?)?$/i;
const ABOUT_PAGE = /^(?:about|about-us|aboutus|company|who-we-are|a-propos|uber-uns|ueber-uns)(?:\.html?)?$/i;

/**
 * Which brand page a URL is, from its path alone (so the crawler and the service agree without the page): the site's
 * root is the home page; a pricing or about page is one whose last path segment names it, at most two segments deep
 * (`/pricing`, `/en/about-us`), so a blog post about pricing is not one. null for every other page.
 */
export function brandPageRole(url: string): BrandPageRole | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0 || (segments.length === 1 && /^index\.html?$/i.test(segments[0]!))) return 'home';
  if (segments.length > 2) return null;
  const last = segments[segments.length - 1]!;
  if (PRICING_PAGE.test(last)) return 'pricing';
  if (ABOUT_PAGE.test(last)) return 'about';
  return null;
}

const Url = z.string().min(1).max(4096);
const Text = (max: number) => z.string().max(max);

/** Why a page could not be read; null when it answered (whatever the status). */
export const PAGE_ERRORS = [
  'timeout',
  'unreachable',
  'address_refused',
  'tls_error',
  'redirect_loop',
  'too_many_redirects',
  'protocol_error',
] as const;

/** How the crawl came to a page. */
export const PAGE_SOURCES = ['home', 'cited', 'sitemap', 'link'] as const;

export const StructuredFacts = z.strictObject({
  organizations: z.array(z.strictObject({ name: Text(300), url: Url.nullable() })).max(20),
  products: z
    .array(
      z.strictObject({
        name: Text(300),
        offers: z
          .array(
            z.strictObject({
              name: Text(300).nullable(),
              price: Text(40).nullable(),
              currency: Text(10).nullable(),
            }),
          )
          .max(50),
      }),
    )
    .max(50),
});

export const SitePage = z.strictObject({
  /** The URL asked (normalised: no fragment). */
  url: Url,
  source: z.enum(PAGE_SOURCES),
  /** Where the redirects ended; equals `url` without redirects. */
  finalUrl: Url,
  /** Redirects followed (or, for a redirect off the site, seen and not followed). */
  redirects: z.number().int().min(0),
  /** The last redirect's target when the page redirected; an off-site target is not fetched. */
  redirectedTo: Url.nullable(),
  status: z.number().int().nullable(),
  error: z.enum(PAGE_ERRORS).nullable(),
  /** What went wrong, safe to show; null when nothing did. */
  errorMessage: Text(300).nullable(),
  contentType: Text(200).nullable(),
  /** Bytes read; at most CRAWL_LIMITS.maxPageBytes. */
  bytes: z.number().int().min(0),
  /** The page was larger than the limit and only its start was read. */
  truncated: z.boolean(),
  canonical: Url.nullable(),
  /** The HTML <title>; of a 4xx/5xx page too, its error page's (the rest of that page is not read). */
  title: Text(500).nullable(),
  description: Text(1000).nullable(),
  h1: Text(500).nullable(),
  lang: Text(40).nullable(),
  wordsHtml: z.number().int().min(0),
  /** Words once rendered in a browser; null when the page was not rendered. */
  wordsRendered: z.number().int().min(0).nullable(),
  /** From `<meta name="robots|answerwatchbot">` and the X-Robots-Tag header. */
  noindex: z.boolean(),
  nosnippet: z.boolean(),
  /** schema.org types named by the page's JSON-LD, sorted. */
  schemaTypes: z.array(Text(100)).max(50),
  facts: StructuredFacts,
  /** The Last-Modified header, else the sitemap's lastmod (as the site wrote it, ISO 8601 when valid). */
  lastModified: Text(60).nullable(),
  /** SHA-256 of the body read (hex): a changed hash between crawls is a changed page. */
  contentHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  /** In any sitemap the crawl read. */
  inSitemap: z.boolean(),
  fetchedAt: DateTime,
  /**
   * A brand page's text as a reader sees it without JavaScript (home, pricing and about pages: brandPageRole), for
   * the LLM judge's claims; absent on other pages and from agents before it was kept. The service keeps it apart
   * from the page it shows.
   */
  text: Text(CRAWL_LIMITS.maxBrandPageText).optional(),
});

export const RobotsFile = z.strictObject({
  url: Url,
  /** The status of robots.txt; null when it could not be read. */
  status: z.number().int().nullable(),
  /** A robots.txt was found (2xx); otherwise every agent may read everything (4xx) or nothing (5xx, RFC 9309). */
  found: z.boolean(),
  /** The delay between our requests that robots.txt asked of us, in seconds (held to at most 60). */
  crawlDelaySeconds: z.number().min(0).nullable(),
  sitemaps: z.array(Url).max(50),
});

export const SitemapFile = z.strictObject({
  url: Url,
  status: z.number().int().nullable(),
  kind: z.enum(['urlset', 'index', 'invalid', 'missing']),
  /** Page URLs (urlset) or sitemap URLs (index) it listed. */
  entries: z.number().int().min(0),
  error: Text(300).nullable(),
});

export const AI_AGENT_PURPOSES = ['training', 'search', 'user'] as const;

export const AgentAccess = z.strictObject({
  agent: Text(60),
  operator: Text(60),
  purpose: z.enum(AI_AGENT_PURPOSES),
  /** robots.txt lets it read the home page. */
  home: z.boolean(),
  /** The cited pages robots.txt keeps it from reading. */
  blockedCited: z.array(Url).max(CRAWL_LIMITS.maxCitedUrls),
});

export const FINDING_TYPES = [
  'ai_agent_blocked',
  'cited_page_error',
  'cited_page_redirected',
  'cited_page_noindex',
  'needs_javascript',
  'missing_title',
  'duplicate_title',
  'missing_structured_data',
  'cited_not_in_sitemap',
  'page_too_large',
  'page_unreachable',
  'sitemap_invalid',
] as const;
export type FindingType = (typeof FINDING_TYPES)[number];

export const Finding = z.strictObject({
  type: z.enum(FINDING_TYPES),
  /** The pages it concerns (at most 100 listed). */
  pages: z.array(Url).max(CRAWL_LIMITS.maxFindingPages),
  /** How many pages it concerns, listed or not. */
  count: z.number().int().min(0),
  /** ai_agent_blocked: the agent. */
  agent: Text(60).nullable(),
  /** What it is about in a few words: the status, the duplicated title, the redirect target, the sitemap error. */
  detail: Text(500).nullable(),
});

/** Why a crawl ended without reading the site. */
export const CRAWL_ERRORS = [
  'invalid_website',
  'address_refused',
  'site_unreachable',
  'robots_unavailable',
] as const;

export const SiteCrawl = z.strictObject({
  crawlId: z.string().min(1).max(200),
  /** The website crawled, normalised; as given (possibly empty) when it was not a web address. */
  websiteUrl: Text(4096),
  userAgent: Text(300),
  startedAt: DateTime,
  finishedAt: DateTime,
  /** completed: the site was read (findings may still name problems); failed: see `error`. */
  outcome: z.enum(['completed', 'failed']),
  error: z.strictObject({ code: z.enum(CRAWL_ERRORS), message: Text(500) }).nullable(),
  maxPages: z.number().int().min(1).max(CRAWL_LIMITS.maxPagesCeiling),
  /** The page limit stopped the crawl with same-site URLs left unread. */
  pageLimitReached: z.boolean(),
  /** Same-site URLs robots.txt keeps our own crawler from (at most 100 listed; `disallowedCount` says how many). */
  disallowed: z.array(Url).max(100),
  disallowedCount: z.number().int().min(0),
  robots: RobotsFile.nullable(),
  sitemaps: z.array(SitemapFile).max(CRAWL_LIMITS.maxSitemaps),
  llmsTxt: z.strictObject({ url: Url, present: z.boolean(), status: z.number().int().nullable() }).nullable(),
  agents: z.array(AgentAccess).max(60),
  pages: z.array(SitePage).max(CRAWL_LIMITS.maxPagesCeiling),
  /** Cited URLs of the site that the crawl did not read (off the site's domains, or kept from us by robots.txt). */
  citedNotCrawled: z.array(Url).max(CRAWL_LIMITS.maxCitedUrls),
  findings: z.array(Finding).max(200),
});

export type SitePage = z.infer<typeof SitePage>;
export type StructuredFacts = z.infer<typeof StructuredFacts>;
export type RobotsFile = z.infer<typeof RobotsFile>;
export type SitemapFile = z.infer<typeof SitemapFile>;
export type AgentAccess = z.infer<typeof AgentAccess>;
export type Finding = z.infer<typeof Finding>;
export type SiteCrawl = z.infer<typeof SiteCrawl>;
export type PageError = (typeof PAGE_ERRORS)[number];
export type PageSource = (typeof PAGE_SOURCES)[number];
export type CrawlErrorCode = (typeof CRAWL_ERRORS)[number];
