/**
 * The account's settings in the web UI on `answerwatch serve`, signed in, in real Chromium: the owner invites a
 * person and sees the open invitation (and a plain sentence when inviting someone already in), creates an API key
 * (shown once) and revokes it, unpairs a computer (its token refused at once), reads the plan, and finds all of it
 * in the audit log; a viewer sees the keys without controls and neither the computers nor the audit log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchArgs } from '../../engines/browser/browser.ts';
import { requireBrowser } from '../support/browser.ts';
import { accountWithKey, cli } from '../support/e2e.ts';
import { PASSWORD } from '../support/people.ts';
import { startPeopleServe, type PeopleServe } from '../support/people-serve.ts';
import { checkPage, heading } from '../support/web-ui.ts';

const browserPath = requireBrowser();

describe.skipIf(browserPath === null)('the account’s settings in the web UI, signed in on serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aw-ui-settings-'));
  const db = join(dir, 'answerwatch.db');
  let people: PeopleServe;
  let browser: Browser;
  let origin: string;
  let accountId: string;
  let page: Page;
  const pageErrors: string[] = [];

  const linkTo = (email: string, subject?: RegExp, text?: RegExp) => people.linkTo(email, subject, text);

  /** A person invited from the shell who signs up, confirms and joins with this role (all through /auth). */
  async function person(email: string, role: string): Promise<void> {
    const { invitationId } = await cli(
      'people',
      'invite',
      '--account',
      accountId,
      '--email',
      email,
      '--role',
      role,
      '--db',
      db,
    );
    const json = { 'content-type': 'application/json', origin };
    const signUp = await fetch(`${origin}/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: email.split('@')[0], email, password: PASSWORD }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const verified = await fetch(await linkTo(email, /Confirm your e-mail address/), { redirect: 'manual' });
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const accepted = await fetch(`${origin}/auth/organization/accept-invitation`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ invitationId }),
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
  }

  async function signIn(email: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    p.setDefaultTimeout(20_000);
    p.on('pageerror', (err) => pageErrors.push(err.message));
    await p.goto(`${origin}/app/`);
    const form = p.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await heading(p, 'Projects').waitFor();
    return p;
  }

  const section = async (p: Page, name: string) => {
    await p.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name }).click();
    await heading(p, name).waitFor();
    await p.locator('main:not([aria-busy])').waitFor();
  };

  beforeAll(async () => {
    ({ accountId } = await accountWithKey(db));
    people = await startPeopleServe(db, { signUp: 'invite' });
    ({ origin } = people);
    browser = await chromium.launch({ executablePath: browserPath!, headless: true, args: launchArgs(true) });
    await person('owner@example.com', 'owner');
    page = await signIn('owner@example.com');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await people?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('People: the owner invites a person and sees the invitation; inviting someone already in is a sentence', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await heading(page, 'People').waitFor();
    await page.locator('tr', { hasText: 'owner@example.com' }).getByText('(you)').waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill('analyst@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('Invitation sent to analyst@example.com.').first().waitFor();
    const invitation = page.locator('tr', { hasText: 'analyst@example.com' });
    await invitation.getByText('Viewer').waitFor();
    expect(await linkTo('analyst@example.com', /invited to an account/)).toContain('/app/accept-invitation');

    await page.getByLabel('E-mail', { exact: true }).fill('owner@example.com');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('This person is already in the account.').waitFor();
    // The earlier success is gone, from the form and from what screen readers were told.
    expect(await page.getByText('Invitation sent to analyst@example.com.').count()).toBe(0);
    await checkPage(page, 'settings-people');
  });

  it('API keys: the owner creates one (shown once) and revokes it; the key then stops', async () => {
    await section(page, 'API keys');
    await page.getByLabel('Label', { exact: true }).fill('BI server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('code.secret').textContent())!;
    expect(key).toMatch(/^aw_live_[A-Za-z0-9]{40}$/);
    const me = () => fetch(`${origin}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect((await me()).status).toBe(200);
    const row = page.locator('tr', { hasText: 'BI server' });
    await row.getByText('Active').waitFor();
    // The list never shows the key itself.
    expect(await page.locator('table').textContent()).not.toContain(key);
    await checkPage(page, 'settings-keys');

    // Asked twice: the button says "Confirm revoke" after the first click, and its name follows what it shows.
    await row.getByRole('button', { name: 'Revoke the key BI server' }).click();
    const confirm = row.getByRole('button', { name: 'Confirm revoke the key BI server' });
    await confirm.waitFor();
    await confirm.click();
    await row.getByText(/^Revoked /).waitFor();
    expect((await (await me()).json()).code).toBe('key_revoked');
  });

  it('Computers: a paired computer is listed and unpaired after a confirm; its token is refused at once', async () => {
    const { code } = await cli('hosts', 'pair-code', '--account', accountId, '--db', db);
    const paired = await fetch(`${origin}/host/v1/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, deviceLabel: 'Studio Mac', agentVersion: '1.0.0', engineIds: [] }),
    });
    expect(paired.status, await paired.clone().text()).toBe(201);
    const { token } = (await paired.json()) as { token: string };
    const checkIn = () =>
      fetch(`${origin}/host/v1/check-in`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ agentVersion: '1.0.0', engineIds: [] }),
      });
    expect((await checkIn()).status).toBe(200);

    await section(page, 'Computers');
    const row = page.locator('tr', { hasText: 'Studio Mac' });
    await row.getByText('Online').waitFor();
    await checkPage(page, 'settings-computers');
    await row.getByRole('button', { name: 'Unpair Studio Mac' }).click();
    await row.getByRole('button', { name: 'Confirm unpair Studio Mac' }).click();
    await page.getByText('No computer is paired with the account.').waitFor();
    expect((await checkIn()).status).toBe(401);
  });

  it('Plan and Audit log: the plan read only, and who did each of these things', async () => {
    await section(page, 'Plan');
    await page.getByRole('heading', { name: 'The premium plan' }).waitFor();
    await page.getByText('Units each period').waitFor();
    await checkPage(page, 'settings-plan');

    await section(page, 'Audit log');
    const log = page.locator('table', { hasText: 'owner@example.com' });
    for (const [what, about] of [
      ['Person invited (viewer)', 'analyst@example.com'],
      ['API key created', null],
      ['API key revoked', null],
      ['Computer paired', null],
      ['Computer unpaired', null],
    ] as const) {
      const entry = log.locator('tr', { hasText: what }).first();
      await entry.waitFor();
      if (about) expect(await entry.textContent()).toContain(about);
    }
    expect(await log.locator('tr', { hasText: 'Computer unpaired' }).first().textContent()).toContain(
      'owner@example.com',
    );
    await checkPage(page, 'settings-audit-log');
  });

  it('a viewer reads the keys without controls and sees no computers or audit log', async () => {
    await person('viewer@example.com', 'viewer');
    const viewer = await signIn('viewer@example.com');
    await viewer.goto(`${origin}/app/#/settings/keys`);
    await heading(viewer, 'API keys').waitFor();
    await viewer.locator('tr', { hasText: 'BI server' }).waitFor();
    await viewer.getByText('Only the account’s owner creates and revokes API keys.').waitFor();
    expect(await viewer.locator('main button').count()).toBe(0);
    const sections = await viewer
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link')
      .allTextContents();
    expect(sections).toEqual(['People', 'API keys', 'Plan']);
    await viewer.goto(`${origin}/app/#/settings/audit-log`);
    await viewer.getByText('The account’s owner and admins see its audit log.').waitFor();
  });

  it('People: the owner changes a role, removes a person, and hands ownership over (becoming an admin)', async () => {
    await person('leaver@example.com', 'member');
    await page.goto(`${origin}/app/#/settings/people`);
    await heading(page, 'People').waitFor();
    const viewerRow = page.locator('tr', { hasText: 'viewer@example.com' });
    await viewerRow.getByLabel('Role of viewer').selectOption('member');
    const roleOf = (email: string, role: string) =>
      page
        .locator('tr', { hasText: email })
        .locator('td[data-label="Role"]', { hasText: new RegExp(`^${role}$`) });
    await roleOf('viewer@example.com', 'Member').waitFor();

    await page.getByRole('button', { name: 'Remove leaver' }).click();
    await page.getByRole('button', { name: 'Confirm remove leaver' }).click();
    await page.locator('tr', { hasText: 'leaver@example.com' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Make viewer the owner' }).click();
    await page.getByRole('button', { name: 'Confirm: hand ownership over (Make viewer the owner)' }).click();
    await page.getByText('Settings of').filter({ hasText: 'you are an admin' }).waitFor();
    await roleOf('viewer@example.com', 'Owner').waitFor();
    await roleOf('owner@example.com', 'Admin').waitFor();
    // Nobody changes the owner here, and an admin does not make keys.
    expect(
      await page.locator('tr', { hasText: 'viewer@example.com' }).locator('button, select').count(),
    ).toBe(0);
    await section(page, 'API keys');
    await page.getByText('Only the account’s owner creates and revokes API keys.').waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
