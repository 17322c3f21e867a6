import { describe, expect, it } from 'vitest';
import { brandDomains, configuredDomain, registrableDomain } from '../../../engines/scoring/index.ts';
import { brand, competitor, score } from './fixtures.ts';

const src = (url: string) => ({ url, title: null });

describe('registrable domains', () => {
  it('reduces a URL or host to its registrable domain', () => {
    expect(registrableDomain('https://docs.acme.co.uk/guide')).toBe('acme.co.uk');
    expect(registrableDomain('www.acme.com')).toBe('acme.com');
    expect(registrableDomain('https://acme.github.io/')).toBe('acme.github.io');
    expect(registrableDomain('http://127.0.0.1:8080/')).toBe('127.0.0.1');
    expect(registrableDomain('')).toBeNull();
  });

  it('reads configured domains as hosts, without www', () => {
    expect(configuredDomain('https://www.Acme.io/')).toBe('acme.io');
    expect(configuredDomain('docs.acme.dev')).toBe('docs.acme.dev');
    expect(configuredDomain('münchen.de')).toBe('xn--mnchen-3ya.de');
  });

  it("combines the website's registrable domain with brandDomains", () => {
    const profile = brand({
      websiteUrl: 'https://shop.acme.com/en',
      brandDomains: ['acme.io', 'www.acme.io', ''],
    });
    expect(brandDomains(profile)).toEqual(['acme.com', 'acme.io']);
    expect(brandDomains(brand({ websiteUrl: null }))).toEqual([]);
  });
});

describe('citations', () => {
  it('cites the brand through its website domain, subdomains and brandDomains', () => {
    const profile = brand({ websiteUrl: 'https://www.acme.com', brandDomains: ['acme-cdn.net'] });
    expect(score('x', { profile, sources: [src('https://acme.com/')] }).citationUrl).toBe(
      'https://acme.com/',
    );
    expect(score('x', { profile, sources: [src('https://help.eu.acme.com/a')] }).cited).toBe(true);
    expect(score('x', { profile, sources: [src('https://static.acme-cdn.net/a.pdf')] }).cited).toBe(true);
  });

  it('does not cite lookalike domains', () => {
    const sources = [
      src('https://acme.com.evil.net/'),
      src('https://notacme.com/'),
      src('https://acme.co/'),
      src('https://evil.net/acme.com'),
      src('https://www.example.com/?u=acme.com'),
    ];
    const result = score('x', { sources });
    expect(result.cited).toBe(false);
    expect(result.citationUrl).toBeNull();
  });

  it('reports the first brand source, normalised', () => {
    const result = score('x', {
      sources: [
        src('https://other.org/'),
        src(
          `https://chatgpt.com/link?url=${encodeURIComponent('https://docs.acme.com/p?utm_source=chatgpt.com')}`,
        ),
        src('https://acme.com/second'),
      ],
    });
    expect(result.citationUrl).toBe('https://docs.acme.com/p');
  });

  it('does not count a brand that is only the redirect wrapper host', () => {
    const profile = brand({ name: 'ChatGPT', websiteUrl: 'https://chatgpt.com' });
    const wrapped = `https://chatgpt.com/link?url=${encodeURIComponent('https://other.org/')}`;
    expect(score('x', { profile, sources: [src(wrapped)] }).cited).toBe(false);
  });

  it('cites each competitor against its own domains, in input order', () => {
    const result = score('x', {
      competitors: [
        competitor('Foo', ['foo.com']),
        competitor('Bar', ['https://www.bar.io/']),
        competitor('Baz'),
      ],
      sources: [src('https://blog.bar.io/post'), src('https://foo.com/a'), src('https://foo.com/b')],
    });
    expect(result.competitors).toEqual([
      { name: 'Foo', mentioned: false, cited: true, citationUrl: 'https://foo.com/a' },
      { name: 'Bar', mentioned: false, cited: true, citationUrl: 'https://blog.bar.io/post' },
      { name: 'Baz', mentioned: false, cited: false, citationUrl: null },
    ]);
  });

  it('lets one source cite both the brand and a competitor sharing a domain', () => {
    const result = score('x', {
      profile: brand({ brandDomains: ['marketplace.example'] }),
      competitors: [competitor('Foo', ['marketplace.example'])],
      sources: [src('https://marketplace.example/acme-vs-foo')],
    });
    expect(result.cited).toBe(true);
    expect(result.competitors[0]?.cited).toBe(true);
  });
});
