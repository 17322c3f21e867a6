/**
 * The web UI's end-to-end harness: `answerwatch start` as its own process with fake engines (no judge), the UI
 * as the tests' global setup built it from the sources, headless Chromium at a desk width (1440 px) and a phone width (390 px), and the checks
 * every page gets at both: no page-wide horizontal scroll, no axe-core violation, every control named, and a
 * screenshot in test/artifacts/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchArgs } from '../../engines/browser/browser.ts';
import { startFakeEngines, type FakeEngines, type FakeEngineOptions } from '../fakes/engines/index.ts';
import { accountWithKey, apiClient, runCli, until, type Call } from './e2e.ts';
import { startServer, type ServerProcess } from './server-process.ts';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const AXE = readFileSync(
  fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)),
  'utf8',
);

export const DESK = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Page code is passed as strings: a transpiled function could carry helpers that do not exist in the page. */
const UNLABELLED_CONTROLS = `(() => {
  const name = (el) => {
    const labelled = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent || '').join(' ');
    const labels = el.labels ? Array.from(el.labels).map((l) => l.textContent || '').join(' ') : '';
    const own = el.tagName === 'BUTTON' || el.tagName === 'A' ? el.textContent || '' : '';
    return (el.getAttribute('aria-label') || labelled || labels || own || el.getAttribute('title') || '').trim();
  };
  return Array.from(document.querySelectorAll('main input, main select, main textarea, main button, body > .topbar button, nav a'))
    .filter((el) => el.type !== 'hidden' && el.getClientRects().length > 0 && name(el) === '')
    .map((el) => el.outerHTML.slice(0, 120));
})()`;

/** How far the page is wider than the window; 0 when nothing scrolls sideways at the page level. */
const PAGE_OVERFLOW = `(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth)()`;

/** Elements wider than the window that are not inside a box that scrolls on its own: what to fix. */
const WIDE_ELEMENTS = `(() => Array.from(document.querySelectorAll('body *'))
  .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
  .filter((el) => !el.closest('.table-scroll, .visually-hidden, .u-over, .u-wrap'))
  .slice(0, 8).map((el) => el.tagName + '.' + el.className + ' ' + Math.round(el.getBoundingClientRect().right)))()`;

export interface WebUi {
  server: ServerProcess;
  fakes: FakeEngines;
  browser: Browser;
  call: Call;
  uiUrl: string;
  origin: string;
  accountId: string;
  dbPath: string;
  /** A page at a width, already opened from the printed link (the token taken into its session). */
  open(size: { width: number; height: number }): Promise<Page>;
  pageErrors: string[];
  consoleErrors: string[];
  dialogs: string[];
  close(): Promise<void>;
}

