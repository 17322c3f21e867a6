/**
 * The per-page citation counts of GET site/pages come from the per-URL summary answers keep as they are stored:
 * after new answers arrive they still equal a recount made answer by answer from the answers endpoint.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hostOf } from '../../engines/scoring/index.ts';
import { SitePageList } from '../../server/contract/site.ts';
import { allAnswers } from '../support/insights.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';
import { siteHost, type SiteHost } from '../support/site-crawl-host.ts';
import { sitePage } from '../support/site-crawl-result.ts';

let h: RunHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** A project with a paired host computer, on a fresh harness. */
async function setUp() {
  h = await createRunHarness();
  return { h, site: await siteHost(h, { brandDomains: ['acme.io'] }) };
}

const DAY = 86_400_000;
const BRAND = ['acme.example', 'acme.io'];
const PAGES = [
  'https://acme.example/',
  'https://acme.example/pricing',
  'https://acme.example/about',
  'https://docs.acme.io/start',
  'https://acme.example/never-cited',
];

/** Per brand URL, answers citing it (each answer once per URL), per engine: counted from the answers themselves. */
async function recount(site: SiteHost) {
  const answers = await allAnswers(h!, site.key, site.projectId, '2026-01-01', '2026-12-31');
  const counts = new Map<string, { total: number; engines: Record<string, number> }>();
  for (const a of answers) {
    for (const url of new Set(a.sourceUrls)) {
      const host = hostOf(url);
      if (!host || !BRAND.some((d) => host === d || host.endsWith(`.${d}`))) continue;
      const c = counts.get(url) ?? { total: 0, engines: {} };
      c.total += 1;
      c.engines[a.engineId] = (c.engines[a.engineId] ?? 0) + 1;
      counts.set(url, c);
    }
  }
  return counts;
}

async function shown(site: SiteHost) {
  const r = await h!.get(`/v1/projects/${site.projectId}/site/pages?limit=200`, site.key);
  expect(r.statusCode).toBe(200);
  return new Map(SitePageList.parse(r.json()).data.map((p) => [p.url, p.citations]));
}

async function expectRecount(site: SiteHost) {
  const counted = await recount(site);
  const listed = await shown(site);
  for (const url of PAGES)
    expect(listed.get(url), url).toEqual(counted.get(url) ?? { total: 0, engines: {} });
  return listed;
}

describe('citation counts of the crawled pages', () => {
  it('equal a recount from the answers, and follow new answers in later months', async () => {
    const { h, site } = await setUp();
    await site.storeAnswers([
      { engineId: 'chatgpt-local-fetch', urls: ['https://acme.example/pricing?utm_source=chatgpt.com'] },
      { engineId: 'chatgpt-local-fetch', urls: ['https://acme.example/pricing', 'https://other.example/x'] },
      { engineId: 'perplexity-local-fetch', urls: ['https://www.acme.example/gone#top'] },
    ]);
    await site.completedCrawl(PAGES.map((url) => sitePage(url)));
    const before = await expectRecount(site);
    expect(before.get('https://acme.example/pricing')).toEqual({
      total: 2,
      engines: { 'chatgpt-local-fetch': 2 },
    });

    // Weeks later (another month's summary row), answers cite the same page and new ones, one twice over.
    h.clock.advance(40 * DAY);
    await site.storeAnswers([
      { engineId: 'perplexity-local-fetch', urls: ['https://acme.example/pricing', 'https://acme.example/'] },
      {
        engineId: 'gemini-local-fetch',
        urls: [
          'https://docs.acme.io/start',
          'https://docs.acme.io/start?ref=x',
          'https://acme.example/about',
        ],
      },
      { engineId: 'chatgpt-local-fetch', urls: ['https://acme.example/pricing'] },
    ]);
    const after = await expectRecount(site);
    expect(after.get('https://acme.example/pricing')).toEqual({
      total: 4,
      engines: { 'chatgpt-local-fetch': 3, 'perplexity-local-fetch': 1 },
    });
    expect(after.get('https://docs.acme.io/start')).toEqual({
      total: 1,
      engines: { 'gemini-local-fetch': 1 },
    });
    expect(after.get('https://acme.example/never-cited')).toEqual({ total: 0, engines: {} });

    const cited = await h.get(`/v1/projects/${site.projectId}/site/pages?cited=true`, site.key);
    expect(SitePageList.parse(cited.json()).data.map((p) => p.url)).toEqual([
      'https://acme.example/',
      'https://acme.example/about',
      'https://acme.example/pricing',
      'https://docs.acme.io/start',
    ]);
  });
});
