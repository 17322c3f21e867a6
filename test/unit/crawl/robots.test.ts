import { describe, expect, it } from 'vitest';
import { parseRobots, robotsUrl } from '../../../app/agent/crawl/robots.ts';

const URL_ = 'https://brand.com/robots.txt';
const TEXT = [
  'User-agent: *',
  'Disallow: /admin/',
  'Crawl-delay: 2',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  'User-agent: ClaudeBot',
  'Disallow: /docs/',
  'Allow: /docs/public$',
  '',
  'User-agent: AnswerwatchBot',
  'Disallow: /*.pdf$',
  'Crawl-delay: 600',
  '',
  'Sitemap: https://brand.com/sitemap-index.xml',
  'Sitemap: not a url',
].join('\n');

describe('robots.txt', () => {
  const robots = parseRobots(URL_, 200, TEXT);

  it('applies each agent’s own group, else the * group', () => {
    expect(robots.allows('https://brand.com/', 'GPTBot')).toBe(false);
    expect(robots.allows('https://brand.com/', 'ClaudeBot')).toBe(true);
    expect(robots.allows('https://brand.com/docs/x', 'ClaudeBot')).toBe(false);
    expect(robots.allows('https://brand.com/docs/public', 'ClaudeBot')).toBe(true);
    expect(robots.allows('https://brand.com/admin/x', 'CCBot')).toBe(false);
    expect(robots.allows('https://brand.com/admin/x', 'ClaudeBot')).toBe(true);
  });

  it('obeys our own group, with its crawl delay held to 60 s', () => {
    expect(robots.allows('https://brand.com/guide.pdf', 'AnswerwatchBot')).toBe(false);
    expect(robots.allows('https://brand.com/admin/', 'AnswerwatchBot')).toBe(true);
    expect(robots.crawlDelay).toBe(60);
    expect(robots.file).toEqual({
      url: URL_,
      status: 200,
      found: true,
      crawlDelaySeconds: 60,
      sitemaps: ['https://brand.com/sitemap-index.xml'],
    });
  });

  it('without our group, the * group’s delay applies; none at all is null', () => {
    expect(parseRobots(URL_, 200, 'User-agent: *\nCrawl-delay: 2').crawlDelay).toBe(2);
    expect(parseRobots(URL_, 200, 'User-agent: *\nDisallow:').crawlDelay).toBeNull();
  });

  it('no robots.txt (4xx) lets everyone read everything; 5xx or no answer lets no one read anything', () => {
    const missing = parseRobots(URL_, 404, '');
    expect(missing.allows('https://brand.com/x', 'GPTBot')).toBe(true);
    expect(missing.file).toMatchObject({ found: false, status: 404, sitemaps: [] });
    expect(parseRobots(URL_, 503, '').allows('https://brand.com/x', 'GPTBot')).toBe(false);
    expect(parseRobots(URL_, null, '').allows('https://brand.com/x', 'GPTBot')).toBe(false);
  });

  it('is the origin’s file', () => {
    expect(robotsUrl('https://shop.brand.com:8443/a/b?c')).toBe('https://shop.brand.com:8443/robots.txt');
  });

  it('reads the first 512 KiB: rules past it are ignored', () => {
    const padded = `User-agent: *\nDisallow: /a\n${'# padding\n'.repeat(60_000)}Disallow: /b\n`;
    const robots = parseRobots(URL_, 200, padded);
    expect(robots.allows('https://brand.com/a', 'GPTBot')).toBe(false);
    expect(robots.allows('https://brand.com/b', 'GPTBot')).toBe(true);
  });
});
