/**
 * Every page of the web UI, at 1440 px and at 390 px, in headless Chromium against `answerwatch start`: a month
 * of a seeded demo with a run of the fake engines on top, and an empty project for the empty states. Each page
 * must not scroll sideways (the page, or any element beyond the window outside a box that scrolls or clips it),
 * must have no axe-core violation and every control named, and is photographed into test/artifacts/screenshots/
 * for a person to look at.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBrowser } from '../support/browser.ts';
import { runCli, until } from '../support/e2e.ts';
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

/** Cited addresses with no place to break (the brand's, a competitor's, another site's): they once widened their cards and the answer page past a phone. */
const LONG_PATH = `${'very-long-path-segment-'.repeat(6)}end?utm_source=${'x'.repeat(60)}`;
/** An answer as engines write them: a table of tools with their addresses, and an address in the text. */
const WIDE_TEXT = [
  'WIDE-SOURCE: Northwind Tasks is a good pick; Trellis Boards too.',
  '| Tool | Site | Notes |\n| --- | --- | --- |',
  `| Northwind Tasks | https://www.northwindtasks.com/${LONG_PATH} | ${'Boards, timelines and reports for small teams. '.repeat(3)}|`,
  `| Trellis Boards | https://trellisboards.com/${LONG_PATH} | Kanban. |`,
  `More at https://www.example-review-site.com/${LONG_PATH} and in the table above.`,
].join('\n');
const LONG_URLS = ['www.northwindtasks.com', 'trellisboards.com', 'www.example-review-site.com'].map(
  (host) => ({ url: `https://${host}/${LONG_PATH}`, title: null }),
);

/**
 * Answers of the signed-in app variants beside their API engines (so the Prompts grid has more columns than a
 * desk shows), one of them citing LONG_URLS, imported with the real CLI into the demo.
 */
async function importWide(ui: WebUi, projectId: string): Promise<void> {
  const prompts = (await ui.call(`/projects/${projectId}/prompts?limit=3`)).body.data as { text: string }[];
  const engines = [
    'chatgpt-local-fetch',
    'gemini-local-fetch',
    'perplexity-local-fetch',
    'claude-local-fetch',
  ];
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const lines = prompts.flatMap((p, i) =>
    engines.map((engineId, j) =>
      JSON.stringify({
        promptText: p.text,
        engineId,
        observedAt: `${day}T09:0${i}:0${j}.000Z`,
        text:
          i === 0 && j === 0
            ? WIDE_TEXT
            : `Northwind Tasks is a good pick, says the ${engineId} app; Trellis Boards too.`,
        sources:
          i === 0 && j === 0
            ? LONG_URLS.map((u, k) => ({ ...u, title: k === 2 ? 'A review of project tools' : null }))
            : [{ url: 'https://www.g2.com/categories/project-management', title: null }],
      }),
    ),
  );
  await importAnswers(ui, projectId, lines);
}

