/**
 * The web UI's insight pages in headless Chromium against `answerwatch start`, at 1440 px and at 390 px, on a
 * month of a project seeded with `answerwatch demo seed`: the prompt grid and Sources stay readable, Sources
 * shows more rows on request, and a share too small for a whole percentage says so. The rows shown are checked
 * against the API's reads, and every page at both widths (overflow, axe-core, names, screenshots).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBrowser } from '../support/browser.ts';
import { runCli, until } from '../support/e2e.ts';
import {
  checkBothWidths,
  DESK,
  expectCleanRun,
  PHONE,
  readApi,
  seedDemoMonth,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';
import { daysAgo, today } from '../support/web-ui-insights.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

describe.skipIf(browserPath === null)('web UI: insights on a month of data', { timeout: 180_000 }, () => {
  let ui: WebUi;
  let desk: Page;
  let phone: Page;
  let dir: string;
  const bothWidths = (name: string, hash: string, title: string | RegExp) =>
    checkBothWidths(ui, { desk, phone }, name, hash, title);
  const api = (path: string) => readApi(ui, path);

  beforeAll(async () => {
    ui = await startWebUi();
    dir = mkdtempSync(join(tmpdir(), 'aw-ui-insights-month-'));
    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
  }, 240_000);
  afterAll(async () => {
    await ui?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the insight pages readable on a month of a seeded project, with more rows on request', async () => {
    const demo = await seedDemoMonth(ui);
    const range = `from=${daysAgo(29)}&to=${today}`;

    const prompts = (await api(`/projects/${demo}/stats/prompts?${range}&limit=25`)).data as {
      text: string;
    }[];
    await visit(desk, ui, `#/p/${demo}/prompts`, 'Prompts');
    await desk.locator('table.prompt-grid').waitFor();
    expect(await desk.locator('table.prompt-grid tbody th').allTextContents()).toEqual(
      prompts.map((p) => p.text),
    );
    await bothWidths('prompts-month', `#/p/${demo}/prompts`, 'Prompts');

    // One more answer listing twelve more sites, so the others run past a page.
    const extra = join(dir, 'extra.jsonl');
    writeFileSync(
      extra,
      JSON.stringify({
        promptText: 'Which review sites cover project tools?',
        engineId: 'perplexity',
        observedAt: `${daysAgo(1)}T12:00:00.000Z`,
        text: 'Many sites review them.',
        sources: Array.from({ length: 12 }, (_, i) => ({
          url: `https://www.review-site-${i}.com/tools`,
          title: null,
        })),
      }),
    );
    const more = await runCli('answers', 'import', '--project', demo, extra, '--db', ui.dbPath);
    expect(more.code, more.stderr).toBe(0);
    const others = (await api(`/projects/${demo}/stats/sources?${range}&class=other&limit=20`)).data as {
      domain: string;
    }[];
    expect(others.length).toBe(20);
    await visit(desk, ui, `#/p/${demo}/sources`, 'Sources');
    const panel = desk.locator('section.panel', { has: desk.getByRole('heading', { name: 'Other sites' }) });
    await panel.locator('tbody tr').first().waitFor();
    expect(await panel.locator('tbody th').allTextContents()).toEqual(
      others.slice(0, 10).map((o) => o.domain),
    );
    await panel.getByRole('button', { name: 'Show 10 more' }).click();
    await until(
      'ten more sources',
      async () => panel.locator('tbody tr').count(),
      (n) => n === 20,
    );
    expect(await panel.locator('tbody th').allTextContents()).toEqual(others.map((o) => o.domain));
    // One answer of thousands is a share too small for a whole percentage. The demo cites a long tail of its own,
    // so the new sites come after it: more rows are asked for until they show.
    const tiny = panel.locator('tbody tr', { hasText: 'review-site-0.com' });
    const rows = panel.locator('tbody tr');
    for (let page = 0; page < 5 && (await tiny.count()) === 0; page++) {
      const shown = await rows.count();
      await panel.getByRole('button', { name: 'Show 10 more' }).click();
      await until(
        'more sources',
        async () => rows.count(),
        (n) => n > shown,
      );
    }
    expect(await tiny.textContent()).toContain('under 1%');
    await bothWidths('sources-month', `#/p/${demo}/sources`, 'Sources');
  });

  it('ran without a script error, a CSP violation or a dialog', () => expectCleanRun(ui));
});
