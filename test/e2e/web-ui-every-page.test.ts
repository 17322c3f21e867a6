/**
 * Every page of the web UI, at 1440 px and at 390 px, in headless Chromium against `answerwatch start`: a month
 * of a seeded demo with a run of the fake engines on top, and an empty project for the empty states. Each page
 * must not scroll sideways (the page, or any element beyond the window outside a box that scrolls or clips it),
 * must have no axe-core violation and every control named, and is photographed into test/artifacts/screenshots/
 * for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBrowser } from '../support/browser.ts';
import { until } from '../support/e2e.ts';
import {
  ARTIFACTS,
  checkPage,
  DESK,
  expectCleanRun,
  PHONE,
  seedDemoMonth,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

const SCREENSHOTS = join(ARTIFACTS, 'screenshots');

/**
 * Elements that reach beyond the window and are not clipped by an ancestor box (overflow other than visible)
 * that itself ends inside the window. An absolutely positioned element escapes the boxes between it and its
 * containing block, which is how text for screen readers once escaped a table's scroll box.
 */
const ESCAPING = `(() => {
  const w = window.innerWidth + 1;
  const clipped = (el) => {
    let outOfFlow = ['absolute', 'fixed'].includes(getComputedStyle(el).position);
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      const positioned = s.position !== 'static';
      if (!outOfFlow || positioned) {
        if (s.overflowX !== 'visible' && a.getBoundingClientRect().right <= w) return true;
      }
      if (outOfFlow && positioned) outOfFlow = ['absolute', 'fixed'].includes(s.position);
    }
    return false;
  };
  return Array.from(document.querySelectorAll('body *'))
    .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > w && !clipped(el))
    .slice(0, 8)
    .map((el) => el.tagName + '.' + el.className + ' ' + Math.round(el.getBoundingClientRect().right));
})()`;

async function everyCheck(page: Page, name: string): Promise<void> {
  const width = (page.viewportSize()?.width ?? 0) <= 480 ? 'phone' : 'desk';
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // First, so a page that fails its checks is photographed too.
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  const scroll = (await page.evaluate(
    '({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth })',
  )) as { scroll: number; inner: number };
  expect(scroll.scroll, `${name} at ${width} scrolls sideways`).toBeLessThanOrEqual(scroll.inner);
  expect(await page.evaluate(ESCAPING), `${name} at ${width}: elements beyond the window`).toEqual([]);
  await checkPage(page, `every-${name}`);
}

describe.skipIf(browserPath === null)('web UI: every page at both widths', { timeout: 300_000 }, () => {
  let ui: WebUi;
  let desk: Page;
  let phone: Page;
  let demo: string;
  let empty: string;
  let answerId: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ui = await startWebUi();
    demo = await seedDemoMonth(ui);
    // A run of the fake engines on top of the seeded month, so Runs and the Overview's latest run have one.
    const request = (await ui.call(`/projects/${demo}/run-requests`, 'POST')).body;
    await until(
      'the run to end',
      async () => (await ui.call(`/projects/${demo}/run-requests/${request.id}`)).body.status,
      (s) => s !== 'queued' && s !== 'running',
    );
    answerId = (await ui.call(`/projects/${demo}/answers?limit=1`)).body.data[0].id;
    empty = (await ui.call('/projects', 'POST', { name: 'Empty', websiteUrl: 'https://empty.example' })).body
      .id;
    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
  }, 300_000);
  afterAll(async () => {
    await ui?.close();
  });

  /** Each page: its name in the screenshots, its route (read once the seed is in) and its heading. */
  const PAGES: [string, () => string, string | RegExp][] = [
    ['projects', () => '#/', 'Projects'],
    ['keys', () => '#/keys', 'API keys'],
    ['overview', () => `#/p/${demo}/overview`, 'Overview'],
    ['overview-daily', () => `#/p/${demo}/overview?step=day`, 'Overview'],
    ['prompts', () => `#/p/${demo}/prompts`, 'Prompts'],
    ['sources', () => `#/p/${demo}/sources`, 'Sources'],
    ['surfaces', () => `#/p/${demo}/surfaces`, /API/],
    ['answers', () => `#/p/${demo}/answers`, 'Answers'],
    ['answer', () => `#/p/${demo}/answers/${encodeURIComponent(answerId)}`, /.+/],
    ['alerts', () => `#/p/${demo}/alerts`, 'Alerts'],
    ['setup', () => `#/p/${demo}/setup`, 'Setup'],
    ['setup-brand', () => `#/p/${demo}/setup/brand`, /.+/],
    ['setup-prompts', () => `#/p/${demo}/setup/prompts`, /.+/],
    ['setup-competitors', () => `#/p/${demo}/setup/competitors`, /.+/],
    ['setup-schedule', () => `#/p/${demo}/setup/schedule`, /.+/],
    ['runs', () => `#/p/${demo}/runs`, 'Runs'],
    ['engines', () => `#/p/${demo}/engines`, 'Engines'],
    ['webhooks', () => `#/p/${demo}/webhooks`, 'Webhooks'],
    ['exports', () => `#/p/${demo}/exports`, 'Exports'],
    ['empty-overview', () => `#/p/${empty}/overview`, 'Overview'],
    ['empty-prompts', () => `#/p/${empty}/prompts`, 'Prompts'],
    ['empty-sources', () => `#/p/${empty}/sources`, 'Sources'],
    ['empty-answers', () => `#/p/${empty}/answers`, 'Answers'],
    ['not-found', () => '#/nowhere', 'Page not found'],
  ];

  describe.each([
    ['1440 px', () => desk],
    ['390 px', () => phone],
  ] as const)('at %s', (_width, page) => {
    it.each(PAGES)('%s', async (name, hash, title) => {
      await visit(page(), ui, hash(), title);
      await everyCheck(page(), name);
    });
  });

  it('ran without a script error, a CSP violation or a dialog', () => expectCleanRun(ui));
});
