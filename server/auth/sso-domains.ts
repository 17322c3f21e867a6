/**
 * The e-mail domains an account's single sign-on covers: stored as the SSO plugin keeps them (comma-separated in
 * the provider's `domain`), matched as it matches them (the domain itself or any name under it), so the provider
 * a sign-in is routed to and the domains a person is checked against are one and the same list.
 */

/** A DNS name of at least two labels, in lower case: what a domain of an e-mail address can be. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** The domains of a comma-separated list, lower-cased, or the sentence saying which one is not a domain. */
export function parseDomains(text: string): { domains: string[] } | { problem: string } {
  const domains = [...new Set(text.split(',').map((d) => d.trim().toLowerCase()))].filter(Boolean);
  if (domains.length === 0) return { problem: 'Give at least one e-mail domain, such as example.com.' };
  const bad = domains.find((d) => !DOMAIN.test(d));
  if (bad !== undefined) return { problem: `"${bad}" is not an e-mail domain (such as example.com).` };
  return { domains };
}

/** Whether `domain` is one of `covered` or a name under one of them. */
export function isCovered(domain: string, covered: readonly string[]): boolean {
  const d = domain.toLowerCase();
  return covered.some((c) => d === c || d.endsWith(`.${c}`));
}

/** The domain of an e-mail address, lower-cased; null when the address has none. */
export function domainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 && at < email.length - 1 ? email.slice(at + 1).toLowerCase() : null;
}

/** The first of `mine` that overlaps `theirs` (the same domain, or one under the other), if any. */
export function overlap(mine: readonly string[], theirs: readonly string[]): string | undefined {
  return mine.find((d) => isCovered(d, theirs) || theirs.some((t) => isCovered(t, [d])));
}
