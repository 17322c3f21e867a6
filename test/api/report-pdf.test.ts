import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchArgs } from '../../engines/browser/browser.ts';
import { Report } from '../../server/contract/reports.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { requireBrowser } from '../support/browser.ts';
import { postTraffic, PREVIOUS, reportProject, TRAFFIC, WEEK } from '../support/reports.ts';

const browser = requireBrowser();

/** The PDF's text as a real tool reads it (pdftotext from poppler-utils), in reading order. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
  try {
    writeFileSync(join(dir, 'report.pdf'), pdf);
    return execFileSync('pdftotext', [join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(browser === null)('the report as a PDF rendered by Chromium', () => {
  let h: Harness;
  let key: string;
  let p: string;

  beforeAll(async () => {
    h = await createHarness();
    let accountId: string;
    ({ key, accountId, projectId: p } = await reportProject(h));
    await postTraffic(h, await h.key(accountId, ['traffic:write']), p, TRAFFIC);
  });
  afterAll(() => h.close());

  it('holds the figures the API reads give for the period, in words a reader can check', async () => {
    const r = await h.get(`/v1/projects/${p}/report?format=pdf`, key);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`inline; filename="report-${WEEK.from}-${WEEK.to}.pdf"`);
    const pdf = r.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf).replace(/\s+/g, ' ');

    const trends = await Promise.all(
      [WEEK, PREVIOUS].map(
        async (w) =>
          (
            await h.get(
              `/v1/projects/${p}/stats/trends?from=${w.from}&to=${w.to}&interval=range&perEngine=false`,
              key,
            )
          ).json() as {
            data: { answers: number; mentionRate: { value: number; low: number; high: number } }[];
          },
      ),
    );
    const mention = trends[0]!.data[0]!.mentionRate;
    const before = trends[1]!.data[0]!.mentionRate;
    const pct = (v: number) => Math.round(v * 100);
    expect(text).toContain(`${WEEK.from} to ${WEEK.to}, compared with ${PREVIOUS.from} to ${PREVIOUS.to}`);
    expect(text).toContain(
      `Over ${trends[0]!.data[0]!.answers} answers, beyond the noise: Mention rate up ${pct(mention.value - before.value)} points to ${pct(mention.value)} %`,
    );
    expect(text).toContain(`95 % interval ${pct(mention.low)}–${pct(mention.high)} %`);

    const competitors = (
      await h.get(`/v1/projects/${p}/stats/competitors?from=${WEEK.from}&to=${WEEK.to}`, key)
    ).json() as { data: { name: string; mentioned: number }[] };
    for (const b of competitors.data)
      expect(text).toMatch(new RegExp(`${b.name}( \\(you\\))? ${b.mentioned} `));

    const sources = (
      await h.get(`/v1/projects/${p}/stats/sources?from=${WEEK.from}&to=${WEEK.to}&limit=10`, key)
    ).json() as { data: { domain: string; answers: number }[] };
    for (const s of sources.data) expect(text).toContain(`${s.domain} `);

    const report = Report.parse((await h.get(`/v1/projects/${p}/report`, key)).json());
    // Each part's sentence, as printed (pdftotext keeps the words, not the line breaks).
    for (const part of Object.values(report.parts)) expect(text).toContain(part.summary.replace(/\s+/g, ' '));
    // The judge's hostile reason is printed as the text it is.
    expect(text).toContain('<script>alert(1)</script>');

    const read = async (path: string) =>
      (await h.get(`/v1/projects/${p}/${path}?from=${WEEK.from}&to=${WEEK.to}&limit=5`, key)).json() as {
        data: Record<string, string | number>[];
        visits?: number;
      };
    const [actions, crawlers, referrals] = [
      await read('actions'),
      await read('stats/crawlers'),
      await read('stats/referrals'),
    ];
    expect(actions.data.length).toBeGreaterThan(0);
    for (const a of actions.data) expect(text).toContain(`${String(a.title).replace(/\s+/g, ' ')} `);
    for (const a of crawlers.data.filter((c) => c.purpose === 'training'))
      expect(text).toContain(`${a.agent} ${a.operator} ${a.purpose} ${a.hits} `);
    expect(text).toContain(`AI crawler hits: ${TRAFFIC.week.gptbot + TRAFFIC.week.claudebot} `);
    expect(text).toContain(`Visits from AI answers: ${referrals.visits} `);
    // A landing page from the site's logs, markup in its path, is printed as text too.
    expect(text).toContain(`${TRAFFIC.hostilePage} `);
  }, 60_000);

  it('is answered 304 from its ETag without rendering again', async () => {
    const first = await h.get(`/v1/projects/${p}/report?format=pdf`, key);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/-pdf"$/);
    const started = Date.now();
    const again = await h.get(`/v1/projects/${p}/report?format=pdf`, key, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(Date.now() - started).toBeLessThan(500);
  }, 60_000);

  it('the HTML page is styled in a real browser under its own policy, with nothing refused', async () => {
    const r = await h.get(`/v1/projects/${p}/report?format=html`, key);
    const { chromium } = await import('playwright-core');
    const b = await chromium.launch({ executablePath: browser!, args: launchArgs(true) });
    try {
      const page = await b.newPage();
      const messages: string[] = [];
      page.on('console', (m) => messages.push(m.text()));
      await page.route('http://report.test/', (route) =>
        route.fulfill({
          status: 200,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': r.headers['content-security-policy'] as string,
          },
          body: r.body,
        }),
      );
      await page.goto('http://report.test/');
      // The accent of the stylesheet (#4338ca) on the parts' headings: the policy let the stylesheet in.
      expect(await page.$eval('section h2', (el) => getComputedStyle(el).color)).toBe('rgb(67, 56, 202)');
      expect(await page.$$eval('.tile', (els) => els.length)).toBe(5);
      expect(messages.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
    } finally {
      await b.close();
    }
  }, 60_000);
});
