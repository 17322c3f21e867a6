/**
 * The web UI in headless Chromium against `answerwatch start`, at 1440 px and at 390 px: a new user's set-up.
 * Open from the printed link, create a project from a bare domain, follow the checklist through the parts of
 * Setup (prompts with the topic picker, a competitor with two domains on one row, a weekly schedule in a picked
 * time zone), see before a run what can run and what cannot (the service has no Claude key here), the engines,
 * API keys limited to a project with an expiry, and a bring-your-own-key account. Every page is checked at
 * both widths (no page-wide scroll, axe-core, named controls) and photographed into test/artifacts/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBrowser } from '../support/browser.ts';
import { cli } from '../support/e2e.ts';
import {
  checkPage,
  DESK,
  PHONE,
  startWebUi,
  checkBothWidths,
  expectCleanRun,
  heading,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

describe.skipIf(browserPath === null)(
  'web UI: projects, set-up, engines and keys',
  { timeout: 90_000 },
  () => {
    let ui: WebUi;
    let desk: Page;
    let phone: Page;
    let projectId: string;
    const bothWidths = (name: string, hash: string, title: string | RegExp) =>
      checkBothWidths(ui, { desk, phone }, name, hash, title);

    beforeAll(async () => {
      ui = await startWebUi({ dropKeys: ['ANTHROPIC_API_KEY'] });
      desk = await ui.open(DESK);
      phone = await ui.open(PHONE);
    }, 240_000);
    afterAll(async () => {
      await ui?.close();
    });

    it('opens from the printed link and takes the token out of the address', async () => {
      expect(desk.url()).not.toContain('token=');
      expect(desk.url()).toMatch(/\/app\/#\/$/);
      expect(await desk.evaluate(`sessionStorage.getItem('answerwatch.token')`)).toMatch(/^awl_/);
      await bothWidths('projects-empty', '#/', 'Projects');
    });

    it('creates a project from a bare domain and opens its first-run checklist', async () => {
      await desk.getByLabel('Brand name', { exact: true }).fill('Acme');
      await desk.getByLabel('Website', { exact: true }).fill('www.acme.example');
      await desk.getByLabel('Other brand names (optional)', { exact: true }).fill('Acme CRM');
      await desk.getByRole('button', { name: 'Create project' }).click();
      await heading(desk, 'Setup').waitFor();
      projectId = /#\/p\/([A-Za-z0-9]+)\/setup/.exec(desk.url())![1]!;
      expect((await ui.call(`/projects/${projectId}`)).body.websiteUrl).toBe('https://www.acme.example');
      await desk.getByText('2 of 6 done.').waitFor();
      const todo = await desk.locator('.checklist li.todo a').allTextContents();
      expect(todo).toEqual(['Competitors', 'Prompts', 'Engines ready to run', 'Schedule']);
      await bothWidths('setup-checklist', `#/p/${projectId}/setup`, 'Setup');
    });

    it('says what is wrong with a field in plain words, never a raw code', async () => {
      await visit(desk, ui, `#/p/${projectId}/setup/brand`, 'Brand');
      await desk.getByLabel('Website', { exact: true }).fill('http://insecure.example');
      await desk.getByRole('button', { name: 'Save brand' }).click();
      const alert = (await desk.getByRole('alert').textContent()) ?? '';
      expect(alert).toContain('Website: must be an absolute https:// URL without spaces');
      expect(alert).not.toMatch(/invalid_parameter|body websiteUrl/);
      await desk.getByLabel('Website', { exact: true }).fill('acme.example');
      await desk.getByRole('button', { name: 'Save brand' }).click();
      await desk.getByText(/^Saved\. New answers/).waitFor();
      expect((await ui.call(`/projects/${projectId}`)).body.websiteUrl).toBe('https://acme.example');
      await bothWidths('setup-brand', `#/p/${projectId}/setup/brand`, 'Brand');
    });

    it('adds prompts with the topic picker: a new topic, then the same one ticked', async () => {
      await desk
        .getByRole('navigation', { name: 'Setup parts' })
        .getByRole('link', { name: 'Prompts' })
        .click();
      await heading(desk, 'Prompts').waitFor();
      await desk.getByLabel('Prompt text', { exact: true }).fill('Which CRM is best for small teams?');
      await desk.getByLabel('New topics', { exact: true }).fill('crm');
      await desk.getByRole('button', { name: 'Add prompt' }).click();
      await desk.locator('.prompt-item .prompt-text', { hasText: 'small teams' }).waitFor();
      await desk.getByLabel('Prompt text', { exact: true }).fill('Which CRM should a startup pick?');
      await desk.getByRole('group', { name: 'Topics (optional)' }).getByLabel('crm', { exact: true }).check();
      await desk.getByRole('button', { name: 'Add prompt' }).click();
      await desk.locator('.prompt-item .prompt-text', { hasText: 'startup' }).waitFor();
      const prompts = (await ui.call(`/projects/${projectId}/prompts`)).body.data;
      expect(prompts.map((p: { topicIds: string[] }) => p.topicIds)).toEqual([['crm'], ['crm']]);
      expect((await ui.call(`/projects/${projectId}/topics`)).body.data).toHaveLength(1);
      await bothWidths('setup-prompts', `#/p/${projectId}/setup/prompts`, 'Prompts');
    });

    it('keeps a competitor with two domains on one row', async () => {
      await visit(desk, ui, `#/p/${projectId}/setup/competitors`, 'Competitors');
      await desk.getByLabel('Competitor 1 name', { exact: true }).fill('Globex');
      await desk.getByLabel(/^Competitor 1 domains/).fill('globex.example, globex.io');
      await desk.getByRole('button', { name: 'Add competitor' }).click();
      await desk.getByLabel('Competitor 2 name', { exact: true }).fill('Initech');
      await desk.getByRole('button', { name: 'Save competitors' }).click();
      await desk.getByText('Saved 2 competitors.').waitFor();
      expect((await ui.call(`/projects/${projectId}/competitors`)).body.data).toEqual([
        { name: 'Globex', domains: ['globex.example', 'globex.io'] },
        { name: 'Initech', domains: [] },
      ]);
      expect(await desk.locator('.competitor-row').count()).toBe(2);
      expect(await desk.getByLabel(/^Competitor 1 domains/).inputValue()).toBe('globex.example, globex.io');
      await bothWidths('setup-competitors', `#/p/${projectId}/setup/competitors`, 'Competitors');
    });

    it('shows the weekday only for a weekly schedule, picks a time zone and names each engine once', async () => {
      await visit(desk, ui, `#/p/${projectId}/setup/schedule`, 'Schedule and engines');
      const weekday = desk.getByLabel('Day of the week', { exact: true });
      const time = desk.getByLabel('Time of day', { exact: true });
      expect(await time.isVisible()).toBe(false);
      await desk.getByLabel('Schedule', { exact: true }).selectOption('daily');
      expect(await time.isVisible()).toBe(true);
      expect(await weekday.isVisible()).toBe(false);
      await desk.getByLabel('Schedule', { exact: true }).selectOption('weekly');
      expect(await weekday.isVisible()).toBe(true);
      await weekday.selectOption('friday');
      await time.fill('07:30');
      await desk.getByLabel('Time zone', { exact: true }).selectOption('Europe/Berlin');
      await desk.getByRole('button', { name: 'Save schedule' }).click();
      await desk.getByText('Saved.', { exact: true }).waitFor();
      expect((await ui.call(`/projects/${projectId}/capabilities`)).body.tracking).toMatchObject({
        cadence: 'weekly',
        weeklyDay: 'friday',
        timeOfDay: '07:30',
        timezone: 'Europe/Berlin',
      });
      const labels = await desk.locator('.engine-choice label').allTextContents();
      expect(labels.filter((l) => l.includes('ChatGPT (signed-in browser)'))).toHaveLength(1);
      expect(labels.join(' ')).not.toContain('(host computer)');
      await bothWidths('setup-schedule', `#/p/${projectId}/setup/schedule`, 'Schedule and engines');
      await visit(desk, ui, `#/p/${projectId}/setup`, 'Setup');
      await desk.getByText('6 of 6 done.').waitFor();
    });

    it('says before a run what will run, and disables Run now when nothing can', async () => {
      await visit(desk, ui, `#/p/${projectId}/runs`, 'Runs');
      expect(await desk.locator('.run-plan').textContent()).toBe(
        'Run now asks 6 questions (one sample) on ChatGPT, Gemini and Perplexity.',
      );
      // Enabled once the page has set itself up.
      await desk.locator('button.run-now:enabled').waitFor();
      await checkPage(desk, 'runs-ready');

      const other = (
        await ui.call('/projects', 'POST', { name: 'Claude only', websiteUrl: 'https://claude-only.example' })
      ).body.id as string;
      await ui.call(`/projects/${other}/tracking`, 'PUT', { engineIds: ['claude', 'chatgpt'] });
      await ui.call(`/projects/${other}/prompts`, 'POST', { text: 'Best CRM?', engineIds: ['claude'] });
      await visit(desk, ui, `#/p/${other}/runs`, 'Runs');
      expect(await desk.getByRole('button', { name: 'Run now' }).isDisabled()).toBe(true);
      expect(await desk.locator('.run-plan').textContent()).toBe(
        'Nothing can run yet: see what each engine needs below.',
      );
      const claude = desk.locator('.readiness li', { hasText: 'Claude' });
      expect(await claude.textContent()).toContain('Set ANTHROPIC_API_KEY in the environment of the service');
      expect(await desk.locator('.readiness li', { hasText: 'ChatGPT' }).textContent()).toContain(
        'No active prompt asks ChatGPT',
      );
      await bothWidths('runs-nothing-ready', `#/p/${other}/runs`, 'Runs');
      await visit(phone, ui, `#/p/${other}/runs`, 'Runs');
      expect(await phone.getByRole('button', { name: 'Run now' }).isDisabled()).toBe(true);
    });

    it('shows each engine with what it needs, sign-in for browser engines, and no key fields on a managed plan', async () => {
      await visit(desk, ui, `#/p/${projectId}/engines`, 'Engines');
      expect(await desk.getByRole('button', { name: /^Sign in to / }).count()).toBe(7);
      expect(await desk.locator('input[type=password]').count()).toBe(0);
      expect(await desk.locator('.engine-card', { hasText: 'Gemini' }).first().textContent()).toContain(
        'Ready',
      );
      await bothWidths('engines', `#/p/${projectId}/engines`, 'Engines');
    });

    it('creates an API key limited to a project and with an expiry, shown once', async () => {
      await desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await desk
        .getByRole('navigation', { name: 'Settings' })
        .getByRole('link', { name: 'API keys' })
        .click();
      await heading(desk, 'API keys').waitFor();
      await desk.getByLabel('Label', { exact: true }).fill('BI server');
      await desk.getByRole('group', { name: 'Projects' }).getByLabel('Acme', { exact: true }).check();
      await desk.getByLabel('Expires', { exact: true }).selectOption('30');
      await desk.getByRole('button', { name: 'Create key' }).click();
      const key = (await desk.locator('code.secret').textContent())!;
      expect(key).toMatch(/^aw_live_/);
      const me = (await (
        await fetch(`${ui.server.baseUrl}/me`, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as {
        projects: string[];
        expiresAt: string;
      };
      expect(me.projects).toEqual([projectId]);
      expect(Date.parse(me.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
      await desk.locator('tr', { hasText: 'BI server' }).getByText('Acme').waitFor();
      await bothWidths('keys', '#/keys', 'API keys');
    });

    it('projects show their figures and latest run', async () => {
      await visit(desk, ui, '#/', 'Projects');
      const card = desk.locator('.project-card', { hasText: 'Acme' });
      await card.getByText('Mention rate').waitFor();
      expect(await card.textContent()).toContain('Latest run');
      await bothWidths('projects', '#/', 'Projects');
    });

    it('on a bring-your-own-key account: key fields on Engines, the schedule read-only', async () => {
      const byok = await cli('accounts', 'create', '--plan', 'byok', '--name', 'Own keys', '--db', ui.dbPath);
      await desk.reload();
      await desk.getByLabel('Account', { exact: true }).selectOption(byok.id);
      await heading(desk, 'Projects').waitFor();
      await desk.getByLabel('Brand name', { exact: true }).fill('Own Keys Co');
      await desk.getByLabel('Website', { exact: true }).fill('ownkeys.example');
      await desk.getByRole('button', { name: 'Create project' }).click();
      await heading(desk, 'Setup').waitFor();
      const own = /#\/p\/([A-Za-z0-9]+)\/setup/.exec(desk.url())![1]!;
      await visit(desk, ui, `#/p/${own}/setup/schedule`, 'Schedule and engines');
      await desk.getByText('the schedule and engines live on the host computer').waitFor();
      expect(await desk.getByLabel('Schedule', { exact: true }).isDisabled()).toBe(true);
      await visit(desk, ui, `#/p/${own}/engines`, 'Engines');
      await desk.getByLabel('API key for Grok', { exact: true }).fill('xai-own-key-0123456789');
      await desk.getByRole('button', { name: 'Save the API key for Grok' }).click();
      await desk.getByRole('button', { name: 'Replace the API key for Grok' }).waitFor();
      await desk.getByRole('button', { name: 'Remove the API key for Grok' }).click();
      await desk.getByRole('button', { name: 'Confirm remove the API key for Grok' }).click();
      await desk.getByRole('button', { name: 'Save the API key for Grok' }).waitFor();
      await checkPage(desk, 'engines-byok');
      await phone.reload();
      await phone.getByLabel('Account', { exact: true }).selectOption(byok.id);
      await visit(phone, ui, `#/p/${own}/engines`, 'Engines');
      await checkPage(phone, 'engines-byok');
    });

    it('ran without a script error, a CSP violation or a dialog', () => expectCleanRun(ui));
  },
);