export async function startWebUi(
  o: {
    engines?: FakeEngineOptions;
    env?: Record<string, string>;
    dropKeys?: string[];
    /** A database with no account yet: the UI opens on the first run, and `call` has no key. */
    fresh?: boolean;
  } = {},
): Promise<WebUi> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'aw-ui-'));
  const dbPath = join(dir, 'answerwatch.db');
  const fakes = await startFakeEngines({ latencyMs: 100, ...o.engines });
  const env: Record<string, string> = { ...fakes.env };
  for (const name of o.dropKeys ?? []) delete env[name];
  const server = await startServer(
    dbPath,
    {
      ...env,
      ANSWERWATCH_JUDGE: 'off',
      ANSWERWATCH_LOG_LEVEL: 'warn',
      ANSWERWATCH_AGENT_CHECKIN_MS: '300',
      ...o.env,
    },
    'start',
  );
  let started: { accountId: string; key: string; uiUrl: string; browser: Browser };
  try {
    const { accountId, key } = o.fresh ? { accountId: '', key: '' } : await accountWithKey(dbPath);
    const uiUrl = await until(
      'the Web UI line',
      async () => /Web UI: (http:\/\/\S+#token=awl_\S+)/.exec(server.output())?.[1] ?? '',
      (url) => url !== '',
    );
    const browser = await chromium.launch({
      executablePath: requireChrome(),
      headless: true,
      args: launchArgs(true),
    });
    started = { accountId, key, uiUrl, browser };
  } catch (err) {
    // Nothing is left running when the set-up fails half way.
    await server.stop();
    await fakes.close();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const { accountId, key, uiUrl, browser } = started;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const dialogs: string[] = [];
  return {
    server,
    fakes,
    browser,
    call: apiClient(() => server.baseUrl, key),
    uiUrl,
    origin: new URL(uiUrl).origin,
    accountId,
    dbPath,
    pageErrors,
    consoleErrors,
    dialogs,
    async open(size) {
      const context = await browser.newContext({ viewport: size, acceptDownloads: true });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      page.on('pageerror', (err) => pageErrors.push(err.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(msg.text());
      });
      await page.goto(uiUrl);
      // A fresh database opens on the first run until an account exists, then on the projects.
      const first = o.fresh ? /^(Welcome to Answerwatch|Projects)$/ : 'Projects';
      await page.getByRole('heading', { level: 1, name: first }).waitFor();
      return page;
    },
    async close() {
      await browser.close();
      await server.stop();
      await fakes.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let chrome: string | null = null;
/** Set by the test file from requireBrowser(), which skips or fails when there is no browser. */
export function useChrome(path: string | null): void {
  chrome = path;
}
function requireChrome(): string {
  if (!chrome) throw new Error('useChrome() first');
  return chrome;
}

/** The width's name for file names: `desk` or `phone`. */
const widthName = (page: Page) => ((page.viewportSize()?.width ?? 0) <= 480 ? 'phone' : 'desk');

/**
 * The checks every page gets: nothing wider than the window at the page level, axe-core finds no violation,
 * every visible control has a name, and a full-page screenshot for a person to look at.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const overflow = (await page.evaluate(PAGE_OVERFLOW)) as number;
  expect(
    overflow,
    `${name} at ${widthName(page)} is wider than the window: ${JSON.stringify(await page.evaluate(WIDE_ELEMENTS))}`,
  ).toBeLessThanOrEqual(0);
  expect(await page.evaluate(UNLABELLED_CONTROLS), `${name}: controls without a name`).toEqual([]);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE);
  const violations =
    (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').slice(0, 200)),
  })))`)) as unknown[];
  expect(violations, `${name} at ${widthName(page)}: axe-core violations`).toEqual([]);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(ARTIFACTS, `web-ui-${name}-${widthName(page)}.png`), fullPage: true });
}

/** Opens a hash route of the UI in the page and waits for its heading. */
export async function visit(page: Page, ui: WebUi, hash: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${ui.origin}/app/${hash}`);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  await page.locator('main:not([aria-busy])').waitFor();
}

/** The page-level console errors a test tolerates: HTTP errors the UI shows to the user itself. */
export function unexpectedConsoleErrors(ui: WebUi): string[] {
  return ui.consoleErrors.filter(
    (m) => !/Failed to load resource: the server responded with a status of (4|5)\d\d/.test(m),
  );
}

/** The page's own heading. */
export const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).first();

/** The same page at both widths: the desk page is already on it, the phone opens it; both are checked. */
export async function checkBothWidths(
  ui: WebUi,
  pages: { desk: Page; phone: Page },
  name: string,
  hash: string,
  title: string | RegExp,
): Promise<void> {
  await checkPage(pages.desk, name);
  await visit(pages.phone, ui, hash, title);
  await checkPage(pages.phone, name);
}

/** What every web UI run ends with: no script error, no CSP violation, no dialog. */
export function expectCleanRun(ui: WebUi): void {
  expect(ui.pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(ui)).toEqual([]);
  expect(ui.dialogs).toEqual([]);
}

/** A read of the API beside the page: its body, once it answered 200. */
export async function readApi(ui: WebUi, path: string) {
  const r = await ui.call(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

/** A demo project of 3,000 imported answers over the last 30 days and its runs, seeded by the CLI into the service's database: its id. */
export async function seedDemoMonth(ui: WebUi): Promise<string> {
  const seeded = await runCli(
    'demo',
    'seed',
    '--account',
    ui.accountId,
    '--answers',
    '3000',
    '--days',
    '30',
    '--db',
    ui.dbPath,
  );
  expect(seeded.code, seeded.stderr).toBe(0);
  return seeded.stdout.trim();
}
