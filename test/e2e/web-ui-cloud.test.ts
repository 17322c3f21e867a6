/**
 * "Sign in to the cloud" in headless Chromium, on the page the desktop app's tray opens (`#/cloud`) in the web UI
 * of `answerwatch start` on a fresh database: a bad address is a plain sentence; a real `serve`'s address shows
 * the code and opens its approval page in a new window (the desktop app sends it to the system browser); once a
 * person signed in there approves, the page says the computer is signed in, with no reload. Checked at 1440 px
 * (no page-wide scroll, axe-core, named controls) and photographed into test/artifacts/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { requireBrowser } from '../support/browser.ts';
import { serviceWithPerson } from '../support/serve-person.ts';
import {
  checkPage,
  DESK,
  expectCleanRun,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

describe.skipIf(browserPath === null)('web UI: Sign in to the cloud', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'aw-ui-cloud-'));
  let smtp: SmtpReceiver;
  let ui: WebUi;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    ui = await startWebUi({ fresh: true });
  });
  afterAll(async () => {
    await ui?.close();
    await smtp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs this computer in: the code shown, the approval page opened, then signed in', async () => {
    const cloud = await serviceWithPerson(dir, smtp, 'ada');
    try {
      const page = await ui.open(DESK);
      await visit(page, ui, '#/cloud', 'Sign in to the cloud');
      await page.getByText('This computer is not signed in to a cloud service.').waitFor();
      const address = page.getByLabel('Address of the cloud service');

      await address.fill('http://answerwatch.example.com');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByText('The address must start with https:// (http:// only for a service on this computer).')
        .waitFor();

      await address.fill(cloud.origin);
      const approvalPage = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const code = (await page.locator('.device-code').textContent())!;
      expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      const opened = await approvalPage;
      await opened.waitForLoadState();
      expect(opened.url()).toBe(`${cloud.origin}/app/device?user_code=${code.replace('-', '')}`);
      await expect
        .poll(() => page.getByRole('link', { name: 'Open the approval page' }).getAttribute('href'))
        .toBe(opened.url());
      await checkPage(page, 'cloud-waiting');

      await cloud.decide(code, 'approve');
      await page
        .getByText(`This computer is signed in to ${new URL(cloud.origin).host} as`)
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('.cloud-sign-in').getAttribute('data-phase')).toBe('paired');
      await checkPage(page, 'cloud-paired');
      expectCleanRun(ui);
    } finally {
      await cloud.server.stop();
    }
  });
});
