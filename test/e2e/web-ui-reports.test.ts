/**
 * The Reports page and the report brand in Settings, in headless Chromium against `answerwatch start` on a seeded
 * demo month, at 1440 px and 390 px: the preview shows the API's figures for the period, the PDF downloads with
 * the page's own credentials, a share link made on the page opens the report in a browser with no credentials,
 * then is revoked and refused; the brand set in Settings (a checked logo, an API refusal said plainly) is on the
 * share page; the digest scheduled with an added address, and Send now's mail received by a real SMTP server.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figureText } from '../../app/ui/src/kpis.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { requireBrowser } from '../support/browser.ts';
import {
  checkBothWidths,
  checkPage,
  DESK,
  expectCleanRun,
  PHONE,
  readApi,
  seedDemoMonth,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0e7490"/></svg>';
/** An SVG logo's type on a file that is not one: the service refuses it, and the page says why. */
const NOT_SVG = 'just some text, not a drawing';

interface KpiRow {
  label: string;
  kind: 'rate' | 'rank';
  now: { value: number | null };
  summary: string;
}

describe.skipIf(browserPath === null)('web UI: reports', { timeout: 300_000 }, () => {
  let ui: WebUi;
  let desk: Page;
  let phone: Page;
  let demo: string;
  let smtp: SmtpReceiver;
  const hash = () => `#/p/${demo}/reports`;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    ui = await startWebUi({
      env: { ANSWERWATCH_SMTP_URL: smtp.url, ANSWERWATCH_MAIL_FROM: 'Answerwatch <reports@example.com>' },
    });
    demo = await seedDemoMonth(ui);
    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
  }, 300_000);
  afterAll(async () => {
    await ui?.close();
    await smtp?.close();
  });

  /** A page in a context of its own: no owner token, no cookie. */
  async function stranger(): Promise<Page> {
    const context = await ui.browser.newContext({ viewport: DESK });
    return context.newPage();
  }

  it('previews the API’s figures for the last full week, downloads the PDF, and shares the report until revoked', async () => {
    const report = await readApi(ui, `/projects/${demo}/report`);
    await visit(desk, ui, hash(), 'Reports');
    expect(await desk.getByLabel('From', { exact: true }).inputValue()).toBe(report.from);
    expect(await desk.getByLabel('To', { exact: true }).inputValue()).toBe(report.to);
    expect(await desk.getByLabel('Period', { exact: true }).locator('option:checked').textContent()).toBe(
      'Last full week',
    );
    const rows = desk.locator('table.report-kpis tbody tr');
    await expect.poll(() => rows.count()).toBe(report.parts.kpis.data.length);
    for (const [i, k] of (report.parts.kpis.data as KpiRow[]).entries()) {
      const row = rows.nth(i);
      expect(await row.locator('th').textContent()).toBe(k.label);
      expect(await row.locator('td').first().textContent()).toBe(figureText(k.kind, k.now.value));
      expect(await row.textContent()).toContain(k.summary);
    }
    for (const part of ['trends', 'shareOfVoice', 'prompts', 'sources', 'drift'] as const)
      await desk.getByText(report.parts[part].summary, { exact: false }).first().waitFor();
    const engines = desk.locator('table.report-trends tbody tr');
    expect(await engines.count()).toBe(report.parts.trends.engines.length);
    await checkBothWidths(ui, { desk, phone }, 'reports', hash(), 'Reports');

    // Another period through the form: the preview follows the address, and the API's figures with it.
    const asked = { from: report.previous.from, to: report.previous.to };
    await desk.getByLabel('From', { exact: true }).fill(asked.from);
    await desk.getByLabel('To', { exact: true }).fill(asked.to);
    await desk.getByRole('button', { name: 'Show' }).click();
    await desk.waitForURL(new RegExp(`from=${asked.from}&to=${asked.to}`));
    const before = await readApi(ui, `/projects/${demo}/report?from=${asked.from}&to=${asked.to}`);
    await desk.locator('table.report-kpis').getByText(before.parts.kpis.data[0].summary).waitFor();

    // The PDF, fetched with the owner token and saved from a blob URL.
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`-report-${asked.from}-to-${asked.to}\\.pdf$`));
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A share link of the period shown, opened by a browser that holds nothing.
    await desk.getByLabel('Link works for').selectOption('7');
    await desk.getByRole('button', { name: 'Create share link' }).click();
    const url = (await desk.locator('code.share-url').textContent())!;
    expect(url).toMatch(/\/r\/\S+$/);
    const links = desk.locator('table.report-links tbody tr');
    await expect.poll(() => links.count()).toBe(1);
    expect(await links.first().textContent()).toContain('active');
    const listed = (await readApi(ui, `/projects/${demo}/report-links`)).data;
    expect(listed).toMatchObject([{ from: asked.from, to: asked.to, status: 'active' }]);
    const days = (Date.parse(listed[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const outsider = await stranger();
    // `start` on port 0 (as the tests run it) names the port it listens on in its links.
    expect(new URL(url).origin).toBe(ui.origin);
    const share = url;
    const opened = await outsider.goto(share);
    expect(opened?.status()).toBe(200);
    expect(await outsider.title()).toContain(report.projectName);
    const shared = (await outsider.locator('body').textContent())!;
    expect(shared).toContain(`report of ${asked.from} to ${asked.to}`);
    for (const k of before.parts.kpis.data as KpiRow[]) expect(shared).toContain(k.label);

    await links
      .first()
      .getByRole('button', { name: /Revoke/ })
      .click();
    await links
      .first()
      .getByRole('button', { name: /Confirm revoke/ })
      .click();
    await expect.poll(() => links.first().textContent()).toContain('revoked');
    const refused = await outsider.goto(share);
    expect(refused?.status()).toBe(404);
    expect(await outsider.locator('body').textContent()).not.toContain(`report of ${asked.from}`);
    await outsider.context().close();
    expectCleanRun(ui);
  });

  it('sets the report brand in Settings, refuses a bad logo plainly, and shows the brand on the share page', async () => {
    await visit(desk, ui, '#/settings/brand', 'Report brand');
    const form = desk.getByRole('form', { name: 'Report brand' });
    // Too big for a logo: said on the page, and nothing sent.
    await form.getByLabel('New logo').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(250 * 1024, 1),
    });
    await form.getByText('huge.png is 250 KB: a logo is at most 200 KB.').waitFor();
    expect((await readApi(ui, '/account/brand')).logo).toBeNull();
    // An "SVG" that is not one: the service's refusal, in its own words.
    await form.getByLabel('New logo').setInputFiles({
      name: 'fake.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(NOT_SVG),
    });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('logo: the data is not an SVG image', { exact: false }).waitFor();
    expect((await readApi(ui, '/account/brand')).updatedAt).toBeNull();

    await form.getByLabel('Name').fill('Northwind Agency');
    await form.getByLabel('Accent colour').fill('#0e7490');
    await form.getByLabel('New logo').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(LOGO),
    });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved', { exact: false }).waitFor();
    const brand = await readApi(ui, '/account/brand');
    expect(brand).toMatchObject({
      name: 'Northwind Agency',
      accent: '#0e7490',
      logo: { type: 'image/svg+xml' },
    });
    const img = form.locator('img.brand-logo');
    expect(await img.getAttribute('src')).toBe(`data:image/svg+xml;base64,${brand.logo.data}`);
    await checkPage(desk, 'settings-brand');

    // The share page is under the brand: its name, its logo inline.
    await visit(desk, ui, hash(), 'Reports');
    await desk.getByText('Northwind Agency:', { exact: false }).first().waitFor();
    await desk.getByRole('button', { name: 'Create share link' }).click();
    const url = (await desk.locator('code.share-url').textContent())!;
    const outsider = await stranger();
    expect((await outsider.goto(new URL(new URL(url).pathname, ui.origin).href))?.status()).toBe(200);
    expect(await outsider.title()).toContain('Northwind Agency');
    expect(await outsider.locator('img').first().getAttribute('src')).toBe(
      `data:image/svg+xml;base64,${brand.logo.data}`,
    );
    await outsider.context().close();

    // Removing the logo leaves the name.
    await visit(desk, ui, '#/settings/brand', 'Report brand');
    await form.getByRole('button', { name: 'Remove logo' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('No logo: reports show the name alone.').waitFor();
    expect(await readApi(ui, '/account/brand')).toMatchObject({ name: 'Northwind Agency', logo: null });
    expectCleanRun(ui);
  });

  it('schedules the digest, adds an address, and Send now mails the report to the SMTP server', async () => {
    await visit(desk, ui, hash(), 'Reports');
    const report = await readApi(ui, `/projects/${demo}/report`);
    const form = desk.getByRole('form', { name: 'Digest schedule' });
    await form.getByLabel('Digest', { exact: true }).selectOption('weekly');
    await form.getByLabel('Sent on').selectOption('friday');
    await form.getByLabel('Add an address').fill('Client@Example.org');
    await form.getByRole('button', { name: 'Add address' }).click();
    await form.getByText('client@example.org', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Save digest' }).click();
    await form.getByText('Saved: weekly to 1 recipients.').waitFor();
    expect(await readApi(ui, `/projects/${demo}/report-digest`)).toMatchObject({
      cadence: 'weekly',
      weekday: 'friday',
      recipients: [{ email: 'client@example.org', personId: null, unsubscribed: false }],
    });
    // Monthly has no weekday to choose.
    await form.getByLabel('Digest', { exact: true }).selectOption('monthly');
    expect(await form.getByLabel('Sent on').isVisible()).toBe(false);
    await form.getByLabel('Digest', { exact: true }).selectOption('weekly');
    await checkBothWidths(ui, { desk, phone }, 'reports-digest', hash(), 'Reports');

    await desk.getByRole('button', { name: 'Send now' }).click();
    const queued = `The digest of ${report.from} to ${report.to} is queued for 1 of 1 recipients.`;
    await desk.getByText(queued).first().waitFor();
    await smtp.waitFor(1, 60_000);
    const mail = smtp.received[0]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('client@example.org');
    expect(mail.subject).toBe(`${report.projectName}: report of ${report.from} to ${report.to}`);
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    // Its share link opens the report in a browser that holds nothing, on the port the service listens on.
    const share = /Open the report in a browser[^:]*: (http\S+)/.exec(mail.text ?? '')![1]!;
    expect(new URL(share).origin).toBe(ui.origin);
    const outsider = await stranger();
    expect((await outsider.goto(share))?.status()).toBe(200);
    expect(await outsider.locator('body').textContent()).toContain(
      `report of ${report.from} to ${report.to}`,
    );
    await outsider.context().close();

    // Sent again: nobody is mailed twice, and the page says so.
    await desk.getByRole('button', { name: 'Send now' }).click();
    await desk
      .getByText('queued for 0 of 1 recipients (the others had this period already)')
      .first()
      .waitFor();
    expect(smtp.received).toHaveLength(1);
    expectCleanRun(ui);
  });
});
