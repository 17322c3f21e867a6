/**
 * The Traffic page in headless Chromium against `answerwatch start`, at 1440 px and 390 px, on a small log sent
 * through the API (POST …/traffic with a shipper's key) to a project with imported answers: the crawler hits by
 * purpose and the referrals per engine drawn as charts of the API's figures, the agents, the pages with how often
 * answers cite them per engine and the unreachable toggle, tables paged with the API's cursors, a page path written
 * as markup stays text, and a project without logs says how to import them. A webhook ticked "AI crawler blocked" on
 * the Webhooks page receives crawler.blocked when GPTBot is refused a page it got.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, TEST_CA_PATH, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { requireBrowser } from '../support/browser.ts';
import { cli } from '../support/e2e.ts';
import {
  checkBothWidths,
  DESK,
  expectCleanRun,
  PHONE,
  readApi,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';
import { daysAgo, importedProject } from '../support/web-ui-insights.ts';
import { shippedAddress } from '../support/shipped-ranges.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Markup as a page path (no spaces: a request target with one is no log line). */
const EVIL = '/<img/src=x/onerror=alert(1)>';

/** A day as the page writes it (format.ts's day()). */
const shown = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

const hit = (days: number, ip: string, url: string, status: number, userAgent: string, referer?: string) =>
  JSON.stringify({
    time: `${daysAgo(days)}T10:00:00Z`,
    ip,
    method: 'GET',
    url,
    status,
    bytes: 512,
    referer: referer ?? null,
    userAgent,
    host: 'www.acme.example',
  });

/** The crawlers' addresses are inside their operators' shipped ranges. */
const LOG = [
  hit(3, shippedAddress('openai-gptbot', 10), '/pricing', 200, GPTBOT),
  hit(1, shippedAddress('openai-gptbot', 10), '/pricing', 403, GPTBOT),
  hit(2, shippedAddress('openai-gptbot', 11), '/about?utm=x', 200, GPTBOT),
  hit(1, shippedAddress('openai-gptbot', 12), EVIL, 404, GPTBOT),
  hit(2, '203.0.113.66', '/pricing', 200, GPTBOT), // spoofed: never counted as GPTBot
  hit(1, shippedAddress('openai-chatgpt-user', 4), '/pricing', 200, CHATGPT_USER),
  hit(1, '192.0.2.1', '/pricing', 200, CHROME, 'https://chatgpt.com/'),
].join('\n');

