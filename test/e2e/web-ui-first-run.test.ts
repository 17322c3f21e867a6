/**
 * The first run in headless Chromium against `answerwatch start` on a fresh database, at 1440 px and 390 px:
 * opened from the printed link, the UI leads through the account (plan), the brand, competitors, prompts
 * suggested from what was typed and the engines with their readiness, and ends on the new project's Overview;
 * a blank brand or a website that is not one is said in a plain sentence and creates nothing. On another fresh
 * database, "Explore with demo data" seeds the demo with one click and opens it. Each step is checked at both
 * widths (no page-wide scroll, axe-core, named controls) and photographed into test/artifacts/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBrowser } from '../support/browser.ts';
import {
  checkPage,
  DESK,
  expectCleanRun,
  heading,
  PHONE,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

/** A call as the web UI makes it: the owner token of the printed link, naming the account for /v1. */
async function asOwner(ui: WebUi, path: string, accountId?: string) {
  const token = /token=([^&]+)/.exec(ui.uiUrl)![1]!;
  const r = await fetch(`${ui.origin}${path}`, {
    headers: { authorization: `Bearer ${token}`, ...(accountId && { 'x-answerwatch-account': accountId }) },
  });
  expect(r.status, path).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read by the assertions that check it
  return (await r.json()) as any;
}

const accounts = async (ui: WebUi) => (await asOwner(ui, '/local/v1/accounts')).data as { id: string }[];

/** The step a page is on, once drawn. */
const onStep = (page: Page, name: string) => heading(page, name).waitFor();
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

