/** The first run's brand step, checked before the person moves on: one plain sentence per field that is wrong. */
import { websiteUrl } from './format.ts';

function isWebSite(url: string): boolean {
  if (/\s/.test(url)) return false;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && /^[^.]+(\.[^.]+)+$/.test(u.hostname);
  } catch {
    return false;
  }
}

export function brandProblems(name: string, site: string): string[] {
  const problems: string[] = [];
  if (name.trim() === '') problems.push('Brand name: enter the brand’s name as people write it.');
  const url = websiteUrl(site);
  if (url === '') problems.push('Website: enter the brand’s site, for example acme.com.');
  else if (!isWebSite(url)) {
    problems.push(`Website: “${site.trim()}” is not an https web address; enter one like acme.com.`);
  }
  return problems;
}
