/**
 * The fake brand site the crawl tests read: a sitemap index naming one gzip sitemap, a robots.txt that blocks GPTBot,
 * keeps our crawler out of /private/ and asks a 1 s crawl delay, a page whose text only JavaScript shows, a cited
 * page answering 404, a noindex page, JSON-LD Organization / Product / Offer, a pricing-like page without it, a
 * cited page that moved, a link to another site, an llms.txt; and the bad pages of the bad-input tests.
 */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Route } from './server.ts';

export const html =
  (body: string, status = 200, headers: Record<string, string> = {}): Route =>
  (_origin, res) =>
    void res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);

const plain =
  (body: (origin: string) => string | Buffer, type: string): Route =>
  (origin, res) =>
    void res.writeHead(200, { 'content-type': type }).end(body(origin));

export const redirect =
  (to: string, status = 301): Route =>
  (origin, res) =>
    void res.writeHead(status, { location: to.startsWith('/') ? `${origin}${to}` : to }).end();

const WORDS = (n: number, word = 'answer') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

const urlset = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((p) => `<url><loc>${origin}${p}</loc><lastmod>2026-11-01</lastmod></url>`)
    .join('')}</urlset>`;

export const SITEMAP_PATHS = ['/', '/about', '/pricing', '/plans', '/js-page', '/noindex'];

export const BRAND_SITE: Record<string, Route> = {
  '/robots.txt': plain(
    (origin) =>
      [
        'User-agent: *',
        'Allow: /',
        '',
        'User-agent: GPTBot',
        'Disallow: /',
        '',
        'User-agent: AnswerwatchBot',
        'Disallow: /private/',
        'Crawl-delay: 1',
        '',
        `Sitemap: ${origin}/sitemap-index.xml`,
      ].join('\n'),
    'text/plain',
  ),
  '/sitemap-index.xml': plain(
    (origin) =>
      `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-pages.xml.gz</loc></sitemap></sitemapindex>`,
    'application/xml',
  ),
  '/sitemap-pages.xml.gz': plain((origin) => gzipSync(urlset(origin, SITEMAP_PATHS)), 'application/gzip'),
  '/llms.txt': plain(() => '# Acme\n\n> Acme makes rockets.\n', 'text/plain'),
  '/': html(
    page(
      'Acme rockets',
      `<h1>Acme rockets for everyone</h1><p>${WORDS(80)}</p>
       <a href="/about">About</a> <a href="/pricing">Pricing</a> <a href="/plans#top">Plans</a>
       <a href="/js-page">App</a> <a href="/noindex">Old</a> <a href="/private/secret">Staff</a>
       <a href="https://elsewhere.example/page">Elsewhere</a> <a href="/logo.png">Logo</a>
       <a href="/nofollow" rel="nofollow">Ignored</a> <a href="mailto:hi@acme.test">Mail</a>`,
      `<meta name="description" content="Rockets that land.">${jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Acme',
        url: 'https://acme.test',
      })}`,
    ),
  ),
  '/about': html(page('About Acme', `<h1>About us</h1><p>${WORDS(120, 'story')}</p><a href="/">Home</a>`)),
  '/pricing': html(
    page(
      'Acme pricing',
      `<h1>Pricing</h1><p>${WORDS(60, 'price')}</p>`,
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Acme Rocket',
        offers: [
          { '@type': 'Offer', name: 'Starter', price: '19.00', priceCurrency: 'USD' },
          { '@type': 'Offer', name: 'Team', price: '49.00', priceCurrency: 'USD' },
        ],
      }),
    ),
    200,
    { 'last-modified': 'Wed, 04 Nov 2026 10:00:00 GMT' },
  ),
  // A pricing page without structured data, titled like the home page.
  '/plans': html(page('Acme rockets', `<h1>Plans</h1><p>${WORDS(70, 'plan')}</p>`)),
  '/js-page': html(
    page(
      'Acme app',
      `<div id="app"></div><script>document.getElementById('app').textContent = ${JSON.stringify(WORDS(90, 'rendered'))};</script>`,
    ),
  ),
  '/noindex': html(
    page(
      'Old page',
      `<h1>Old</h1><p>${WORDS(60, 'old')}</p>`,
      '<meta name="robots" content="noindex, nofollow">',
    ),
  ),
  '/moved': redirect('/about'),
  '/private/secret': html(page('Secret', 'secret')),
};

/** A body of `bytes` bytes, sent as fast as the client reads it, stopped when the client hangs up. */
export function hugePage(bytes: number): Route {
  return (_origin, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => (sent = bytes));
    pump();
  };
}

/** Answers nothing, ever (until the client gives up). */
export const silent: Route = () => undefined;
