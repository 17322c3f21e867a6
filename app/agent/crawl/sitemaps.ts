/**
 * Sitemaps (sitemaps.org 0.9): a `<urlset>` of page URLs or a `<sitemapindex>` of further sitemaps, plain or
 * gzip-compressed (`.xml.gz`), read with fast-xml-parser after its validator accepted the text, so a page of HTML
 * or a broken file is named as such instead of yielding nothing.
 */
import { constants, gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** What a gzip sitemap may unpack to: the sitemaps.org limit. */
const MAX_SITEMAP_XML_BYTES = 50 * 1024 * 1024;

export type ParsedSitemap =
  { kind: 'urlset'; urls: { loc: string; lastmod: string | null }[] } | { kind: 'index'; sitemaps: string[] };

/** A sitemap that is not one; the message says why and is safe to show. */
export class SitemapError extends Error {
  override readonly name = 'SitemapError';
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

function isGzip(body: Buffer): boolean {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
}

function unpack(body: Buffer): string {
  if (!isGzip(body)) return body.toString('utf8');
  try {
    return gunzipSync(body, {
      maxOutputLength: MAX_SITEMAP_XML_BYTES,
      finishFlush: constants.Z_SYNC_FLUSH,
    }).toString('utf8');
  } catch (err) {
    if (err instanceof RangeError) throw new SitemapError('unpacks to more than 50 MB');
    throw new SitemapError('is not valid gzip');
  }
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

/** Absolute http(s) URLs only; a sitemap's relative or other-scheme entries are not pages. */
function webUrl(raw: string | null, base: string): string | null {
  if (raw === null || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hash = '';
  return new URL(url.href, base).href;
}

/** Parses one sitemap file (plain or gzip). Throws SitemapError. */
export function parseSitemap(body: Buffer, url: string, maxUrls: number): ParsedSitemap {
  const xml = unpack(body).replace(/^\uFEFF/, '');
  if (xml.trim() === '') throw new SitemapError('is empty');
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new SitemapError(`is not XML (line ${valid.err.line}: ${valid.err.msg.slice(0, 120)})`);
  const doc = parser.parse(xml) as Record<string, unknown>;
  const urlset = doc.urlset as { url?: Record<string, unknown>[] } | undefined;
  const index = doc.sitemapindex as { sitemap?: Record<string, unknown>[] } | undefined;
  if (urlset !== undefined) {
    const urls: { loc: string; lastmod: string | null }[] = [];
    for (const entry of urlset.url ?? []) {
      if (urls.length >= maxUrls) break;
      const loc = webUrl(text(entry.loc), url);
      if (loc) urls.push({ loc, lastmod: text(entry.lastmod)?.slice(0, 60) ?? null });
    }
    return { kind: 'urlset', urls };
  }
  if (index !== undefined) {
    const sitemaps = (index.sitemap ?? [])
      .map((entry) => webUrl(text(entry.loc), url))
      .filter((loc): loc is string => loc !== null);
    return { kind: 'index', sitemaps: sitemaps.slice(0, maxUrls) };
  }
  const root = Object.keys(doc).find((k) => k !== '?xml') ?? 'nothing';
  throw new SitemapError(`is XML but not a sitemap (its root is <${root.slice(0, 40)}>)`);
}
