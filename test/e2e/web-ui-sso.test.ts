/**
 * Single sign-on in real Chromium on `answerwatch serve`, through a real OpenID Connect provider on 127.0.0.1
 * (oidc-provider, test/fakes/oidc-provider.ts): the account's owner sets it up in Settings; a person of the
 * account's domain signs in with "Sign in with single sign-on", lands signed in and reads /v1 through the session;
 * a callback this browser did not start, and ID tokens from another issuer, for another application, expired or
 * badly signed, are refused with a sentence on the sign-in page and leave no session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchArgs } from '../../engines/browser/browser.ts';
import { startOidcProvider, type FakeOidcProvider } from '../fakes/oidc-provider.ts';
import { requireBrowser } from '../support/browser.ts';
import { accountWithKey, cli } from '../support/e2e.ts';
import { PASSWORD } from '../support/people.ts';
import { startPeopleServe, type PeopleServe } from '../support/people-serve.ts';
import { checkPage, heading } from '../support/web-ui.ts';

const browserPath = requireBrowser();

describe.skipIf(browserPath === null)('single sign-on in the web UI on serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aw-ui-sso-'));
  const db = join(dir, 'answerwatch.db');
  let people: PeopleServe;
  let idp: FakeOidcProvider;
  let browser: Browser;
  let origin: string;
  let accountId: string;
  const pageErrors: string[] = [];

  /** The session cookie of a person the operator invited as the account's owner, signed up and joined by HTTP. */
  async function ownerCookie(email: string): Promise<{ name: string; value: string }> {
    const invited = await cli(
      'people',
      'invite',
      '--account',
      accountId,
      '--email',
      email,
      '--role',
      'owner',
      '--db',
      db,
    );
    const post = (path: string, body: unknown, cookie = '') =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify(body),
        redirect: 'manual',
      });
    expect((await post('/auth/sign-up/email', { name: 'Olive', email, password: PASSWORD })).status).toBe(
      200,
    );
    let link = '';
    for (let i = 0; i < 200 && !link; i += 1) {
      const mail = people.smtp.received.find((m) => /Confirm your e-mail address/.test(m.subject ?? ''));
      link = mail?.text?.match(/https?:\/\/\S+/)?.[0] ?? '';
      if (!link) await new Promise((r) => setTimeout(r, 50));
    }
    const confirmed = await fetch(link, { redirect: 'manual' });
    const session = confirmed.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('answerwatch.session_token='))!;
    const joined = await post(
      '/auth/organization/accept-invitation',
      { invitationId: invited.invitationId },
      session,
    );
    expect(joined.status, await joined.text()).toBe(200);
    const at = session.indexOf('=');
    return { name: session.slice(0, at), value: session.slice(at + 1) };
  }

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return page;
  }

  /** "Sign in with single sign-on" on the sign-in page, the work e-mail, then the provider's own login form. */
  async function signInBySso(page: Page, email: string, loginAs = email): Promise<void> {
    await page.goto(`${origin}/app/`);
    await heading(page, 'Sign in to Answerwatch').waitFor();
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    const form = page.getByRole('form', { name: 'Sign in with single sign-on' });
    await form.getByLabel('Work e-mail').fill(email);
    await form.getByRole('button', { name: 'Continue to your organisation’s sign-in' }).click();
    await page.getByRole('heading', { name: 'Example IdP' }).waitFor();
    await page.getByLabel('Work e-mail').fill(loginAs);
    await page.getByRole('button', { name: 'Sign in to Example IdP' }).click();
  }

  const sessionCookies = async (page: Page) =>
    (await page.context().cookies()).filter((c) => c.name.endsWith('session_token') && c.value !== '');

  beforeAll(async () => {
    ({ accountId } = await accountWithKey(db));
    people = await startPeopleServe(db, {
      signUp: 'invite',
      env: { ANSWERWATCH_SSO_ALLOW_PRIVATE: '1' },
      beforeStart: async (at) => {
        idp = await startOidcProvider({ redirectUri: `${at}/auth/sso/callback/${accountId}` });
      },
    });
    ({ origin } = people);
    browser = await chromium.launch({ executablePath: browserPath!, headless: true, args: launchArgs(true) });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await people?.stop();
    await idp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the owner sets single sign-on up in Settings; the secret is never shown back', async () => {
    const owner = await newPage();
    await owner.context().addCookies([{ ...(await ownerCookie('owner@example.com')), url: origin }]);
    await owner.goto(`${origin}/app/#/settings/sso`);
    await heading(owner, 'Single sign-on').waitFor();
    await owner.getByText(`${origin}/auth/sso/callback/${accountId}`).waitFor();
    const form = owner.getByRole('form', { name: 'Set up single sign-on' });
    await form.getByLabel('Issuer').fill(idp.issuer);
    await form.getByLabel('Client id').fill(idp.clientId);
    await form.getByLabel('Client secret').fill(idp.clientSecret);
    await form.getByLabel('E-mail domains').fill('example.com');
    await form.getByRole('button', { name: 'Set up' }).click();
    await owner.getByText('Set (never shown)').waitFor();
    await owner.getByRole('button', { name: 'Remove single sign-on' }).waitFor();
    expect(await owner.content()).not.toContain(idp.clientSecret);
    await checkPage(owner, 'settings-sso');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('a person of the domain signs in through the provider, lands signed in, and reads /v1 with the session', async () => {
    const page = await newPage();
    await signInBySso(page, 'ada@example.com');
    await heading(page, 'Projects').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/');
    expect(
      await page
        .locator('header.topbar')
        .getByText(/^Account: /)
        .textContent(),
    ).toMatch(/\(member\)$/);
    const read = await page.evaluate(async () => {
      const [me, account] = await Promise.all(
        ['/v1/me', '/v1/account'].map((u) => fetch(u, { credentials: 'same-origin' })),
      );
      return { status: [me!.status, account!.status], me: await me!.json(), account: await account!.json() };
    });
    expect(read.status).toEqual([200, 200]);
    expect(read.me).toMatchObject({ label: 'ada@example.com (signed in)' });
    expect(read.account).toMatchObject({ id: accountId, role: 'member' });
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('refuses a callback this browser did not start, with a sentence on the sign-in page', async () => {
    const page = await newPage();
    await page.goto(`${origin}/auth/sso/callback/${accountId}?code=stolen-code&state=forged-state`);
    await page.getByText('This sign-in was not started in this browser, or took too long').waitFor();
    await heading(page, 'Sign in to Answerwatch').waitFor();
    expect(await sessionCookies(page)).toEqual([]);
  }, 60_000);

  for (const how of ['issuer', 'audience', 'expired', 'signature'] as const) {
    it(`refuses an ID token with another ${how === 'expired' ? 'expiry (expired)' : how}, with a sentence`, async () => {
      idp.misbehave(how);
      try {
        const page = await newPage();
        await signInBySso(page, 'mallory@example.com');
        await page.getByText('sent an answer this service could not verify').waitFor();
        await heading(page, 'Sign in to Answerwatch').waitFor();
        expect(await sessionCookies(page)).toEqual([]);
        if (how === 'issuer') await checkPage(page, 'sign-in-sso-refused');
      } finally {
        idp.misbehave(null);
      }
    }, 60_000);
  }

  it('refuses a person the provider vouches for outside the account’s domains, with a sentence', async () => {
    const page = await newPage();
    await signInBySso(page, 'bob@example.com', 'bob@elsewhere.org');
    await page
      .getByText('Your e-mail address is not in the domains your account’s single sign-on covers')
      .waitFor();
    expect(await sessionCookies(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
