/** One crawled URL as the result records it, from how it was fetched and, for an HTML page, what it says. */
import { createHash } from 'node:crypto';
import { cutAnswer } from '../../../engines/judge/prompt.ts';
import {
  brandPageRole,
  CRAWL_LIMITS,
  type PageSource,
  type SitePage,
} from '../../../server/contract/site-crawl.ts';
import type { Followed } from './follow.ts';
import { readPage, readTitle, robotsDirectives, type PageFacts } from './page.ts';

export interface PageContext {
  url: string;
  source: PageSource;
  /** The sitemaps' lastmod of the URL; undefined when no sitemap lists it. */
  sitemapLastmod: string | null | undefined;
  fetchedAt: string;
}

/** The body as text, in the charset the Content-Type names (UTF-8 when it names none or one we do not know). */
function decodeBody(body: Buffer, contentType: string | null): string {
  const label = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(label ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** An HTTP date as ISO 8601; the raw text (cut) when it is not one. */
function isoDate(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const time = Date.parse(raw);
  return Number.isNaN(time) ? raw.slice(0, 60) : new Date(time).toISOString();
}

export function pageRecord(
  ctx: PageContext,
  followed: Followed,
): { page: SitePage; facts: PageFacts | null } {
  const response = followed.response;
  const contentType = response?.headers['content-type']?.slice(0, 200) ?? null;
  const ok = response !== null && response.status >= 200 && response.status < 300;
  const html = /html/i.test(contentType ?? '');
  const facts =
    ok && html
      ? readPage(
          decodeBody(response.body, contentType),
          followed.finalUrl,
          response.headers['x-robots-tag'] ?? null,
        )
      : null;
  // An error page's title says in the site's words what went wrong ("Page not found", "Down for maintenance").
  const errorTitle =
    response !== null && response.status >= 400 && html
      ? readTitle(decodeBody(response.body, contentType))
      : null;
  // A PDF or an image says noindex in its header only.
  const header = robotsDirectives(
    [],
    response?.headers['x-robots-tag'] ? [response.headers['x-robots-tag']] : [],
  );
  const page: SitePage = {
    url: ctx.url,
    source: ctx.source,
    finalUrl: followed.finalUrl,
    redirects: followed.redirects,
    redirectedTo: followed.redirectedTo,
    status: response?.status ?? null,
    error: followed.failure?.code ?? null,
    errorMessage: followed.failure ? followed.failure.message.slice(0, 300) : null,
    contentType,
    bytes: response?.body.length ?? 0,
    truncated: response?.truncated ?? false,
    canonical: facts?.canonical ?? null,
    title: facts?.title ?? errorTitle,
    description: facts?.description ?? null,
    h1: facts?.h1 ?? null,
    lang: facts?.lang ?? null,
    wordsHtml: facts?.words ?? 0,
    wordsRendered: null,
    noindex: facts?.noindex ?? (header.has('noindex') || header.has('none')),
    nosnippet: facts?.nosnippet ?? header.has('nosnippet'),
    schemaTypes: facts?.structured.types ?? [],
    facts: facts?.structured.facts ?? { organizations: [], products: [] },
    lastModified: isoDate(response?.headers['last-modified']) ?? ctx.sitemapLastmod ?? null,
    contentHash: ok ? createHash('sha256').update(response.body).digest('hex') : null,
    inSitemap: ctx.sitemapLastmod !== undefined,
    fetchedAt: ctx.fetchedAt,
  };
  // Only the brand pages keep their text: what the judge reads claims from, and all an upload needs to carry.
  const brandPage = ctx.source === 'home' || brandPageRole(followed.finalUrl) !== null;
  if (facts && facts.text !== '' && brandPage)
    page.text = cutAnswer(facts.text, CRAWL_LIMITS.maxBrandPageText).answer;
  return { page, facts };
}