describe.skipIf(browserPath === null)(
  'web UI: the first run of a fresh database',
  { timeout: 120_000 },
  () => {
    let ui: WebUi;
    let desk: Page;
    let phone: Page;
    /** The same steps on both pages, one after the other (each page keeps its own draft). */
    const both = async (fn: (page: Page) => Promise<void>) => {
      await fn(desk);
      await fn(phone);
    };

    beforeAll(async () => {
      ui = await startWebUi({ fresh: true, dropKeys: ['ANTHROPIC_API_KEY'] });
      desk = await ui.open(DESK);
      phone = await ui.open(PHONE);
    }, 240_000);
    afterAll(async () => {
      await ui?.close();
    });

    it('opens on the welcome with the plans and the demo, not a page of commands', async () => {
      expect(await accounts(ui)).toEqual([]);
      const plans = desk.getByRole('group', { name: 'Plan' });
      expect(await plans.getByRole('radio').count()).toBe(2);
      expect(await plans.getByLabel('Engines run by this service (premium)').isChecked()).toBe(true);
      expect(await desk.getByRole('button', { name: 'Explore with demo data' }).isEnabled()).toBe(true);
      expect(await desk.locator('main code').textContent()).toContain('npx answerwatch accounts create');
      await both((p) => checkPage(p, 'first-run-welcome'));
    });

    it('says what is wrong with a blank brand or a website that is not one, and creates nothing', async () => {
      await both(async (p) => {
        await p.getByLabel('Account name (optional)').fill('Ada');
        await next(p);
        await onStep(p, 'Your brand');
        await p.getByLabel('Website', { exact: true }).fill('not a site');
        await next(p);
      });
      const alert = (await desk.getByRole('alert').textContent()) ?? '';
      expect(alert).toContain('Brand name: enter the brand’s name as people write it.');
      expect(alert).toContain('Website: “not a site” is not an https web address; enter one like acme.com.');
      expect(alert).not.toMatch(/invalid_parameter|body /);
      await both((p) => checkPage(p, 'first-run-brand-refused'));
      await desk.getByLabel('Brand name', { exact: true }).fill('Acme');
      await desk.getByLabel('Website', { exact: true }).fill('http://acme.example');
      await next(desk);
      expect(await desk.getByRole('alert').textContent()).toContain('“http://acme.example” is not an https');
      await heading(desk, 'Your brand').waitFor();
      expect(await accounts(ui)).toEqual([]);
    });

    it('takes the brand, competitors and suggested prompts, with each engine’s readiness', async () => {
      await both(async (p) => {
        await p.getByLabel('Brand name', { exact: true }).fill('Acme');
        await p.getByLabel('Website', { exact: true }).fill('acme.example');
        await p.getByLabel('Other brand names (optional)').fill('Acme CRM');
        await p.getByLabel('What it sells (optional)').fill('CRM software');
        await next(p);
        await onStep(p, 'Competitors');
      });
      await both((p) => checkPage(p, 'first-run-competitors'));
      await both(async (p) => {
        await p.getByLabel('Competitor 1 name', { exact: true }).fill('Globex');
        await p.getByLabel(/^Competitor 1 domains/).fill('globex.example, globex.io');
        await p.getByRole('button', { name: 'Add competitor' }).click();
        await p.getByLabel('Competitor 2 name', { exact: true }).fill('Initech');
        await next(p);
        await onStep(p, 'Prompts');
      });
      const prompts = desk.getByLabel('Prompts, one a line');
      expect((await prompts.inputValue()).split('\n')).toEqual([
        'Who makes the best CRM software?',
        'What CRM software would you recommend for a small business?',
        'What are the best alternatives to Acme?',
        'Acme or Globex: which is better?',
        'Is Acme a good choice for CRM software?',
      ]);
      await both((p) => checkPage(p, 'first-run-prompts'));
      await both(async (p) => {
        await p.getByLabel('Prompts, one a line').fill('Which CRM is best for small teams?\nAcme or Globex?');
        await next(p);
        await onStep(p, 'Engines');
      });
      const engines = desk.getByRole('group', { name: 'Engines to ask' });
      expect(await engines.getByLabel('ChatGPT', { exact: true }).isChecked()).toBe(true);
      expect(await engines.getByLabel('Claude', { exact: true }).isChecked()).toBe(false);
      const row = (label: string) =>
        desk.locator('.welcome-engine').filter({ has: desk.getByLabel(label, { exact: true }) });
      const claude = row('Claude');
      expect(await claude.textContent()).toContain('Needs set-up');
      expect(await claude.textContent()).toContain('Set ANTHROPIC_API_KEY in the environment of the service');
      expect(
        await desk
          .locator('.welcome-engine', { hasText: /^ChatGPT/ })
          .first()
          .textContent(),
      ).toContain('Ready');
      await both((p) => checkPage(p, 'first-run-engines'));
      // Back keeps what was typed.
      await desk.getByRole('button', { name: 'Back' }).click();
      await onStep(desk, 'Prompts');
      expect(await desk.getByLabel('Prompts, one a line').inputValue()).toBe(
        'Which CRM is best for small teams?\nAcme or Globex?',
      );
      await next(desk);
      await onStep(desk, 'Engines');
      expect(await accounts(ui)).toEqual([]);
    });

    it('creates the account and the project in one go and ends on its Overview', async () => {
      const engines = desk.getByRole('group', { name: 'Engines to ask' });
      for (const box of await engines.getByRole('checkbox').all()) await box.uncheck();
      await engines.getByLabel('ChatGPT', { exact: true }).check();
      await engines.getByLabel('Gemini', { exact: true }).check();
      await desk.getByRole('button', { name: 'Create project' }).click();
      await heading(desk, 'Overview').waitFor();
      await desk.locator('main:not([aria-busy])').waitFor();
      const projectId = /#\/p\/([A-Za-z0-9]+)\/overview/.exec(desk.url())![1]!;
      const all = await accounts(ui);
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ name: 'Ada', plan: 'premium' });
      expect(await desk.locator('.account-name').textContent()).toBe('Account: Ada (premium)');
      const read = (path: string) => asOwner(ui, `/v1/projects/${projectId}${path}`, all[0]!.id);
      expect(await read('')).toMatchObject({ name: 'Acme', websiteUrl: 'https://acme.example' });
      expect((await read('/competitors')).data).toEqual([
        { name: 'Globex', domains: ['globex.example', 'globex.io'] },
        { name: 'Initech', domains: [] },
      ]);
      const prompts = (await read('/prompts')).data as { text: string; engineIds: string[] }[];
      expect(prompts.map((p) => p.text).sort()).toEqual([
        'Acme or Globex?',
        'Which CRM is best for small teams?',
      ]);
      expect(prompts.every((p) => p.engineIds.join() === 'chatgpt,gemini')).toBe(true);
      expect((await read('/capabilities')).tracking.engineIds).toEqual(['chatgpt', 'gemini']);
      await checkPage(desk, 'first-run-overview');
      // The phone tab opened before the account existed: a reload picks it up.
      await phone.goto(`${ui.origin}/app/#/p/${projectId}/overview`);
      await phone.reload();
      await heading(phone, 'Overview').waitFor();
      await phone.locator('main:not([aria-busy])').waitFor();
      await checkPage(phone, 'first-run-overview');
      expectCleanRun(ui);
    });
  },
);

describe.skipIf(browserPath === null)('web UI: the demo in one click', { timeout: 180_000 }, () => {
  let ui: WebUi;

  beforeAll(async () => {
    ui = await startWebUi({ fresh: true });
  }, 240_000);
  afterAll(async () => {
    await ui?.close();
  });

  it('seeds the demo into its own account and opens its Overview, with answers', async () => {
    const desk = await ui.open(DESK);
    await desk.getByRole('button', { name: 'Explore with demo data' }).click();
    await heading(desk, 'Overview').waitFor({ timeout: 120_000 });
    await desk.locator('main:not([aria-busy])').waitFor();
    const projectId = /#\/p\/([A-Za-z0-9]+)\/overview/.exec(desk.url())![1]!;
    const all = await accounts(ui);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ name: 'Demo', plan: 'premium' });
    const answers = await asOwner(ui, `/v1/projects/${projectId}/answers?limit=1`, all[0]!.id);
    expect(answers.data).toHaveLength(1);
    await checkPage(desk, 'first-run-demo-overview');
    // Opened once the account exists, a tab starts on the projects, with the demo among them.
    const phone = await ui.open(PHONE);
    await heading(phone, 'Projects').waitFor();
    await visit(phone, ui, `#/p/${projectId}/overview`, 'Overview');
    await checkPage(phone, 'first-run-demo-overview');
    expectCleanRun(ui);
  });
});