describe.skipIf(browserPath === null)('web UI: traffic', { timeout: 180_000 }, () => {
  let ui: WebUi;
  let desk: Page;
  let phone: Page;
  let projectId: string;
  let emptyId: string;
  let shipperKey: string;
  let receiver: WebhookReceiver;

  const ship = async (lines: string) => {
    const sent = await fetch(`${ui.server.baseUrl}/projects/${projectId}/traffic`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shipperKey}`, 'content-type': 'application/x-ndjson' },
      body: lines,
    });
    const result = await sent.json();
    expect(sent.status, JSON.stringify(result)).toBe(202);
    return result;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ui = await startWebUi({
      env: { ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1', NODE_EXTRA_CA_CERTS: TEST_CA_PATH },
    });
    // Answers cite www.acme.example/crm (ChatGPT, 2 days ago) and /support (Perplexity, yesterday).
    ({ projectId } = await importedProject(ui));
    emptyId = (await ui.call('/projects', 'POST', { name: 'Quiet', websiteUrl: 'https://quiet.example' }))
      .body.id;
    const shipper = await cli(
      'keys',
      'create',
      '--account',
      ui.accountId,
      '--label',
      'shipper',
      '--scopes',
      'traffic:write',
      '--db',
      ui.dbPath,
    );
    shipperKey = shipper.key;
    expect(await ship(LOG)).toMatchObject({ accepted: 7, refused: { count: 0 }, spoofed: 1, referrals: 1 });
    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
  }, 240_000);
  afterAll(async () => {
    await ui?.close();
    await receiver?.close();
  });

  const cell = (row: ReturnType<Page['locator']>, column: string) =>
    row.locator(`td[data-label="${column}"]`).textContent();

  it('shows the API’s agents, pages and referrals, a path written as markup as text', async () => {
    const crawlers = await readApi(ui, `/projects/${projectId}/stats/crawlers`);
    expect(crawlers.data.map((a: { agent: string }) => a.agent)).toEqual(['GPTBot', 'ChatGPT-User']);
    await visit(desk, ui, `#/p/${projectId}/overview`, 'Overview');
    await desk.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Traffic' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Traffic' }).waitFor();
    await desk.locator('main:not([aria-busy])').waitFor();

    const agents = desk.locator('table.traffic-agents tbody tr');
    await expect.poll(() => agents.count()).toBe(2);
    expect(await agents.locator('th').allTextContents()).toEqual(['GPTBot', 'ChatGPT-User']);
    const gptbot = agents.filter({ hasText: 'GPTBot' });
    expect(await cell(gptbot, 'Operator')).toBe('OpenAI');
    expect(await cell(gptbot, 'Purpose')).toBe('AI training');
    expect(await cell(gptbot, 'Hits')).toBe('4');
    expect(await cell(gptbot, 'Verified')).toBe('4');
    expect(await cell(gptbot, 'Spoofed')).toBe('1');
    expect(await cell(gptbot, 'Pages')).toBe('3');
    expect(await cell(gptbot, '2xx')).toBe('2');
    expect(await cell(gptbot, '4xx')).toBe('2');
    expect(await cell(gptbot, 'Change')).toBe('▲ +4');

    // Over time: a line per purpose drawn by the charts' uPlot, its numbers (every day of the 30, 0 without
    // hits) in the chart's table for screen readers: AI training and AI user apart, the spoofed hit left out.
    const overTime = desk.locator('main section', { hasText: 'Crawlers over time' });
    expect(await overTime.locator('canvas').count()).toBeGreaterThan(0);
    expect((await overTime.locator('fieldset label').allTextContents()).map((l) => l.trim())).toEqual([
      'AI training',
      'AI user',
    ]);
    const chartTable = overTime.locator('table.chart-data');
    expect(await chartTable.locator('thead th').allTextContents()).toEqual(['Day', 'AI training', 'AI user']);
    const chartRows = await chartTable
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    expect(chartRows).toHaveLength(30);
    expect(chartRows.filter((r) => r.slice(1).some((n) => n !== '0'))).toEqual([
      [shown(daysAgo(3)), '1', '0'],
      [shown(daysAgo(2)), '1', '0'],
      [shown(daysAgo(1)), '2', '1'],
    ]);

    const pages = desk.locator('table.traffic-pages tbody tr');
    const pagePaths = (await readApi(ui, `/projects/${projectId}/stats/pages`)).data.map(
      (p: { page: string }) => p.page,
    );
    expect(pagePaths).toContain(EVIL);
    expect(await pages.locator('th').allTextContents()).toEqual(pagePaths);
    const pricing = pages.filter({ hasText: '/pricing' });
    expect(await cell(pricing, 'AI training')).toBe('2');
    expect(await cell(pricing, 'AI user')).toBe('1');
    expect(await cell(pricing, 'AI referrals')).toBe('1');
    expect(await cell(pricing, 'AI errors')).toBe('1');
    expect(await cell(pricing, 'Cited in answers')).toBe('0');
    // The citation join: the answers citing a page, per engine by the project's engine names.
    expect(await cell(pages.filter({ hasText: '/crm' }), 'Cited in answers')).toBe('1ChatGPT 1');
    expect(await cell(pages.filter({ hasText: '/support' }), 'Cited in answers')).toBe('1Perplexity 1');
    // The path's markup is text: no element came of it, and nothing ran.
    expect(await desk.locator('main img').count()).toBe(0);

    expect(await desk.locator('table.traffic-engines tbody th').allTextContents()).toEqual(['chatgpt']);
    // One day of referrals: bars (the lines start with the second day).
    const referrals = desk.locator('main section', { hasText: 'AI referrals' });
    await referrals.getByText('All of it in one day').waitFor();
    expect(await referrals.locator('.bar-list .bar-row').allTextContents()).toEqual(['chatgpt1 visit']);
    const landing = desk.locator('table.traffic-landing tbody tr');
    expect(await landing.locator('th').allTextContents()).toEqual(['/pricing']);
    expect(await cell(landing, 'Visits')).toBe('1');
    await checkBothWidths(ui, { desk, phone }, 'traffic', `#/p/${projectId}/traffic`, 'Traffic');
    expectCleanRun(ui);
  });

  it('lists only the pages unreachable to AI agents when asked, and keeps that in the address', async () => {
    await visit(desk, ui, `#/p/${projectId}/traffic`, 'Traffic');
    await desk.getByRole('checkbox', { name: /Only pages unreachable/ }).check();
    await desk.waitForURL(/problem=unreachable/);
    await desk.locator('main:not([aria-busy])').waitFor();
    const api = await readApi(ui, `/projects/${projectId}/stats/pages?problem=unreachable`);
    const paths = api.data.map((p: { page: string }) => p.page);
    expect([...paths].sort()).toEqual([EVIL, '/pricing'].sort());
    const rows = desk.locator('table.traffic-pages tbody tr');
    await expect.poll(() => rows.locator('th').allTextContents()).toEqual(paths);
    expect(await desk.getByRole('checkbox', { name: /Only pages unreachable/ }).isChecked()).toBe(true);
    expect(await desk.locator('main img').count()).toBe(0);
    expectCleanRun(ui);
  });

  it('pages the pages and landing pages with the API’s cursors, a week per point when asked', async () => {
    const busy = (
      await ui.call('/projects', 'POST', { name: 'Busy', websiteUrl: 'https://www.acme.example' })
    ).body.id;
    const many = Array.from({ length: 60 }, (_, i) => [
      hit(1 + (i % 10), shippedAddress('openai-gptbot', 10), `/many/${i}`, 200, GPTBOT),
      hit(1 + (i % 10), '192.0.2.1', `/land/${i}`, 200, CHROME, 'https://chatgpt.com/'),
    ]).flat();
    const sent = await fetch(`${ui.server.baseUrl}/projects/${busy}/traffic`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shipperKey}`, 'content-type': 'application/x-ndjson' },
      body: many.join('\n'),
    });
    expect((await sent.json()).accepted).toBe(120);
    await visit(desk, ui, `#/p/${busy}/traffic?interval=week`, 'Traffic');
    await desk.locator('main:not([aria-busy])').waitFor();
    const pagesSection = desk.locator('main section', { hasText: 'Pages cited or fetched' });
    const pageRows = pagesSection.locator('table.traffic-pages tbody tr');
    await expect.poll(() => pageRows.count()).toBe(50);
    await pagesSection.getByRole('button', { name: 'Show 50 more' }).click();
    await expect.poll(() => pageRows.count()).toBe(60);
    expect(await pagesSection.getByRole('button', { name: 'Show 50 more' }).isHidden()).toBe(true);
    const landing = desk.locator('table.traffic-landing tbody tr');
    expect(await landing.count()).toBe(50);
    await desk
      .locator('main section', { hasText: 'Landing pages' })
      .getByRole('button', { name: 'Show 50 more' })
      .click();
    await expect.poll(() => landing.count()).toBe(60);
    const api = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = await readApi(
        ui,
        `/projects/${busy}/stats/referrals?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      api.push(...page.data.map((p: { page: string }) => p.page));
      cursor = page.nextCursor;
    }
    expect(await landing.locator('th').allTextContents()).toEqual(api);
    // Per week: the referral chart's points are the weeks the API counted by, each labelled as one.
    const weeks = desk
      .locator('main section', { hasText: 'AI referrals' })
      .locator('table.chart-data tbody th');
    expect((await weeks.allTextContents()).every((w) => w.startsWith('Week of '))).toBe(true);
    await checkBothWidths(
      ui,
      { desk, phone },
      'traffic-busy',
      `#/p/${busy}/traffic?interval=week`,
      'Traffic',
    );
    expectCleanRun(ui);
  });

  it('says how to import logs when a project has none', async () => {
    await visit(desk, ui, `#/p/${emptyId}/traffic`, 'Traffic');
    const main = desk.locator('main');
    await main.getByText('No crawler hits or AI referrals').waitFor();
    expect(await main.locator('pre code').textContent()).toBe(
      `npx answerwatch traffic import --project ${emptyId} access.log`,
    );
    expect(await desk.locator('table.traffic-agents').count()).toBe(0);
    await checkBothWidths(ui, { desk, phone }, 'traffic-empty', `#/p/${emptyId}/traffic`, 'Traffic');
    expectCleanRun(ui);
  });

  it('sends crawler.blocked to a webhook that ticked it on the Webhooks page', async () => {
    await visit(desk, ui, `#/p/${projectId}/webhooks`, 'Webhooks');
    const form = desk.locator('form', { has: desk.getByRole('button', { name: 'Register webhook' }) });
    await form.getByLabel('Endpoint URL').fill(`${receiver.url}/blocked`);
    await form.getByRole('checkbox', { name: 'Run completed' }).uncheck();
    await form.getByRole('checkbox', { name: 'Run failed' }).uncheck();
    await form.getByRole('checkbox', { name: 'AI crawler blocked' }).check();
    await form.getByRole('button', { name: 'Register webhook' }).click();
    await desk.getByText('Webhook registered.', { exact: false }).waitFor();
    expect((await readApi(ui, `/projects/${projectId}/webhooks`)).data[0].events).toEqual([
      'crawler.blocked',
    ]);

    await ship(hit(2, shippedAddress('openai-gptbot', 10), '/docs', 200, GPTBOT));
    await ship(hit(1, shippedAddress('openai-gptbot', 10), '/docs', 403, GPTBOT));
    await receiver.waitFor(1, 30_000);
    const [event, ...others] = receiver.receivedAt('/blocked');
    expect(others).toEqual([]);
    expect(event!.headers['x-service-event']).toBe('crawler.blocked');
    expect(event!.event.data).toMatchObject({
      projectId,
      agent: 'GPTBot',
      page: '/docs',
      previous: { statusClass: '2xx', at: `${daysAgo(2)}T10:00:00.000Z` },
      current: { statusClass: '4xx', at: `${daysAgo(1)}T10:00:00.000Z` },
    });
    expectCleanRun(ui);
  });
});
