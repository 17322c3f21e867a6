import { describe, expect, it } from 'vitest';
import { pageBatches } from '../../../app/agent/site-crawler.ts';
import { CrawlPagesBody } from '../../../server/contract/host-site-crawls.ts';
import { sitePage } from '../../support/site-crawl-result.ts';

const MIB = 1024 * 1024;

describe('the pages of a crawl go up in batches the service takes', () => {
  it('sends at most 100 pages a request, every page once, in order', () => {
    const pages = Array.from({ length: 250 }, (_, i) => sitePage(`https://acme.example/${i}`));
    const batches = pageBatches(pages);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(pages);
    for (const pages of batches) expect(CrawlPagesBody.safeParse({ pages }).success).toBe(true);
  });

  it('keeps a batch of large pages under the 1 MiB body limit', () => {
    // Pages with long titles, descriptions and many product facts: about 60 KB of JSON each.
    const big = (i: number) =>
      sitePage(`https://acme.example/big/${i}`, {
        title: 'T'.repeat(500),
        description: 'D'.repeat(1000),
        facts: {
          organizations: [],
          products: Array.from({ length: 50 }, (_, p) => ({
            name: `Product ${p} ${'n'.repeat(250)}`,
            offers: Array.from({ length: 3 }, () => ({ name: 'Plan', price: '10', currency: 'USD' })),
          })),
        },
      });
    const pages = Array.from({ length: 100 }, (_, i) => big(i));
    expect(Buffer.byteLength(JSON.stringify({ pages }))).toBeGreaterThan(MIB);
    const batches = pageBatches(pages);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(pages);
    for (const batch of batches)
      expect(Buffer.byteLength(JSON.stringify({ pages: batch }))).toBeLessThan(MIB);
  });
});
