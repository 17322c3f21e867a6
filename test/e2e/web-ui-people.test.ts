/**
 * The web UI on `answerwatch serve`, signed in as people, in real Chromium: an owner invited from the shell signs
 * up on the sign-in page, confirms by the mailed link, joins, signs in through the page and reads the projects and
 * a project's Overview through the session; a viewer of the same account is offered no write control and is
 * refused a write; a person of another account finds nothing at this account's project; signing out (here or
 * everywhere) returns to the sign-in page and the old cookie no longer reads /v1.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchArgs } from '../../engines/browser/browser.ts';
import { requireBrowser } from '../support/browser.ts';
import { accountWithKey, cli, cliWithEnv, runCli } from '../support/e2e.ts';

const cliWithoutPublicUrl = (...args: string[]) => cliWithEnv({ ANSWERWATCH_PUBLIC_URL: '' }, ...args);
import { PASSWORD } from '../support/people.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startPeopleServe, type PeopleServe } from '../support/people-serve.ts';
import { checkPage, DESK, heading, PHONE } from '../support/web-ui.ts';

const browserPath = requireBrowser();

describe.skipIf(browserPath === null)('the web UI on serve, signed in as people', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aw-ui-people-'));
  const db = join(dir, 'answerwatch.db');
  let people: PeopleServe;
  let server: ServerProcess;
  let browser: Browser;
  let origin: string;
  let accountId: string;
  let projectId: string;
  const pageErrors: string[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ accountId } = await accountWithKey(db));
    const seeded = await runCli(
      'demo',
      'seed',
      '--account',
      accountId,
      '--answers',
      '300',
      '--days',
      '7',
      '--db',
      db,
    );
    expect(seeded.code, seeded.stderr).toBe(0);
    projectId = seeded.stdout.trim();
    people = await startPeopleServe(db, { signUp: 'invite' });
    ({ server, origin } = people);
    browser = await chromium.launch({ executablePath: browserPath!, headless: true, args: launchArgs(true) });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await people?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: DESK, acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return page;
  }

  const linkTo = (email: string, subject?: RegExp, text?: RegExp) => people.linkTo(email, subject, text);

  /**
   * An invitation from the shell, as an operator makes one: the shell has none of the service's variables, and the
   * link still points at the service's public address, which `serve` recorded at its start.
   */
  async function operatorInvite(account: string, email: string, role: string): Promise<string> {
    const invited = await cliWithoutPublicUrl(
      'people',
      'invite',
      '--account',
      account,
      '--email',
      email,
      '--role',
      role,
      '--db',
      db,
    );
    return invited.invitationId as string;
  }

  /** Joins on the page the operator's invitation mail links to (its inviter is in no account: the page shows it). */
  async function joinOperatorInvitation(page: Page, email: string, invitationId: string): Promise<void> {
    await page.goto(await linkTo(email, /invited to an account/, new RegExp(invitationId)));
    await page.getByText(/You are invited to the account “.*” as owner\./).waitFor();
    await page.getByRole('button', { name: 'Join the account' }).click();
    await page.getByText('You joined the account.').waitFor();
  }

  /** An invitation the account's owner makes from their page: its link, from the mail it sends. */
  async function ownerInvites(ownerPage: Page, email: string, role: string): Promise<string> {
    const invited = await ownerPage.evaluate(
      async ([address, asRole, account]) => {
        const r = await fetch('/auth/organization/invite-member', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: address, role: asRole, organizationId: account }),
        });
        return { status: r.status, id: ((await r.json()) as { id: string }).id };
      },
      [email, role, accountId],
    );
    expect(invited.status).toBe(200);
    // The mail of this invitation (an address may have had an operator's invitation mailed before).
    return linkTo(email, /invited to an account/, new RegExp(invited.id));
  }

  /** Confirms the address by the mailed link, which signs in. */
  async function confirm(page: Page, email: string): Promise<void> {
    await page.goto(await linkTo(email, /Confirm your e-mail address/));
    await page.getByText('Your e-mail address is confirmed and you are signed in.').waitFor();
  }

  /** Signs up on the page's own form (invite-only: folded under "Invited?"), then says to check the mail. */
  async function signUpOnPage(page: Page, name: string, email: string): Promise<void> {
    await page.goto(`${origin}/app/`);
    await heading(page, 'Sign in to Answerwatch').waitFor();
    await page.getByText('Invited by e-mail? Sign up').click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Your name').fill(name);
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create my sign-in' }).click();
    await form.getByText(`Check your mail: we sent a link to ${email} to confirm the address.`).waitFor();
  }

  /** Confirms by the mailed link (which signs in), then joins the account on the invitation's own page. */
  async function confirmAndJoin(page: Page, email: string, invitation: string): Promise<void> {
    await confirm(page, email);
    await page.goto(invitation);
    await page.getByRole('button', { name: 'Join the account' }).click();
    await page.getByText('You joined the account.').waitFor();
  }

  async function signInOnPage(page: Page, email: string, password = PASSWORD): Promise<void> {
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  }

  const cookieOf = async (page: Page) =>
    (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

  let owner: Page;

  it('an invited owner signs up, confirms, joins, signs in on the page and reads the projects and an Overview', async () => {
    expect(server.output()).toContain(`Web UI for people: ${origin}/app/`);
    const invitationId = await operatorInvite(accountId, 'owner@example.com', 'owner');
    owner = await newPage();
    await signUpOnPage(owner, 'Olive Owner', 'owner@example.com');
    await checkPage(owner, 'people-sign-in');
    await owner.setViewportSize(PHONE);
    await checkPage(owner, 'people-sign-in');
    await owner.setViewportSize(DESK);

    // A wrong password is said plainly, and so is the way to a new one.
    await owner.goto(`${origin}/app/`);
    await signInOnPage(owner, 'owner@example.com', 'not the password at all');
    await owner.getByText('That e-mail and password do not match an account here.').waitFor();
    expect(await owner.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      `${origin}/app/forgot-password`,
    );

    await confirm(owner, 'owner@example.com');
    // Confirmed but not yet in the account: the page says how to join.
    await owner.goto(`${origin}/app/`);
    await heading(owner, 'You are in no account yet').waitFor();
    await joinOperatorInvitation(owner, 'owner@example.com', invitationId);
    // Signed out, then in again through the page's own form.
    await owner.context().clearCookies();
    await owner.goto(`${origin}/app/`);
    await signInOnPage(owner, 'owner@example.com');
    await heading(owner, 'Projects').waitFor();
    const header = owner.locator('header.topbar');
    await header.getByText('Olive Owner').waitFor();
    expect(await header.getByText(/^Account: /).textContent()).toMatch(/\(owner\)$/);
    // The keys page is start's owner's: not offered here.
    expect(await owner.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await owner.getByRole('heading', { name: 'New project' }).waitFor();
    await checkPage(owner, 'people-projects');
    // On a phone the header's person, account and buttons wrap within the width.
    await owner.setViewportSize(PHONE);
    await checkPage(owner, 'people-projects');
    await owner.setViewportSize(DESK);

    await owner.locator('.project-card a.project-link').first().click();
    await heading(owner, /Overview/).waitFor();
    await owner.locator('main:not([aria-busy])').waitFor();
    expect(owner.url()).toContain(`#/p/${projectId}`);
    await owner.goto(`${origin}/app/#/p/${projectId}/setup/prompts`);
    await owner.getByRole('form', { name: 'Add a prompt' }).waitFor();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('a viewer reads every page but is offered no write control, and a write by fetch is refused', async () => {
    const invitation = await ownerInvites(owner, 'viewer@example.com', 'viewer');
    const viewer = await newPage();
    await signUpOnPage(viewer, 'Vic Viewer', 'viewer@example.com');
    await confirmAndJoin(viewer, 'viewer@example.com', invitation);
    await viewer.goto(`${origin}/app/`);
    await heading(viewer, 'Projects').waitFor();
    expect(
      await viewer
        .locator('header.topbar')
        .getByText(/^Account: /)
        .textContent(),
    ).toMatch(/\(viewer \(reads only\)\)$/);
    await viewer.locator('.project-card').first().waitFor();
    expect(await viewer.getByRole('heading', { name: 'New project' }).count()).toBe(0);

    await viewer.goto(`${origin}/app/#/p/${projectId}/setup/prompts`);
    await heading(viewer, 'Prompts').waitFor();
    await viewer.locator('.prompt-item').first().waitFor();
    expect(await viewer.getByRole('form', { name: 'Add a prompt' }).count()).toBe(0);
    expect(await viewer.locator('main button').count()).toBe(0);

    await viewer.goto(`${origin}/app/#/p/${projectId}/setup/brand`);
    await heading(viewer, 'Brand').waitFor();
    await viewer
      .getByText('Your role in this account reads these settings; it does not change them.')
      .waitFor();
    expect(await viewer.getByLabel('Brand name', { exact: true }).inputValue()).not.toBe('');
    expect(await viewer.getByLabel('Brand name', { exact: true }).isDisabled()).toBe(true);
    expect(await viewer.locator('main button').count()).toBe(0);

    const pages: [string, string][] = [
      ['setup/competitors', 'Competitors'],
      ['setup/schedule', 'Schedule and engines'],
      ['runs', 'Runs'],
      ['webhooks', 'Webhooks'],
      ['reports', 'Reports'],
    ];
    for (const [hash, title] of pages) {
      await viewer.goto(`${origin}/app/#/p/${projectId}/${hash}`);
      await heading(viewer, title).waitFor();
      await viewer.locator('main:not([aria-busy])').waitFor();
      // Reads stay: a webhook's deliveries can still be shown, a report's period chosen and its PDF downloaded.
      const buttons = await viewer.locator('main button').allTextContents();
      expect(
        buttons.filter((b) => !['Show deliveries', 'Show', 'Download PDF'].includes(b)),
        hash,
      ).toEqual([]);
    }
    await viewer
      .getByText('Your role in this account reads the share links; it does not make them.')
      .waitFor();
    // The report's PDF is a read: fetched with the session cookie, no token, and saved.
    const [download] = await Promise.all([
      viewer.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // The service refuses anyway: a write from the page's own origin with the viewer's session is 403.
    const refused = await viewer.evaluate(
      async ([account, project]: [string, string]) => {
        const r = await fetch(`/v1/projects/${project}/prompts`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', 'x-answerwatch-account': account },
          body: JSON.stringify({ text: 'Which tool tracks AI answers?' }),
        });
        return { status: r.status, code: ((await r.json()) as { code: string }).code };
      },
      [accountId, projectId] as [string, string],
    );
    expect(refused).toEqual({ status: 403, code: 'insufficient_scope' });

    // Ended elsewhere ("sign out everywhere" from another browser): the next page says so on the sign-in page.
    const cookie = await cookieOf(viewer);
    const revoked = await fetch(`${origin}/auth/revoke-sessions`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(revoked.status).toBe(200);
    await viewer.getByRole('link', { name: 'Overview' }).click();
    await heading(viewer, 'Sign in to Answerwatch').waitFor();
    await viewer
      .getByText('Your session has ended (you signed out, or were signed out elsewhere): sign in again.')
      .waitFor();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('a person of another account finds nothing at this account’s project, until invited; then switches to it', async () => {
    const other = await cli('accounts', 'create', '--plan', 'premium', '--db', db);
    const invitationId = await operatorInvite(other.id as string, 'stranger@example.com', 'owner');
    const stranger = await newPage();
    await signUpOnPage(stranger, 'Sam Stranger', 'stranger@example.com');
    await confirm(stranger, 'stranger@example.com');
    await joinOperatorInvitation(stranger, 'stranger@example.com', invitationId);
    await stranger.goto(`${origin}/app/#/p/${projectId}`);
    await heading(stranger, 'Something went wrong').waitFor();
    await stranger.getByText('It is not there any more, or this account cannot see it.').waitFor();
    await stranger.goto(`${origin}/app/#/`);
    await heading(stranger, 'Projects').waitFor();
    await stranger.getByText('No project yet: create the first one below.').waitFor();

    // Invited into this account too, as a member: the picker names both with the role, and switching redraws.
    const link = await ownerInvites(owner, 'stranger@example.com', 'member');
    await stranger.goto(link);
    await stranger.getByRole('button', { name: 'Join the account' }).click();
    await stranger.getByText('You joined the account.').waitFor();
    await stranger.goto(`${origin}/app/`);
    await heading(stranger, 'Projects').waitFor();
    const picker = stranger.locator('#account-picker');
    expect(await picker.locator('option').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/\(owner\)$/), expect.stringMatching(/\(member\)$/)]),
    );
    await picker.selectOption(accountId);
    await stranger.locator('.project-card').first().waitFor();
    await stranger.goto(`${origin}/app/#/p/${projectId}/setup/prompts`);
    await stranger.getByRole('form', { name: 'Add a prompt' }).waitFor();
    // The session's active account moved with the picker: a new tab opens in it.
    const session = await stranger.evaluate(async () => (await fetch('/auth/get-session')).json());
    expect(session.session.activeOrganizationId).toBe(accountId);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('signing out returns to the sign-in page, and the old cookie no longer reads /v1', async () => {
    await owner.goto(`${origin}/app/`);
    await heading(owner, 'Projects').waitFor();
    const cookie = await cookieOf(owner);
    const read = () =>
      fetch(`${origin}/v1/projects`, { headers: { cookie, 'x-answerwatch-account': accountId } });
    expect((await read()).status).toBe(200);
    await owner.getByRole('button', { name: 'Sign out', exact: true }).click();
    await heading(owner, 'Sign in to Answerwatch').waitFor();
    await owner.getByText('You are signed out.').waitFor();
    expect((await read()).status).toBe(401);
    await owner.reload();
    await heading(owner, 'Sign in to Answerwatch').waitFor();

    // Signed in again, "Sign out everywhere" ends this session too.
    await signInOnPage(owner, 'owner@example.com');
    await heading(owner, 'Projects').waitFor();
    const again = await cookieOf(owner);
    await owner.getByRole('button', { name: 'Sign out everywhere' }).click();
    await owner.getByText('You are signed out on every browser and computer.').waitFor();
    const after = await fetch(`${origin}/v1/projects`, {
      headers: { cookie: again, 'x-answerwatch-account': accountId },
    });
    expect(after.status).toBe(401);
    for (const c of contexts) await c.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
