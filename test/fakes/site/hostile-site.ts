/**
 * A small brand site for the web UI's Site page: a robots.txt that blocks GPTBot (no crawl delay), a sitemap, an
 * llms.txt, a pricing page, a page whose title and description are markup meant to run in whoever shows them, and
 * enough blog pages that the pages list takes more than one page of the API.
 */
import { html } from './pages.ts';
import type { Route } from './server.ts';

/** The hostile page's title as the site states it (entity-encoded in its HTML, so it is this text once read). */
export const HOSTILE_TITLE = '<img src=x onerror="window.__siteTitleRan=1">';
export const BLOG_PAGES = 30;

const escape = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
const blog = Array.from({ length: BLOG_PAGES }, (_, i) => `/blog/${String(i).padStart(2, '0')}`);

const text =
  (body: (origin: string) => string, type: string): Route =>
  (origin, res) =>
    void res.writeHead(200, { 'content-type': type }).end(body(origin));

export const HOSTILE_SITE: Record<string, Route> = {
  '/robots.txt': text(
    (origin) =>
      [
        'User-agent: *',
        'Allow: /',
        '',
        'User-agent: GPTBot',
        'Disallow: /',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
      ].join('\n'),
    'text/plain',
  ),
  '/sitemap.xml': text(
    (origin) =>
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
        '/',
        '/pricing',
        '/hostile',
      ]
        .map((p) => `<url><loc>${origin}${p}</loc></url>`)
        .join('')}</urlset>`,
    'application/xml',
  ),
  '/llms.txt': text(() => '# Acme\n\n> Acme makes rockets.\n', 'text/plain'),
  '/': html(
    page(
      'Acme rockets',
      `<h1>Acme rockets</h1><p>${words(80, 'rocket')}</p><a href="/pricing">Pricing</a> <a href="/hostile">Hostile</a> ${blog
        .map((p) => `<a href="${p}">${p}</a>`)
        .join(' ')}`,
    ),
  ),
  '/pricing': html(page('Acme pricing', `<h1>Pricing</h1><p>${words(70, 'price')}</p>`)),
  '/hostile': html(
    page(
      escape(HOSTILE_TITLE),
      `<h1>${escape(HOSTILE_TITLE)}</h1><p>${words(70, 'word')}</p>`,
      `<meta name="description" content="${escape(HOSTILE_TITLE)}">`,
    ),
  ),
  ...Object.fromEntries(
    blog.map((p) => [p, html(page(`Blog ${p}`, `<h1>Blog</h1><p>${words(60, 'post')}</p>`))]),
  ),
};
