/**
 * Which URLs belong to the brand's site: those whose host is under the website's registrable domain (tldts, the
 * Public Suffix List: `www.brand.co.uk` and `shop.brand.co.uk` are one site, `brand.github.io` is not `github.io`)
 * or under one of the project's brandDomains. Hosts without one (IP addresses, `localhost`) match themselves only.
 */
import { getDomain } from 'tldts';

/** Extensions of files that are not pages: links to them are not crawled. */
const NOT_PAGES =
  /\.(?:jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|map|json|woff2?|ttf|otf|eot|mp[34]|m4a|wav|ogg|webm|mov|avi|zip|gz|tgz|rar|7z|dmg|exe|msi|apk|pdf|docx?|xlsx?|pptx?|csv)$/i;

/** A URL as the crawl keys it: http(s) only, no fragment, no user info; null for anything else. */
export function normalizeUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  return url.href;
}

function siteOf(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare;
}

export interface SiteScope {
  /** The URL is on the brand's site (any scheme, any port). */
  contains(url: string): boolean;
  /** The URL is on the site and looks like a page (not an image, a script, a download). */
  isPage(url: string): boolean;
}

export function siteScope(websiteUrl: string, brandDomains: readonly string[]): SiteScope {
  const sites = new Set([siteOf(new URL(websiteUrl).hostname)]);
  for (const domain of brandDomains) {
    const host = domain
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/[/:].*$/, '');
    if (host) sites.add(siteOf(host));
  }
  const contains = (raw: string) => {
    try {
      return sites.has(siteOf(new URL(raw).hostname));
    } catch {
      return false;
    }
  };
  return {
    contains,
    isPage: (raw) => contains(raw) && !NOT_PAGES.test(new URL(raw).pathname),
  };
}
