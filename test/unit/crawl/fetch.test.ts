import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetcher, FetchFailure, type FetcherOptions } from '../../../app/agent/crawl/fetch.ts';
import { follow } from '../../../app/agent/crawl/follow.ts';
import { pageRecord } from '../../../app/agent/crawl/page-record.ts';
import { hugePage, redirect } from '../../fakes/site/pages.ts';
import { startFakeSite, toLoopback, type FakeSite, type Route } from '../../fakes/site/server.ts';
import { testCa } from '../../fakes/webhook-receiver.ts';

const raw =
  (body: Buffer | string, headers: Record<string, string>): Route =>
  (_origin, res) =>
    void res.writeHead(200, headers).end(body);

describe('fetching a page', () => {
  const sites: FakeSite[] = [];
  afterEach(async () => {
    for (const site of sites.splice(0)) await site.close();
  });
  const options = (over: Partial<FetcherOptions> = {}): FetcherOptions => ({
    userAgent: 'AnswerwatchBot/1.0 (+https://answerwatch.test/docs)',
    allowPrivate: true,
    timeoutMs: 5_000,
    maxBytes: 1024 * 1024,
    resolve: toLoopback,
    ca: testCa(),
    ...over,
  });
  async function site(routes: Record<string, Route>) {
    const started = await startFakeSite(routes);
    sites.push(started);
    return started;
  }

  it('decodes a gzip Content-Encoding and the charset the Content-Type names', async () => {
    const s = await site({
      '/gz': raw(gzipSync('<title>Zipped</title>'), {
        'content-type': 'text/html',
        'content-encoding': 'gzip',
      }),
      '/latin': raw(Buffer.from('<title>Caf\xe9</title>', 'latin1'), {
        'content-type': 'text/html; charset=iso-8859-1',
      }),
    });
    const fetcher = createFetcher(options());
    const read = async (path: string) => {
      const followed = await follow(`${s.origin}${path}`, {
        fetcher,
        maxRedirects: 5,
        follows: () => true,
        beforeRequest: async () => undefined,
      });
      return pageRecord(
        {
          url: `${s.origin}${path}`,
          source: 'link',
          sitemapLastmod: undefined,
          fetchedAt: new Date().toISOString(),
        },
        followed,
      ).page;
    };
    expect((await read('/gz')).title).toBe('Zipped');
    expect((await read('/latin')).title).toBe('Café');
    await fetcher.close();
  });

  it('a gzip body that unpacks past the limit is cut there and says so', async () => {
    const s = await site({
      '/bomb': raw(gzipSync(Buffer.alloc(8 * 1024 * 1024, 'a')), {
        'content-type': 'text/html',
        'content-encoding': 'gzip',
      }),
    });
    const fetcher = createFetcher(options());
    const res = await fetcher.get(`${s.origin}/bomb`);
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(1024 * 1024);
    await fetcher.close();
  });

  it('reads at most maxBytes of a long body and drops the rest', async () => {
    const s = await site({ '/huge': hugePage(20 * 1024 * 1024) });
    const fetcher = createFetcher(options());
    const res = await fetcher.get(`${s.origin}/huge`);
    expect(res).toMatchObject({ status: 200, truncated: true });
    expect(res.body.length).toBe(1024 * 1024);
    await fetcher.close();
  });

  it('returns redirects unfollowed, and takes X-Robots-Tag of a file that is not HTML', async () => {
    const s = await site({
      '/r': redirect('/pdf', 302),
      '/pdf': raw('%PDF-1.4', { 'content-type': 'application/pdf', 'x-robots-tag': 'noindex' }),
    });
    const fetcher = createFetcher(options());
    expect(await fetcher.get(`${s.origin}/r`)).toMatchObject({
      status: 302,
      headers: { location: `${s.origin}/pdf` },
    });
    const followed = await follow(`${s.origin}/r`, {
      fetcher,
      maxRedirects: 5,
      follows: () => true,
      beforeRequest: async () => undefined,
    });
    const { page } = pageRecord(
      { url: `${s.origin}/r`, source: 'cited', sitemapLastmod: null, fetchedAt: new Date().toISOString() },
      followed,
    );
    expect(page).toMatchObject({
      status: 200,
      noindex: true,
      title: null,
      contentType: 'application/pdf',
      inSitemap: true,
    });
    await fetcher.close();
  });

  it('refuses a certificate it does not trust, and a private address without the switch', async () => {
    const s = await site({ '/': raw('ok', { 'content-type': 'text/plain' }) });
    const untrusting = createFetcher(options({ ca: undefined }));
    await expect(untrusting.get(`${s.origin}/`)).rejects.toMatchObject({ code: 'tls_error' });
    await untrusting.close();
    const strict = createFetcher(options({ allowPrivate: false }));
    const refused = await strict.get(`${s.origin}/`).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(FetchFailure);
    expect(refused).toMatchObject({ code: 'address_refused' });
    await strict.close();
    expect(s.requests).toEqual([]);
  });
});
