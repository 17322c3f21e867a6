/**
 * The Actions page and the Overview's top three in headless Chromium against `answerwatch start`, at 1440 px and at
 * 390 px, on answers imported with the real CLI: the cards in the API's order, an engine's search that reads as
 * markup shown as text, the judge's stored summary shown as text, Dismiss and Done written through PATCH and kept,
 * and every page at both widths (overflow, axe-core, names, screenshots).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBrowser } from '../support/browser.ts';
import { rawDb } from '../support/raw-db.ts';
import { runCli } from '../support/e2e.ts';
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
import { daysAgo } from '../support/web-ui-insights.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

const MARKUP = '<img src=x onerror=alert(1)> crm';
const PROMPTS = ['best crm for startups', 'top crm tools'];

describe.skipIf(browserPath === null)('web UI: actions', { timeout: 180_000 }, () => {
  let ui: WebUi;
  let desk: Page;
  let phone: Page;
  let projectId: string;
  type Listed = { id: string; title: string; status: string };
  const listed = async (): Promise<Listed[]> => (await readApi(ui, `/projects/${projectId}/actions`)).data;

  beforeAll(async () => {
    ui = await startWebUi();
    projectId = (await ui.call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://www.acme.example' }))
      .body.id;
    expect(
      (
        await ui.call(`/projects/${projectId}/competitors`, 'PUT', [
          { name: 'Globex', domain: 'globex.example' },
        ])
      ).status,
    ).toBe(200);
    for (const text of PROMPTS)
      expect(
        (await ui.call(`/projects/${projectId}/prompts`, 'POST', { text, engineIds: ['chatgpt'] })).status,
      ).toBe(201);
    // Globex beside g2.com and a list page, never Acme; a search run four times that reads as markup.
    const lines = [1, 2, 3, 4].map((back, i) => ({
      id: `action-${i}`,
      promptText: PROMPTS[i % 2],
      engineId: i < 2 ? 'chatgpt' : 'gemini',
      observedAt: `${daysAgo(back)}T10:00:00.000Z`,
      text: 'Globex is the best choice.',
      sources: [
        { url: 'https://www.g2.com/categories/crm', title: null },
        ...(i < 2 ? [{ url: 'https://crmweekly.net/best-crm-tools-2026', title: null }] : []),
      ],
      searchQueries: [MARKUP],
    }));
    const dir = mkdtempSync(join(tmpdir(), 'aw-ui-actions-'));
    const file = join(dir, 'answers.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
    const imported = await runCli(
      'answers',
      'import',
      '--project',
      projectId,
      file,
      '--db',
      ui.dbPath,
      '--json',
    );
    rmSync(dir, { recursive: true, force: true });
    expect(imported.code, imported.stderr).toBe(0);
    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
  }, 240_000);
  afterAll(async () => {
    await ui?.close();
  });

  it('lists the actions in the API’s order, engine text as text, at both widths', async () => {
    const actions = await listed();
    expect(actions.length).toBeGreaterThanOrEqual(4);
    await visit(desk, ui, `#/p/${projectId}/actions`, 'Actions');
    const titles = desk.locator('.action-card .action-title');
    expect(await titles.allTextContents()).toEqual(actions.map((a) => a.title));
    const cover = desk.locator('.action-card', { hasText: 'Cover the search' });
    expect(await cover.locator('.action-title').textContent()).toContain(MARKUP);
    expect(await desk.locator('.action-card img').count()).toBe(0);
    expect(await cover.locator('.action-examples a').count()).toBe(4);
    await checkBothWidths(ui, { desk, phone }, 'actions', `#/p/${projectId}/actions`, 'Actions');
  });

  it('shows the judge’s stored summary above the list as text', async () => {
    const db = rawDb(ui.dbPath);
    await db
      .insertInto('action_summaries')
      .values({
        project_id: projectId,
        ids: JSON.stringify((await listed()).slice(0, 10).map((a) => a.id)),
        text: `Start with g2.com. ${MARKUP}`,
        model: 'fake-judge',
        generated_at: `${daysAgo(0)}T06:00:00.000Z`,
      })
      .execute();
    await db.destroy();
    expect((await readApi(ui, `/projects/${projectId}/actions`)).summary).toMatchObject({
      model: 'fake-judge',
    });
    // From another page: the same address again would not draw the page anew.
    await visit(desk, ui, `#/p/${projectId}/overview`, 'Overview');
    await visit(desk, ui, `#/p/${projectId}/actions`, 'Actions');
    const summary = desk.locator('.actions-summary');
    expect(await summary.locator('p').first().textContent()).toBe(`Start with g2.com. ${MARKUP}`);
    expect(await summary.locator('img').count()).toBe(0);
    expect(await summary.textContent()).toContain('fake-judge');
  });

  it('dismisses and marks done through the API, and keeps it when the page is drawn again', async () => {
    const [first, second] = await listed();
    await visit(desk, ui, `#/p/${projectId}/actions`, 'Actions');
    await desk.locator(`[data-action="${first!.id}"]`).getByRole('button', { name: 'Dismiss' }).click();
    await desk.locator(`[data-action="${first!.id}"] .badge`, { hasText: 'Dismissed' }).waitFor();
    await desk.locator(`[data-action="${second!.id}"]`).getByRole('button', { name: 'Done' }).click();
    await desk.locator(`[data-action="${second!.id}"] .badge`, { hasText: 'Done' }).waitFor();
    const after = await listed();
    expect(after.find((a) => a.id === first!.id)?.status).toBe('dismissed');
    expect(after.find((a) => a.id === second!.id)?.status).toBe('done');
    await visit(desk, ui, `#/p/${projectId}/actions`, 'Actions');
    await desk.locator(`[data-action="${first!.id}"]`).getByRole('button', { name: 'Reopen' }).waitFor();
  });

  it('shows the first three open actions at the top of the Overview', async () => {
    const open = (await listed()).filter((a) => a.status === 'open').slice(0, 3);
    await visit(desk, ui, `#/p/${projectId}/overview`, 'Overview');
    const panel = desk.getByRole('region', { name: 'What to do next' });
    await panel.waitFor();
    expect(await panel.locator('.action-title').allTextContents()).toEqual(open.map((a) => a.title));
    await checkBothWidths(ui, { desk, phone }, 'overview-actions', `#/p/${projectId}/overview`, 'Overview');
    expectCleanRun(ui);
  });
});
