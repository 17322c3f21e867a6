/**
 * The web UI's Site page in headless Chromium against `answerwatch start`, at 1440 px and 390 px: "Crawl now" has
 * start's own host crawl a local HTTPS site, and the page shows what the API says: the crawl's state, the findings
 * with their pages, the AI-agent table, llms.txt, the pages paged with the API's cursor and filtered, each with its
 * citations per engine; a page title that is markup shows as text; a crawl already going is 409, said plainly; a
 * webhook ticked "Site crawled" on the Webhooks page receives the crawl's site.crawled.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWL_HOST_OFF_WARNING } from '../../server/domain/site-crawls.ts';
import { startWebhookReceiver, TEST_CA_PATH, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { BLOG_PAGES, HOSTILE_SITE, HOSTILE_TITLE } from '../fakes/site/hostile-site.ts';
import { startFakeSite, type FakeSite } from '../fakes/site/server.ts';
import { requireBrowser } from '../support/browser.ts';
import { runCli, until } from '../support/e2e.ts';
import {
  checkPage,
  DESK,
  expectCleanRun,
  PHONE,
  readApi,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

/** Every page the site links: the home, pricing, the hostile page and the blog. */
const SITE_PAGES = 3 + BLOG_PAGES;

describe.skipIf(browserPath === null)('web UI: the Site page', { timeout: 240_000 }, () => {
  let ui: WebUi;
  let site: FakeSite;
  let receiver: WebhookReceiver;
  let dir: string;
  let desk: Page;
  let phone: Page;
  let projectId: string;
  const hash = () => `#/p/${projectId}/site`;
  const main = (page: Page) => page.locator('main');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-ui-site-'));
    site = await startFakeSite(HOSTILE_SITE, undefined, 'localhost');
    receiver = await startWebhookReceiver();
    ui = await startWebUi({
      env: {
        ANSWERWATCH_CRAWL_ALLOW_PRIVATE: '1',
        ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1',
        NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
        // No page is rendered: the site's certificate is not one Chromium trusts.
        ANSWERWATCH_CHROME: '/nonexistent/chromium',
      },
    });
    projectId = (await ui.call('/projects', 'POST', { name: 'Acme', websiteUrl: `${site.origin}/` })).body.id;
    // Answers citing the pricing page (two engines) and a page that is gone, so the crawl reads both.
    const cite = (id: string, engineId: string, path: string) => ({
      id,
      promptText: 'best rockets?',
      engineId,
      observedAt: new Date().toISOString(),
      text: 'Acme makes rockets.',
      sources: [{ url: `${site.origin}${path}`, title: null }],
    });
    const file = join(dir, 'answers.ndjson');
    const lines = [
      cite('a1', 'chatgpt', '/pricing'),
      cite('a2', 'chatgpt', '/pricing'),
      cite('a3', 'perplexity', '/pricing'),
      cite('a4', 'gemini', '/gone'),
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
    const imported = await runCli('answers', 'import', '--project', projectId, file, '--db', ui.dbPath);
    expect(imported.code, imported.stderr).toBe(0);
    await until(
      'this computer to host the project',
      async () => (await ui.call(`/projects/${projectId}/capabilities`)).body.host,
      (host) => host?.online === true,
    );
    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
  }, 240_000);
  afterAll(async () => {
    await ui?.close();
    await site?.close();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('crawls on request and shows the state, findings, AI agents, llms.txt and pages as the API gives them', async () => {
    await visit(desk, ui, hash(), 'Site');
    await main(desk).getByText('never crawled', { exact: true }).waitFor();
    expect(await main(desk).getByText('No crawl has completed yet.').count()).toBe(3);
    await checkPage(desk, 'site-never-crawled');

    // A webhook that asks for site.crawled too, registered on the Webhooks page.
    await visit(desk, ui, `#/p/${projectId}/webhooks`, 'Webhooks');
    const form = desk.locator('form', { has: desk.getByRole('button', { name: 'Register webhook' }) });
    await form.getByLabel('Endpoint URL').fill(`${receiver.url}/site`);
    await form.getByRole('checkbox', { name: 'Site crawled' }).check();
    await form.getByRole('button', { name: 'Register webhook' }).click();
    await desk.getByText('Webhook registered.', { exact: false }).waitFor();
    expect((await readApi(ui, `/projects/${projectId}/webhooks`)).data[0].events).toEqual([
      'run.completed',
      'run.failed',
      'site.crawled',
    ]);

    await visit(desk, ui, hash(), 'Site');
    await main(desk).getByRole('button', { name: 'Crawl now' }).click();
    await main(desk)
      .getByText(/^Crawl (queued|running) since/)
      .waitFor();
    expect(await main(desk).getByRole('button', { name: 'Crawl now' }).isDisabled()).toBe(true);
    await main(desk).locator('dd').getByText('Completed', { exact: true }).waitFor({ timeout: 90_000 });

    const status = await readApi(ui, `/projects/${projectId}/site`);
    expect(status).toMatchObject({ state: 'completed', pages: SITE_PAGES + 1, llmsTxt: { present: true } });
    expect(await main(desk).getByRole('button', { name: 'Crawl now' }).isEnabled()).toBe(true);
    await receiver.waitFor(1, 30_000);
    const [event] = receiver.receivedAt('/site');
    expect(event!.headers['x-service-event']).toBe('site.crawled');
    expect(event!.event.data).toMatchObject({
      projectId,
      crawlId: status.lastCrawl.id,
      state: 'completed',
      counts: { pages: status.pages, findings: status.findingCounts },
    });

    // The findings, by type, with the pages they name.
    const errors = main(desk).getByRole('region', { name: 'Cited page answers an error' });
    await errors.getByRole('link', { name: `${site.origin}/gone` }).waitFor();
    const blocked = main(desk).getByRole('region', { name: 'AI agent blocked' });
    expect(await blocked.getByText(/^GPTBot/).count()).toBeGreaterThan(0);
    expect(status.findingCounts.cited_page_error).toBe(1);

    // The AI-agent table: GPTBot may not read the home page, ClaudeBot may; llms.txt is there.
    const agents = main(desk).locator('table.site-agents');
    const row = (agent: string) =>
      agents.locator('tr', { has: desk.getByRole('rowheader', { name: agent }) });
    expect(await row('GPTBot').getByText('Blocked').count()).toBe(1);
    expect(await row('ClaudeBot').getByText('Allowed').count()).toBe(1);
    expect(await row('GPTBot').getByText('OpenAI').count()).toBe(1);
    expect(await agents.locator('tbody tr').count()).toBe(status.agents.length);
    await main(desk).locator('.site-llms').getByText('Present').waitFor();

    // The pages: a page of 25 and the rest through the cursor; citations per engine; the markup title as text.
    const pages = main(desk).locator('table.site-pages tbody tr');
    expect(await pages.count()).toBe(25);
    await main(desk).getByRole('button', { name: 'Show 25 more' }).click();
    await until(
      'the second page',
      () => pages.count(),
      (n) => n === status.pages,
    );
    expect(await main(desk).getByRole('button', { name: 'Show 25 more' }).isHidden()).toBe(true);
    const pricing = pages.filter({ hasText: `${site.origin}/pricing` });
    expect(await pricing.getByText('3 answers').count()).toBe(1);
    expect(await pricing.getByText('ChatGPT 2 · Perplexity 1').count()).toBe(1);
    const hostile = pages.filter({ hasText: `${site.origin}/hostile` });
    expect(await hostile.locator('.site-page-title').textContent()).toBe(HOSTILE_TITLE);
    expect(await main(desk).locator('img').count()).toBe(0);
    expect(await desk.evaluate('window.__siteTitleRan')).toBeUndefined();

    await checkPage(desk, 'site');
    await visit(phone, ui, hash(), 'Site');
    await main(phone).locator('table.site-pages').waitFor();
    await checkPage(phone, 'site');
    expectCleanRun(ui);
  });

  it('filters the pages by cited, finding and status, as the API does', async () => {
    const urls = async (query: string) =>
      (await readApi(ui, `/projects/${projectId}/site/pages?limit=200&${query}`)).data.map(
        (p: { url: string }) => p.url,
      );
    const shown = async () =>
      main(desk)
        .locator('table.site-pages tbody tr .site-page a')
        .evaluateAll((links) => links.map((a) => a.textContent));
    const choose = async (label: string, option: string) => {
      await main(desk).getByLabel(label, { exact: true }).selectOption({ label: option });
      await main(desk).locator('table.site-pages, .empty').last().waitFor();
      await desk.locator('main:not([aria-busy])').waitFor();
    };

    await visit(desk, ui, hash(), 'Site');
    await choose('Cited', 'Cited by answers');
    await until('the cited pages', shown, (s) => s.length === 2);
    expect(await shown()).toEqual(await urls('cited=true'));
    expect(await shown()).toEqual([`${site.origin}/gone`, `${site.origin}/pricing`]);

    await choose('Status', '404');
    await until('the cited 404', shown, (s) => s.length === 1);
    expect(await shown()).toEqual(await urls('cited=true&status=404'));

    await visit(desk, ui, hash(), 'Site');
    await choose('Finding', 'Cited page answers an error');
    await until('the pages of the finding', shown, (s) => s.length === 1);
    expect(await shown()).toEqual(await urls('finding=cited_page_error'));
    expect(desk.url()).toContain('finding=cited_page_error');

    // A finding's own link lists all its pages the same way.
    await visit(desk, ui, hash(), 'Site');
    await main(desk).getByRole('link', { name: 'List these pages (AI agent blocked)' }).click();
    await until('the pages GPTBot may not read', shown, (s) => s.length === 3);
    expect(await shown()).toEqual(await urls('finding=ai_agent_blocked'));
    expect(await main(desk).getByLabel('Finding', { exact: true }).inputValue()).toBe('ai_agent_blocked');
    expectCleanRun(ui);
  });

  it('says plainly when a crawl is already going (409), and shows a crawl waiting for the host with its warning', async () => {
    await visit(desk, ui, hash(), 'Site');
    const requested = await ui.call(`/projects/${projectId}/site/crawl`, 'POST');
    expect(requested.status).toBe(202);
    // The page was drawn before that crawl: its button still offers one.
    await main(desk).getByRole('button', { name: 'Crawl now' }).click();
    await main(desk)
      .getByRole('alert')
      .getByText('A site crawl of this project is already queued, waiting or running.')
      .waitFor();
    await main(desk)
      .getByText(/^Crawl (queued|running) since/)
      .waitFor();
    await main(desk).locator('dd').getByText('Completed', { exact: true }).waitFor({ timeout: 90_000 });

    // start's own host is always on, so a host that is off is played by the network: the crawl the service
    // answers while its host is off, and the state it then reads.
    const waiting = {
      ...requested.body,
      id: 'crwWaiting1',
      state: 'waiting_for_host',
      startedAt: null,
      finishedAt: null,
      pageCount: 0,
      warning: CRAWL_HOST_OFF_WARNING,
    };
    let hostOff = false;
    await phone.route(`**/v1/projects/${projectId}/site/crawl`, async (route) => {
      hostOff = true;
      await route.fulfill({ status: 202, json: waiting });
    });
    await phone.route(`**/v1/projects/${projectId}/site`, async (route) => {
      if (!hostOff) return route.continue();
      const real = await (await route.fetch()).json();
      await route.fulfill({ json: { ...real, state: 'waiting_for_host', activeCrawl: waiting } });
    });
    await visit(phone, ui, hash(), 'Site');
    await main(phone).getByRole('button', { name: 'Crawl now' }).click();
    await main(phone).getByText(CRAWL_HOST_OFF_WARNING, { exact: false }).waitFor();
    await main(phone).locator('dd').getByText('Waiting for the host computer', { exact: true }).waitFor();
    expect(await main(phone).getByRole('button', { name: 'Crawl now' }).isDisabled()).toBe(true);
    await checkPage(phone, 'site-waiting');
    await phone.unrouteAll({ behavior: 'ignoreErrors' });
    expectCleanRun(ui);
  });
});
