/**
 * Links read from a chat page become sources: Bing's base64 redirect unwrapped here, the other redirect
 * wrappers (`chatgpt.com/link?url=`, Google's `/url?q=`) and `utm_*` parameters by the scoring normaliser,
 * links back into the engine's own app dropped, duplicates merged.
 */
import { normaliseSources } from '../scoring/urls.ts';
import type { EngineSource } from '../types.ts';

export interface PageLink {
  href: string;
  title: string | null;
}

/** Bing (Copilot) wraps links as `bing.com/ck/a?...&u=a1<base64url of the target>`. */
function unwrapBing(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  if (!/(^|\.)bing\.com$/.test(url.hostname) || url.pathname !== '/ck/a') return raw;
  const u = url.searchParams.get('u');
  if (!u?.startsWith('a1')) return raw;
  try {
    const target = Buffer.from(u.slice(2), 'base64url').toString('utf8');
    return /^https?:\/\//.test(target) ? target : raw;
  } catch {
    return raw;
  }
}

function hostOf(raw: string): string | null {
  try {
    return new URL(raw).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The sources among the answer's links then the panel's, in that order: http(s) only, unwrapped, without
 * tracking parameters, without links into the app itself (its origin or one of `ownHosts`, e.g. a "new chat"
 * link), deduplicated. A panel's title wins over the answer's (there links are often domain chips).
 */
export function sourcesFromLinks(
  answer: readonly PageLink[],
  panel: readonly PageLink[],
  appOrigin: string,
  ownHosts: readonly RegExp[] = [],
): EngineSource[] {
  const appHost = hostOf(appOrigin);
  const clean = (links: readonly PageLink[]) =>
    normaliseSources(links.map((l) => ({ url: unwrapBing(l.href), title: l.title }))).filter((s) => {
      const host = hostOf(s.url);
      return host !== null && host !== appHost && !ownHosts.some((re) => re.test(host));
    });
  const panelTitles = new Map(clean(panel).map((s) => [s.url, s.title]));
  const merged = clean([...answer, ...panel]);
  return merged.map((s) => ({ url: s.url, title: panelTitles.get(s.url) ?? s.title }));
}
