/**
 * The web UI's Brand Truth suggestions (Setup › Brand) in headless Chromium against `answerwatch start`: a completed
 * site crawl is written into its database as host sync stores one, the page lists what the site states (its markup
 * shown as text), and Accept and Dismiss change the Brand Truth and the list. Checked at both widths.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/domain/database.ts';
import { getBrandTruth } from '../../server/domain/brand-truth.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { requireBrowser } from '../support/browser.ts';
import { crawlSummary, sitePage } from '../support/site-crawl-result.ts';
import {
  checkBothWidths,
  DESK,
  expectCleanRun,
  PHONE,
  startWebUi,
  visit,
  useChrome,
  type WebUi,
} from '../support/web-ui.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

/** A completed crawl, stored through the repositories host sync uses. */
async function storeCrawl(store: Store, projectId: string) {
  const crawlId = 'crwBrandTruthUiTest00001';
  const now = new Date().toISOString();
  const pages = [
    sitePage('https://acme.example/', {
      source: 'home',
      title: 'Acme CRM <script>alert(1)</script>',
      description: 'The CRM for small teams.',
      facts: { organizations: [{ name: 'Acme Inc.', url: null }], products: [] },
    }),
    sitePage('https://acme.example/pricing', {
      title: 'Pricing',
      facts: {
        organizations: [],
        products: [{ name: 'Acme CRM', offers: [{ name: 'Team', price: '29', currency: 'USD' }] }],
      },
    }),
  ];
  await store.siteCrawls.create({
    id: crawlId,
    projectId,
    state: 'running',
    trigger: 'manual',
    requestedBy: 'test',
    clientCrawlId: null,
    warning: null,
    createdAt: now,
    startedAt: now,
  });
  await store.siteCrawls.addPages(
    crawlId,
    pages.map((p) => ({ url: p.url, status: p.status, page: JSON.stringify(p), text: null })),
  );
  await store.siteCrawls.transition(crawlId, ['running'], {
    state: 'completed',
    at: now,
    finishedAt: now,
    pageCount: pages.length,
    summary: JSON.stringify(crawlSummary(crawlId)),
  });
}

describe.skipIf(browserPath === null)('web UI: Brand Truth suggestions', { timeout: 90_000 }, () => {
  let ui: WebUi;
  let desk: Page;
  let phone: Page;
  let projectId: string;
  let store: Store;

  beforeAll(async () => {
    ui = await startWebUi();
    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
    projectId = (await ui.call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://acme.example' }))
      .body.id;
    store = createStore(await openDatabase(ui.dbPath));
  }, 240_000);
  afterAll(async () => {
    await store?.close();
    await ui?.close();
  });

  it('says what will come before the first crawl', async () => {
    await visit(desk, ui, `#/p/${projectId}/setup/brand`, 'Brand');
    await desk.getByRole('heading', { name: 'Brand Truth suggestions' }).waitFor();
    await desk.getByText(/After the first crawl of the website/).waitFor();
  });

  it('lists what the site states, as text, and accepts and dismisses', async () => {
    await storeCrawl(store, projectId);
    // Another page first: going to the hash the page is on would not load it again.
    await visit(desk, ui, `#/p/${projectId}/setup`, 'Setup');
    await visit(desk, ui, `#/p/${projectId}/setup/brand`, 'Brand');
    const items = desk.locator('.suggestions li');
    await items.first().waitFor();
    expect(await desk.locator('.suggestion-text').allTextContents()).toEqual([
      'Organization The organization’s name is Acme Inc.',
      'Product Acme CRM is one of the brand’s products.',
      'Price Acme CRM – Team costs 29 USD.',
      'Page title Acme CRM <script>alert(1)</script>',
      'Page description The CRM for small teams.',
      'Page title Pricing',
    ]);
    // The site's markup is text: no element came of it.
    expect(await desk.locator('.suggestions script').count()).toBe(0);
    await checkBothWidths(ui, { desk, phone }, 'setup-brand-truth', `#/p/${projectId}/setup/brand`, 'Brand');

    await desk.getByRole('button', { name: 'Accept: Acme CRM – Team costs 29 USD.' }).click();
    await desk.getByText('Acme CRM – Team costs 29 USD.').waitFor({ state: 'detached' });
    expect((await getBrandTruth(store, projectId)).statements).toEqual(['Acme CRM – Team costs 29 USD.']);

    await desk.getByRole('button', { name: 'Edit: The CRM for small teams.' }).click();
    await desk.getByRole('textbox', { name: 'Statement' }).fill('Acme CRM is the CRM for small teams.');
    await desk.getByRole('button', { name: 'Add to Brand Truth' }).click();
    await desk.getByText('Page description The CRM for small teams.').waitFor({ state: 'detached' });
    expect((await getBrandTruth(store, projectId)).statements).toEqual([
      'Acme CRM – Team costs 29 USD.',
      'Acme CRM is the CRM for small teams.',
    ]);

    await desk.getByRole('button', { name: 'Dismiss: Pricing' }).click();
    await desk
      .locator('.suggestion-text', { hasText: /^Page title Pricing$/ })
      .waitFor({ state: 'detached' });
    await visit(desk, ui, `#/p/${projectId}/setup`, 'Setup');
    await visit(desk, ui, `#/p/${projectId}/setup/brand`, 'Brand');
    await desk.locator('.suggestions li').first().waitFor();
    expect(await desk.locator('.suggestion-text').count()).toBe(3);
    await desk.getByText(/2 facts are in the Brand Truth already, 1 was dismissed/).waitFor();
    expect((await getBrandTruth(store, projectId)).statements).toHaveLength(2);
    expectCleanRun(ui);
  });
});