/** JSON lines of answers imported into a project with the real CLI. */
async function importAnswers(ui: WebUi, projectId: string, lines: string[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-ui-every-'));
  try {
    writeFileSync(join(dir, 'answers.jsonl'), lines.join('\n'));
    const r = await runCli(
      'answers',
      'import',
      '--project',
      projectId,
      join(dir, 'answers.jsonl'),
      '--db',
      ui.dbPath,
    );
    expect(r.code, r.stderr).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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
    await importWide(ui, demo);
    answerId = (await ui.call(`/projects/${demo}/answers?q=WIDE-SOURCE&limit=1`)).body.data[0].id;
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
    ['settings-people', () => '#/settings/people', 'People'],
    ['settings-computers', () => '#/settings/computers', 'Computers'],
    ['settings-brand', () => '#/settings/brand', 'Report brand'],
    ['settings-plan', () => '#/settings/plan', 'Plan'],
    ['settings-audit-log', () => '#/settings/audit-log', 'Audit log'],
    ['overview', () => `#/p/${demo}/overview`, 'Overview'],
    ['overview-daily', () => `#/p/${demo}/overview?step=day`, 'Overview'],
    ['prompts', () => `#/p/${demo}/prompts`, 'Prompts'],
    ['sources', () => `#/p/${demo}/sources`, 'Sources'],
    ['queries', () => `#/p/${demo}/queries`, 'Queries'],
    ['traffic', () => `#/p/${demo}/traffic`, 'Traffic'],
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
    ['reports', () => `#/p/${demo}/reports`, 'Reports'],
    ['empty-overview', () => `#/p/${empty}/overview`, 'Overview'],
    ['empty-prompts', () => `#/p/${empty}/prompts`, 'Prompts'],
    ['empty-sources', () => `#/p/${empty}/sources`, 'Sources'],
    ['empty-queries', () => `#/p/${empty}/queries`, 'Queries'],
    ['empty-answers', () => `#/p/${empty}/answers`, 'Answers'],
    ['empty-reports', () => `#/p/${empty}/reports`, 'Reports'],
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

  it('shows each headline figure with its trend line, and the engine lines by week unless asked by day', async () => {
    await visit(desk, ui, `#/p/${demo}/overview`, 'Overview');
    for (const id of ['mention', 'citation', 'sov', 'position', 'sentiment']) {
      const tile = desk.locator(`.kpi[data-kpi=${id}]`);
      expect(await tile.locator('svg.sparkline polyline').getAttribute('points'), id).toMatch(
        /^[\d.,]+( [\d.,]+)+$/,
      );
      expect(await tile.locator('.kpi-detail .kpi-interval').textContent(), id).toMatch(/^95% interval /);
    }
    expect(await desk.locator('.chart-title').allTextContents()).toEqual(
      expect.arrayContaining(['Mention rate per engine, by week', 'Citation rate per engine, by week']),
    );
    await visit(desk, ui, `#/p/${demo}/overview?step=day`, 'Overview');
    expect(await desk.locator('.chart-title').allTextContents()).toContain('Mention rate per engine, by day');
    expect(await desk.locator('select[name=step]').inputValue()).toBe('day');
  });

  it('says the latest run as Runs lists it, however it ended', async () => {
    const [latest] = (await ui.call(`/projects/${demo}/runs?limit=1`)).body.data;
    await visit(desk, ui, `#/p/${demo}/runs`, 'Runs');
    const listed = (await desk.locator('table.runs tbody tr').first().locator('.badge').textContent())!;
    await visit(desk, ui, `#/p/${demo}/overview`, 'Overview');
    const tile = desk.locator('.kpi[data-kpi=run]');
    expect(await tile.locator('.badge').textContent()).toBe(listed);
    expect(await tile.locator('.kpi-note').textContent()).toBe(
      `${listed} with ${latest.answerCount} answers`,
    );
  });

  it('says a failed run is the latest run, on the Overview as on Runs', async () => {
    const failing = (
      await ui.call('/projects', 'POST', { name: 'Failing', websiteUrl: 'https://failing.example' })
    ).body.id;
    const text = 'Best CRM for a small team?';
    await ui.call(`/projects/${failing}/prompts`, 'POST', { text, engineIds: ['chatgpt'] });
    // Answers from before, so the Overview shows its figures; then a run in which the engine refuses every call.
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await importAnswers(ui, failing, [
      JSON.stringify({
        promptText: text,
        engineId: 'chatgpt',
        observedAt: `${day}T08:00:00.000Z`,
        text: 'Failing is a fine pick.',
        sources: [],
      }),
    ]);
    ui.fakes.script('openai', { kind: 'unauthorized' }, 5);
    const request = (await ui.call(`/projects/${failing}/run-requests`, 'POST')).body;
    const status = await until(
      'the failing run to end',
      async () => (await ui.call(`/projects/${failing}/run-requests/${request.id}`)).body.status,
      (st) => st !== 'queued' && st !== 'running',
    );
    expect(status).toBe('failed');
    await visit(desk, ui, `#/p/${failing}/runs`, 'Runs');
    expect(await desk.locator('table.runs tbody tr').first().locator('.badge').textContent()).toBe('Failed');
    await visit(desk, ui, `#/p/${failing}/overview`, 'Overview');
    const tile = desk.locator('.kpi[data-kpi=run]');
    expect(await tile.locator('.badge').textContent()).toBe('Failed');
    expect(await tile.locator('.kpi-note').textContent()).toBe('Failed with 0 answers');
  });

  it('shades each prompt cell by its mention rate, and a position change reads with its arrow', async () => {
    await visit(desk, ui, `#/p/${demo}/prompts`, 'Prompts');
    const cells = desk.locator('table.prompt-grid a.grid-cell');
    expect(await cells.count()).toBeGreaterThan(20);
    const shades = await cells.evaluateAll((els) =>
      els.map((el) => ({
        heat: /heat-(\d)/.exec(el.className)?.[1],
        rate: /Mentioned (\d+)%/.exec(el.textContent ?? '')?.[1],
      })),
    );
    for (const { heat, rate } of shades)
      expect(Number(heat)).toBe(Math.min(4, Math.floor(Number(rate) / 20)));
    expect(await desk.locator('main').textContent()).not.toMatch(/▼ \+|▲ −/);
  });

  it('folds the project pages into one menu button on a phone', async () => {
    await visit(phone, ui, `#/p/${demo}/sources`, 'Sources');
    const toggle = phone.getByRole('button', { name: 'Pages: Sources' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const overview = phone.locator('.project-nav').getByRole('link', { name: 'Overview' });
    expect(await overview.isVisible()).toBe(false);
    // The page starts right below the button: its heading within the first screen's top third.
    expect((await phone.getByRole('heading', { level: 1, name: 'Sources' }).boundingBox())!.y).toBeLessThan(
      281,
    );
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await overview.click();
    await phone.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    // At a desk width every page is listed, with no menu button.
    await visit(desk, ui, `#/p/${demo}/sources`, 'Sources');
    expect(await desk.locator('.nav-toggle').isVisible()).toBe(false);
    expect(await desk.locator('.project-nav').getByRole('link', { name: 'Overview' }).isVisible()).toBe(true);
  });

  it('ran without a script error, a CSP violation or a dialog', () => expectCleanRun(ui));
});
