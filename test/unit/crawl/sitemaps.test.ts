import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSitemap, SitemapError } from '../../../app/agent/crawl/sitemaps.ts';

const BASE = 'https://brand.com/sitemap.xml';
const urlset = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc> https://brand.com/ </loc><lastmod>2026-10-01</lastmod></url>
  <url><loc>https://brand.com/a&amp;b#frag</loc></url>
  <url><loc>/relative</loc></url>
  <url><loc>ftp://brand.com/file</loc></url>
</urlset>`;

describe('sitemaps', () => {
  it('reads a urlset: absolute web URLs with their lastmod, entities decoded, fragments dropped', () => {
    expect(parseSitemap(Buffer.from(urlset), BASE, 100)).toEqual({
      kind: 'urlset',
      urls: [
        { loc: 'https://brand.com/', lastmod: '2026-10-01' },
        { loc: 'https://brand.com/a&b', lastmod: null },
      ],
    });
  });

  it('reads a gzip file and an index (one entry or many), with or without a namespace prefix', () => {
    const index = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://brand.com/s1.xml.gz</sm:loc></sm:sitemap></sm:sitemapindex>`;
    expect(parseSitemap(gzipSync(index), BASE, 100)).toEqual({
      kind: 'index',
      sitemaps: ['https://brand.com/s1.xml.gz'],
    });
  });

  it('stops at the URL limit', () => {
    const many = `<urlset>${Array.from({ length: 10 }, (_, i) => `<url><loc>https://brand.com/${i}</loc></url>`).join('')}</urlset>`;
    const parsed = parseSitemap(Buffer.from(many), BASE, 3);
    expect(parsed.kind === 'urlset' && parsed.urls.map((u) => u.loc)).toEqual([
      'https://brand.com/0',
      'https://brand.com/1',
      'https://brand.com/2',
    ]);
  });

  it('names what is not a sitemap', () => {
    const bad = (body: Buffer | string) => () => parseSitemap(Buffer.from(body), BASE, 100);
    expect(bad('<html><body><p>Welcome<br></body></html>')).toThrow(SitemapError);
    expect(bad('<html><body><p>Welcome<br></body></html>')).toThrow(/is not XML \(line 1/);
    expect(bad('<rss><channel/></rss>')).toThrow('is XML but not a sitemap (its root is <rss>)');
    expect(bad('')).toThrow('is empty');
    expect(bad(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toThrow('is not valid gzip');
  });

  it('refuses a gzip bomb without unpacking it all', () => {
    const bomb = gzipSync(Buffer.alloc(60 * 1024 * 1024, ' '));
    expect(() => parseSitemap(bomb, BASE, 100)).toThrow('unpacks to more than 50 MB');
  });
});
