import { describe, expect, it } from 'vitest';
import { countWords, readPage, robotsDirectives } from '../../../app/agent/crawl/page.ts';
import { readStructuredData } from '../../../app/agent/crawl/structured-data.ts';

const PAGE = `<!DOCTYPE html><HTML LANG="fr-CA"><head>
<base href="/shop/">
<title>  Acme &amp; Co
 boutique</title>
<meta name="Description" content="Des fusées.">
<meta name="robots" content="NOSNIPPET">
<link rel="alternate canonical" href="../produits">
<style>.x { color: red }</style>
<script>var hidden = "not words";</script>
</head><body>
<svg><title>Logo</title></svg>
<h1>Nos <em>fusées</em></h1>
<p>Une deux trois.</p><noscript>sans javascript</noscript>
<a href="a">A</a><a href="a#x">A again</a><a href="/b" rel="nofollow">B</a><a href="https://other.test/c">C</a>
<a href="javascript:void(0)">J</a><area href="map">
</body></html>`;

describe('reading a page', () => {
  const read = readPage(PAGE, 'https://brand.com/fr/index.html', null);

  it('takes the title, description, first heading, language and canonical as a reader sees them', () => {
    expect(read).toMatchObject({
      title: 'Acme & Co boutique',
      description: 'Des fusées.',
      h1: 'Nos fusées',
      lang: 'fr-CA',
      canonical: 'https://brand.com/produits',
      noindex: false,
      nosnippet: true,
    });
  });

  it('counts only the words a reader sees without JavaScript', () => {
    // "Nos fusées" + "Une deux trois." + link texts A, A again (2), B, C, J
    expect(read.words).toBe(2 + 3 + 1 + 2 + 1 + 1 + 1);
    expect(countWords('東京は晴れ')).toBeGreaterThan(1);
    expect(countWords('  ')).toBe(0);
  });

  it('lists the links to follow: resolved against <base>, once each, nofollow and non-web links left out', () => {
    expect(read.links).toEqual([
      'https://brand.com/shop/a',
      'https://other.test/c',
      'https://brand.com/shop/map',
    ]);
  });

  it('takes robots directives from the meta tags and X-Robots-Tag, for every agent or ours only', () => {
    expect(readPage('<title>t</title>', 'https://brand.com/', 'noindex').noindex).toBe(true);
    expect(readPage('<meta name="robots" content="none">', 'https://brand.com/', null).noindex).toBe(true);
    expect(
      readPage('<meta name="answerwatchbot" content="noindex">', 'https://brand.com/', null).noindex,
    ).toBe(true);
    expect(readPage('<meta name="googlebot" content="noindex">', 'https://brand.com/', null).noindex).toBe(
      false,
    );
    expect([...robotsDirectives([], ['googlebot: noindex, nosnippet, AnswerwatchBot: noindex'])]).toEqual([
      'noindex',
    ]);
    expect([...robotsDirectives([], ['max-snippet: 20, noarchive'])].sort()).toEqual([
      'max-snippet: 20',
      'noarchive',
    ]);
  });
});

describe('JSON-LD', () => {
  it('collects the types anywhere in the graph and the organization, product and offer facts', () => {
    const data = readStructuredData([
      JSON.stringify({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': ['Organization', 'Brand'], name: ' Acme ', url: 'https://acme.test' },
          {
            '@type': 'schema:SoftwareApplication',
            name: 'Acme Cloud',
            offers: { '@type': 'AggregateOffer', lowPrice: 9, priceCurrency: 'EUR' },
          },
          {
            '@type': 'https://schema.org/Product',
            name: 'Acme Rocket',
            offers: [
              { '@type': 'Offer', name: 'Pro', priceSpecification: { price: '99', priceCurrency: 'USD' } },
            ],
          },
        ],
      }),
      '{ not json',
      JSON.stringify([{ '@type': 'FAQPage' }]),
    ]);
    expect(data.types).toEqual([
      'AggregateOffer',
      'Brand',
      'FAQPage',
      'Offer',
      'Organization',
      'Product',
      'SoftwareApplication',
    ]);
    expect(data.facts).toEqual({
      organizations: [{ name: 'Acme', url: 'https://acme.test' }],
      products: [
        { name: 'Acme Cloud', offers: [{ name: null, price: '9', currency: 'EUR' }] },
        { name: 'Acme Rocket', offers: [{ name: 'Pro', price: '99', currency: 'USD' }] },
      ],
    });
  });

  it('stays bounded on a deep or huge graph', () => {
    const deep = `${'{"child":'.repeat(5_000)}{"@type":"DeepThing"}${'}'.repeat(5_000)}`;
    expect(readStructuredData([deep]).types).toEqual([]);
    const wide = Array.from({ length: 20_000 }, (_, i) => ({ '@type': `T${i}` }));
    expect(readStructuredData([JSON.stringify(wide)]).types).toHaveLength(50);
  });
});
