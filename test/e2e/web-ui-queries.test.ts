/**
 * The Queries page and an answer's searches in headless Chromium against `answerwatch start`, at 1440 px and 390 px,
 * on answers imported with the real CLI: the rows are the API's, a search written in markup stays text, a search a
 * prompt already asks shows as tracked, and one click tracks another as a prompt.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBrowser } from '../support/browser.ts';
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

const TRACKED = 'Which CRM is best for small teams?';
const EVIL = '<img src=x onerror=alert(1)>crm';
const LINES = [
  ['chatgpt', 'Acme is the best pick.', [TRACKED, 'best crm small teams 2026', EVIL]],
  ['gemini', 'Globex is the best pick.', ['Best CRM small teams 2026.', 'crm pricing']],
  ['claude', 'Acme and Globex.', ['best crm small teams 2026']],
  ['perplexity', 'Acme.', []],
] as const;

describe.skipIf(browserPath === null)('web UI: queries', { timeout: 180_000 }, () => {
  let ui: WebUi;
  let desk: Page;
  let phone: Page;
  let projectId: string;

  beforeAll(async () => {
    ui = await startWebUi();
    projectId = (await ui.call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://www.acme.example' }))
      .body.id;
    await ui.call(`/projects/${projectId}/competitors`, 'PUT', [
      { name: 'Globex', domain: 'globex.example' },
    ]);
    await ui.call(`/projects/${projectId}/prompts`, 'POST', { text: TRACKED, engineIds: ['chatgpt'] });
    const dir = mkdtempSync(join(tmpdir(), 'aw-ui-queries-'));
    const file = join(dir, 'answers.jsonl');
    writeFileSync(
      file,
      LINES.map(([engineId, text, searchQueries], i) =>
        JSON.stringify({
          id: `q-${i}`,
          promptText: TRACKED,
          engineId,
          observedAt: `${daysAgo(1)}T10:00:0${i}.000Z`,
          text,
          sources: [],
          searchQueries,
        }),
      ).join('\n'),
    );
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

  it('lists the API’s searches as text, marks the tracked one and tracks another in one click', async () => {
    const stats = await readApi(ui, `/projects/${projectId}/stats/queries`);
    expect(stats.data.map((r: { query: string }) => r.query)).toEqual([
      'best crm small teams 2026',
      EVIL,
      'crm pricing',
      'which crm is best for small teams',
    ]);
    await visit(desk, ui, `#/p/${projectId}/queries`, 'Queries');
    const rows = desk.locator('table.queries tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.locator('th').allTextContents()).toEqual(
      stats.data.map((r: { query: string }) => r.query),
    );
    // Markup in a search is text: no element came of it.
    expect(await desk.locator('main img').count()).toBe(0);
    const tracked = rows.filter({ hasText: 'which crm is best for small teams' });
    await expect.poll(() => tracked.getByText('Tracked').count()).toBe(1);
    expect(await tracked.getByRole('button').count()).toBe(0);
    const first = rows.filter({ hasText: 'best crm small teams 2026' });
    expect(await first.locator('td').first().textContent()).toBe('3');
    await checkBothWidths(ui, { desk, phone }, 'queries', `#/p/${projectId}/queries`, 'Queries');

    await first.getByRole('button', { name: 'Track as prompt' }).click();
    await first.getByText('Tracked').waitFor();
    const prompts = await readApi(ui, `/projects/${projectId}/prompts`);
    expect(prompts.data.map((p: { text: string }) => p.text)).toContain('best crm small teams 2026');
    expect(
      (await readApi(ui, `/projects/${projectId}/stats/queries`)).data[0].trackedPromptId,
    ).not.toBeNull();
    expectCleanRun(ui);
  });

  it('shows an answer’s searches in order, as text', async () => {
    const { data } = await readApi(ui, `/projects/${projectId}/answers?engine=chatgpt`);
    await visit(desk, ui, `#/p/${projectId}/answers/${encodeURIComponent(data[0].id)}`, /Answer from/);
    const items = desk.locator('ol.searches li');
    expect(await items.allTextContents()).toEqual([TRACKED, 'best crm small teams 2026', EVIL]);
    expect(await desk.locator('main img').count()).toBe(0);
    const { data: none } = await readApi(ui, `/projects/${projectId}/answers?engine=perplexity`);
    await visit(desk, ui, `#/p/${projectId}/answers/${encodeURIComponent(none[0].id)}`, /Answer from/);
    await desk.getByText('The engine reported no web searches for this answer.').waitFor();
    expectCleanRun(ui);
  });
});
