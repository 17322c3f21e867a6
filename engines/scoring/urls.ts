/**
 * Source URLs as engines give them are noisy: wrapped in the engine's own redirect, tagged with campaign
 * parameters, repeated with a different fragment. Normalising them makes one page one URL, so sources
 * deduplicate and citations compare hosts reliably.
 */
import type { RawSource } from './types.ts';

/** Redirect links whose target sits, URL-encoded, in a query parameter. */
const REDIRECTS: readonly { host: RegExp; path: string; param: string }[] = [
  { host: /^(?:www\.)?chatgpt\.com$/, path: '/link', param: 'url' },
  { host: /^(?:www\.)?google\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/, path: '/url', param: 'q' },
  { host: /^(?:www\.)?google\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/, path: '/url', param: 'url' },
  { host: /^(?:l|lm)\.facebook\.com$/, path: '/l.php', param: 'u' },
  { host: /^(?:html\.)?duckduckgo\.com$/, path: '/l', param: 'uddg' },
];

/** Parameters that only say where the click came from; the page is the same without them. */
const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  ...'gclid gclsrc gbraid wbraid dclid fbclid msclkid yclid twclid ttclid igshid'.split(' '),
  ...'li_fat_id mc_cid mc_eid _ga _gl _hsenc _hsmi mkt_tok srsltid'.split(' '),
]);

function parseHttp(raw: string): URL | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A query parameter's decoded value, read from the raw query: cheaper than building URLSearchParams. */
function queryParam(search: string, name: string): string | null {
  for (const pair of search.slice(1).split('&')) {
    if (!pair.startsWith(`${name}=`)) continue;
    try {
      return decodeURIComponent(pair.slice(name.length + 1).replaceAll('+', ' '));
    } catch {
      return null;
    }
  }
  return null;
}

function redirectTarget(url: URL): URL | null {
  if (url.search === '') return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  for (const redirect of REDIRECTS) {
    if (path !== redirect.path || !redirect.host.test(url.hostname)) continue;
    const target = queryParam(url.search, redirect.param);
    const parsed = target === null ? null : parseHttp(target);
    if (parsed) return parsed;
  }
  return null;
}

function isTracking(pair: string): boolean {
  const eq = pair.indexOf('=');
  const key = (eq === -1 ? pair : pair.slice(0, eq)).toLowerCase();
  return key.startsWith('utm_') || TRACKING_PARAMS.has(key);
}

/**
 * The canonical form of an http(s) URL, or null when it is not one: redirect wrappers unwrapped, scheme
 * and host lower-cased, default port, credentials, fragment and tracking parameters dropped; the other
 * query parameters keep their order and their original encoding.
 */
export function normaliseUrl(raw: string): string | null {
  let url = parseHttp(raw);
  // Wrappers can nest (a Google redirect to a ChatGPT link); a few levels is plenty and stops loops.
  for (let depth = 0; url && depth < 3; depth++) {
    const target = redirectTarget(url);
    if (!target) break;
    url = target;
  }
  if (!url || url.hostname === '') return null;
  // Setters re-serialise the whole URL, so only call the ones with something to drop. An empty fragment
  // or query ("…/#", "…/?") reads as '' through the getters but still shows in href.
  if (url.href.includes('#')) url.hash = '';
  if (url.username !== '' || url.password !== '') {
    url.username = '';
    url.password = '';
  }
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  if (url.href.includes('?')) {
    const pairs = url.search.slice(1).split('&');
    const kept = pairs.filter((pair) => pair !== '' && !isTracking(pair));
    if (kept.length < pairs.length) url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  }
  return url.href;
}

/**
 * Sources with normalised URLs, invalid ones dropped, duplicates merged into the first (which takes a
 * later duplicate's title when it has none), in the engine's order. Titles are trimmed; blank is null.
 */
export function normaliseSources(sources: readonly RawSource[]): RawSource[] {
  const byUrl = new Map<string, RawSource>();
  for (const source of sources) {
    const url = normaliseUrl(source.url);
    if (url === null) continue;
    const title = source.title?.trim() || null;
    const seen = byUrl.get(url);
    if (!seen) byUrl.set(url, { url, title });
    else if (seen.title === null) seen.title = title;
  }
  return [...byUrl.values()];
}
