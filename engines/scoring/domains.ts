/** Domains that stand for a brand or a competitor when a source is hosted on them. */
import { getDomain } from 'tldts';
import type { BrandProfile } from './types.ts';

/** The lower-case ASCII (punycode) host of a URL or of a bare host name, without a trailing dot. */
export function hostOf(urlOrHost: string): string | null {
  const trimmed = urlOrHost.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    return new URL(withScheme).hostname.replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

/**
 * The registrable domain of a URL or host (`https://docs.acme.co.uk/x` → `acme.co.uk`), or the host
 * itself when it has none (an IP address, `localhost`). Private suffixes count as public ones, so
 * `acme.github.io` stays itself instead of standing for every GitHub Pages site.
 */
export function registrableDomain(urlOrHost: string): string | null {
  const host = hostOf(urlOrHost);
  if (host === null) return null;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** A configured domain as entered ("www.acme.io", "https://acme.io/"), reduced to the host it names. */
export function configuredDomain(input: string): string | null {
  return hostOf(input)?.replace(/^www\./, '') ?? null;
}

/** The domains whose pages count as the brand being cited: its website's registrable domain and brandDomains. */
export function brandDomains(brand: BrandProfile): string[] {
  const website = brand.websiteUrl === null ? null : registrableDomain(brand.websiteUrl);
  const domains = [website, ...brand.brandDomains.map(configuredDomain)];
  return [...new Set(domains.filter((domain): domain is string => domain !== null))];
}

/** A competitor's configured domains, reduced to hosts. */
export function competitorDomains(domains: readonly string[]): string[] {
  return [...new Set(domains.map(configuredDomain).filter((domain): domain is string => domain !== null))];
}
