import { describe, expect, it } from 'vitest';
import { findings } from '../../../app/agent/crawl/findings.ts';
import { pageRecord } from '../../../app/agent/crawl/page-record.ts';

const URL_ = 'https://brand.com/gone';

/** The record of one answer at URL_, as the crawl makes it. */
function recordOf(status: number, body: string, contentType = 'text/html; charset=utf-8') {
  return pageRecord(
    { url: URL_, source: 'cited', sitemapLastmod: undefined, fetchedAt: '2026-01-01T00:00:00.000Z' },
    {
      response: {
        url: URL_,
        status,
        headers: { 'content-type': contentType },
        body: Buffer.from(body),
        truncated: false,
      },
      finalUrl: URL_,
      redirects: 0,
      redirectedTo: null,
      failure: null,
    },
  );
}

const ERROR_PAGE =
  '<html lang="en"><head><title> Page not found &amp; gone </title><meta name="description" content="x">' +
  '</head><body><h1>404</h1><p>Nothing here, <a href="/elsewhere">try elsewhere</a>.</p></body></html>';

describe('the record of an error page', () => {
  it('keeps what a 4xx or 5xx HTML page’s title says, and nothing else of the page', () => {
    for (const status of [404, 410, 500, 503]) {
      const { page, facts } = recordOf(status, ERROR_PAGE);
      expect(page).toMatchObject({
        status,
        title: 'Page not found & gone',
        description: null,
        h1: null,
        lang: null,
        wordsHtml: 0,
        contentHash: null,
      });
      // No facts: its links are not followed, nor is it rendered or judged.
      expect(facts).toBeNull();
    }
  });

  it('records no title for an error page without one, nor for a body that is not HTML', () => {
    expect(recordOf(404, '<h1>Not found</h1>').page.title).toBeNull();
    expect(recordOf(404, '<svg><title>icon</title></svg><h1>Not found</h1>').page.title).toBeNull();
    expect(recordOf(500, '<title>Oops</title>', 'text/plain').page.title).toBeNull();
  });

  it('leaves an error page out of the title findings, titled or not', () => {
    const titled = recordOf(404, ERROR_PAGE).page;
    const other = {
      ...recordOf(410, ERROR_PAGE).page,
      url: 'https://brand.com/old',
      finalUrl: 'https://brand.com/old',
    };
    const untitled = { ...recordOf(500, '<h1>Down</h1>').page, url: 'https://brand.com/down' };
    const input = {
      home: 'https://brand.com/',
      agents: [],
      cited: [],
      sitemaps: [],
      sitemapUrls: new Set<string>(),
    };
    const types = findings({ ...input, pages: [titled, other, untitled] }).map((f) => f.type);
    expect(types).not.toContain('missing_title');
    expect(types).not.toContain('duplicate_title');
  });
});
