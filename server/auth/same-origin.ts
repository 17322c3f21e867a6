import type { IncomingHttpHeaders } from 'node:http';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request the browser made with the session cookie may write: it must come from the service's own pages.
 * The cookie is SameSite=Lax, which still lets a top-level cross-site POST carry it; so a write also needs the
 * browser's word that it is same-origin: Sec-Fetch-Site `same-origin` and/or an Origin equal to the service's,
 * every one of them that is present agreeing, and at least one present (every current browser sends both on a
 * fetch that writes). Reads are let through: a cross-site page cannot read the answer (no CORS headers, ever).
 */
export function mayWriteWithCookie(method: string, headers: IncomingHttpHeaders, ownOrigin: string): boolean {
  if (SAFE.has(method.toUpperCase())) return true;
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  if (site === undefined && origin === undefined) return false;
  return (site === undefined || site === 'same-origin') && (origin === undefined || origin === ownOrigin);
}
