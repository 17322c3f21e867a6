/**
 * Which owners (the brand, each competitor) a source cites: a source cites an owner when its host is one
 * of the owner's domains or a subdomain of one. Lookalikes (`notacme.com`, `acme.com.evil.net`) are not.
 */
import type { RawSource } from './types.ts';

/** First cited source URL per owner (null when none), for sources already normalised (urls.ts). */
export type CitationFinder = (sources: readonly RawSource[]) => (string | null)[];

/** Host of a normalised http(s) URL, by slicing: it has no credentials and always a path. */
function hostOfNormalised(href: string): string {
  const from = href.indexOf('//') + 2;
  const host = href.slice(from, href.indexOf('/', from));
  const port = host.lastIndexOf(':');
  return port > host.lastIndexOf(']') ? host.slice(0, port) : host;
}

export function createCitationFinder(domainsByOwner: readonly (readonly string[])[]): CitationFinder {
  const ownersByDomain = new Map<string, number[]>();
  domainsByOwner.forEach((domains, owner) => {
    for (const domain of domains) {
      const owners = ownersByDomain.get(domain) ?? [];
      owners.push(owner);
      ownersByDomain.set(domain, owners);
    }
  });

  return (sources) => {
    const cited = new Array<string | null>(domainsByOwner.length).fill(null);
    for (const { url } of sources) {
      // Walk the host's parent domains: a.b.acme.com, b.acme.com, acme.com, com.
      let host = hostOfNormalised(url);
      for (;;) {
        for (const owner of ownersByDomain.get(host) ?? []) cited[owner] ??= url;
        const dot = host.indexOf('.');
        if (dot === -1) break;
        host = host.slice(dot + 1);
      }
    }
    return cited;
  };
}
