/**
 * Passkeys in real Chromium against `answerwatch serve`, with Chrome's virtual authenticator (the DevTools
 * protocol's WebAuthn domain: a CTAP2 platform authenticator that holds resident keys and verifies its user): a
 * confirmed person signs in with their password, adds a passkey on "Your sign-in", renames it, signs out, signs in
 * with the passkey alone (the session reads /v1, and the audit log says how they signed in); once removed, the
 * passkey the authenticator still holds signs nobody in; and at an IP address the page says why passkeys cannot work.
 *
 * WebAuthn needs a secure context and a relying party id that is a domain, never an IP address: the service's
 * public URL, and so every page here, is http://localhost:PORT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchArgs } from '../../engines/browser/browser.ts';
import { requireBrowser } from '../support/browser.ts';
import { PASSWORD } from '../support/people.ts';
import { startPeopleServe, type PeopleServe } from '../support/people-serve.ts';
import { checkPage, DESK, heading, PHONE } from '../support/web-ui.ts';

const browserPath = requireBrowser();
const EMAIL = 'pia@example.com';

describe.skipIf(browserPath === null)('passkeys in real Chromium with a virtual authenticator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aw-passkeys-'));
  let people: PeopleServe;
  let browser: Browser;
  /** Where browsers reach the service: its public URL. */
  let origin: string;
  /** The same service for this process's own requests (localhost may resolve to ::1, where nothing listens). */
  let direct: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    people = await startPeopleServe(join(dir, 'answerwatch.db'), { signUp: 'open', host: 'localhost' });
    ({ origin, direct } = people);
    // A person who signed up and confirmed the address by the mailed link.
    const signUp = await fetch(`${direct}/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ name: 'Pia', email: EMAIL, password: PASSWORD }),
    });
    expect(signUp.status, await signUp.text()).toBe(200);
    const link = new URL(await linkTo(EMAIL));
    expect(link.origin).toBe(origin);
    const confirmed = await fetch(`${direct}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(confirmed.status).toBe(200);
    browser = await chromium.launch({ executablePath: browserPath!, headless: true, args: launchArgs(true) });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await people?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const linkTo = (email: string) => people.linkTo(email);

  /** A page with its own virtual authenticator, as a laptop with a fingerprint reader. */
  async function pageWithAuthenticator(): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string }> {
    const context = await browser.newContext({ viewport: DESK });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { page, cdp, authenticatorId };
  }

  /** What the page's own session reads at /v1/me (its status), and whom /auth says is signed in. */
  const sessionOf = (page: Page) =>
    page.evaluate(async () => {
      const me = await fetch('/v1/me', { credentials: 'same-origin' });
      const session = await (await fetch('/auth/get-session', { credentials: 'same-origin' })).json();
      return { me: me.status, email: (session?.user?.email as string | undefined) ?? null };
    });

  const signInPage = (page: Page) => heading(page, 'Sign in to Answerwatch').waitFor();
  const yourSignIn = async (page: Page) => {
    await page.locator('header.topbar').getByRole('link', { name: 'Your sign-in' }).click();
    await heading(page, 'Your sign-in').waitFor();
    await page.locator('main:not([aria-busy])').waitFor();
  };
  const passkeyRows = (page: Page) =>
    page
      .locator('table.passkeys tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.innerText.trim())));

  it('signs in with a password, adds a passkey, signs out, and signs in with the passkey alone', async () => {
    const { page, cdp, authenticatorId } = await pageWithAuthenticator();
    await page.goto(`${origin}/app/`);
    await signInPage(page);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(EMAIL);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Projects').waitFor();

    await yourSignIn(page);
    await page.getByText('You have no passkey yet.').waitFor();
    await page.getByLabel('Name of the new passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added: you can sign in with it from now on.').waitFor();
    const rows = await passkeyRows(page);
    expect(rows.map((r) => r[0])).toEqual(['Test laptop']);
    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(rows[0]![1]).toContain(today.format(new Date()));
    // The authenticator holds one discoverable credential, for the service's host.
    const held = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(held.map((c) => [c.rpId, c.isResidentCredential])).toEqual([['localhost', true]]);

    await page.getByLabel('New name for Test laptop').fill('Work laptop');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Passkey renamed.').waitFor();
    expect((await passkeyRows(page)).map((r) => r[0])).toEqual(['Work laptop']);
    await checkPage(page, 'your-sign-in');
    await page.setViewportSize(PHONE);
    await checkPage(page, 'your-sign-in');
    await page.setViewportSize(DESK);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInPage(page);
    expect(await sessionOf(page)).toEqual({ me: 401, email: null });
    await checkPage(page, 'sign-in-with-passkey');

    // No e-mail, no password: the passkey alone.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // Signed in, the app opens where the tab was: "Your sign-in", with the passkey on it.
    await page.locator('header.topbar').getByText('Account: Pia (owner)').waitFor();
    await heading(page, 'Your sign-in').waitFor();
    await page.locator('main:not([aria-busy])').waitFor();
    expect((await passkeyRows(page)).map((r) => r[0])).toEqual(['Work laptop']);
    expect(await sessionOf(page)).toEqual({ me: 200, email: EMAIL });
    const signIns = await page.evaluate(async () => {
      const r = await fetch('/v1/account/audit-log?limit=50', { credentials: 'same-origin' });
      const log = (await r.json()) as { data: { kind: string; detail: { via?: string } | null }[] };
      return log.data.filter((e) => e.kind === 'sign_in').map((e) => e.detail?.via);
    });
    expect(signIns[0]).toBe('/passkey/verify-authentication');
    expect(signIns).toContain('/sign-in/email');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('a removed passkey no longer signs in, though the authenticator still offers it', async () => {
    const { page, cdp, authenticatorId } = await pageWithAuthenticator();
    await page.goto(`${origin}/app/`);
    await signInPage(page);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(EMAIL);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Projects').waitFor();
    await yourSignIn(page);
    await page.getByLabel('Name of the new passkey').fill('Old phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added: you can sign in with it from now on.').waitFor();
    expect((await passkeyRows(page)).map((r) => r[0])).toContain('Old phone');

    // Remove asks once more before it acts.
    const row = page.locator('table.passkeys tbody tr', { hasText: 'Old phone' });
    await row.getByRole('button', { name: 'Remove' }).click();
    await row.getByRole('button', { name: 'Remove Old phone?' }).click();
    await page.getByText('Removed Old phone: it no longer signs in.').waitFor();
    expect((await passkeyRows(page)).map((r) => r[0])).not.toContain('Old phone');
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signInPage(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByText(
        'That passkey does not sign in here (it may have been removed). Sign in with your e-mail and password.',
      )
      .waitFor();
    await signInPage(page);
    expect(await sessionOf(page)).toEqual({ me: 401, email: null });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('at an address other than the public one (an IP address) says why no passkey can work there', async () => {
    const { page } = await pageWithAuthenticator();
    await page.goto(`${direct}/app/`);
    await signInPage(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByText(
        'Passkeys work only at the address the service is set up with (ANSWERWATCH_PUBLIC_URL), over https or on localhost.',
      )
      .waitFor();
    expect(await sessionOf(page)).toEqual({ me: 401, email: null });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
