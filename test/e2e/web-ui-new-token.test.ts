/**
 * After `start` restarts, the tab left open holds the old token (issue 20). Pasting the new `…/app/#token=…` link
 * into that same tab changes only the hash: the tab takes the new token and opens the app, without a reload. The
 * message before that names the commands as code, not with backticks.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBrowser } from '../support/browser.ts';
import { DESK, heading, startWebUi, useChrome, type WebUi } from '../support/web-ui.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

async function newPage(ui: WebUi): Promise<Page> {
  const page = await (await ui.browser.newContext({ viewport: DESK })).newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (err) => ui.pageErrors.push(err.message));
  return page;
}

/** Pastes the printed link's hash into the open tab; answers whether the page was the same one after (no reload). */
async function pasteLink(page: Page, ui: WebUi): Promise<boolean> {
  await page.evaluate('window.__sameTab = true');
  await page.evaluate(`location.hash = ${JSON.stringify(new URL(ui.uiUrl).hash)}`);
  await heading(page, 'Projects').waitFor();
  await page.locator('main:not([aria-busy])').waitFor();
  return (await page.evaluate('window.__sameTab === true')) as boolean;
}

describe.skipIf(browserPath === null)(
  'web UI: a new launch link pasted into an open tab',
  { timeout: 120_000 },
  () => {
    let ui: WebUi;
    beforeAll(async () => {
      ui = await startWebUi();
    });
    afterAll(async () => {
      await ui?.close();
    });

    it('a refused token says which link to open; pasting the new link opens the app in place', async () => {
      const page = await newPage(ui);
      await page.goto(`${ui.origin}/app/#token=awl_${'0'.repeat(40)}`);
      await heading(page, 'Cannot open Answerwatch').waitFor();
      const alert = page.getByRole('alert');
      expect(await alert.textContent()).toBe(
        'The owner token was refused: it is new every time the service starts. ' +
          'Open the Web UI link that npm start (or npx answerwatch start) printed in its terminal.',
      );
      expect(await alert.locator('code').allTextContents()).toEqual(['npm start', 'npx answerwatch start']);
      expect(await pasteLink(page, ui)).toBe(true);
      expect(page.url()).toBe(`${ui.origin}/app/#/`);
      await page.context().close();
    });

    it('a tab opened without a token says how to get one, and opens the app when the link is pasted', async () => {
      const page = await newPage(ui);
      await page.goto(`${ui.origin}/app/`);
      await heading(page, 'Open the link from your terminal').waitFor();
      expect(await page.locator('main p').first().textContent()).not.toContain('`');
      expect(await page.locator('main p code').allTextContents()).toEqual([
        'npm start',
        'npx answerwatch start',
      ]);
      expect(await pasteLink(page, ui)).toBe(true);
      await page.context().close();
      expect(ui.pageErrors).toEqual([]);
    });
  },
);
