import { describe, expect, it } from 'vitest';
import { brandPageRole } from '../../../server/contract/site-crawl.ts';

describe('which brand page a URL is', () => {
  it('knows the home, pricing and about pages by their path, a language prefix allowed', () => {
    const cases: [string, string | null][] = [
      ['https://acme.example/', 'home'],
      ['https://acme.example', 'home'],
      ['https://acme.example/index.html?ref=x', 'home'],
      ['https://acme.example/pricing', 'pricing'],
      ['https://acme.example/en/pricing/', 'pricing'],
      ['https://acme.example/Plans.html', 'pricing'],
      ['https://acme.example/fr/tarifs', 'pricing'],
      ['https://acme.example/about-us', 'about'],
      ['https://acme.example/de/ueber-uns', 'about'],
      ['https://acme.example/company', 'about'],
      // Deeper pages, or pages merely about pricing, are not the brand's pricing page.
      ['https://acme.example/blog/2026/pricing', null],
      ['https://acme.example/blog/pricing-tips', null],
      ['https://acme.example/docs', null],
      ['not a url', null],
    ];
    for (const [url, role] of cases) expect(brandPageRole(url), url).toBe(role);
  });
});
