/**
 * The web UI's alerts in headless Chromium against `answerwatch start`, at 1440 px and at 390 px: subscribing a
 * webhook to alerts with thresholds, changing them, and the notifications list after two runs of the fake engines
 * that raise alerts (test/support/alert-scenario.ts), each alert shown as the API lists it, delivered to a local
 * webhook receiver. Every page is checked at both widths (overflow, axe-core, names, screenshots).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, TEST_CA_PATH, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { ALERT_ENGINES, ALERT_PROMPTS, alertScenario, SITE } from '../support/alert-scenario.ts';
import { requireBrowser } from '../support/browser.ts';
import { until } from '../support/e2e.ts';
import {
  checkBothWidths,
  checkPage,
  DESK,
  expectCleanRun,
  PHONE,
  readApi,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';
import { pct } from '../support/web-ui-insights.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

const scenario = alertScenario();

describe.skipIf(browserPath === null)('web UI: alerts', { timeout: 180_000 }, () => {
  let ui: WebUi;
  let receiver: WebhookReceiver;
  let desk: Page;
  let phone: Page;
  let alertsId: string;
  const bothWidths = (name: string, hash: string, title: string | RegExp) =>
    checkBothWidths(ui, { desk, phone }, name, hash, title);
  const api = (path: string) => readApi(ui, path);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ui = await startWebUi({
      engines: { answer: scenario.answer },
      env: { ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1', NODE_EXTRA_CA_CERTS: TEST_CA_PATH },
    });
    alertsId = (await ui.call('/projects', 'POST', { name: 'Acme', websiteUrl: SITE })).body.id;
    await ui.call(`/projects/${alertsId}/competitors`, 'PUT', [
      { name: 'Globex', domain: 'globex.example' },
      { name: 'Initech', domain: null },
    ]);
    for (const text of ALERT_PROMPTS)
      await ui.call(`/projects/${alertsId}/prompts`, 'POST', { text, engineIds: ALERT_ENGINES });
    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
  }, 240_000);
  afterAll(async () => {
    await ui?.close();
    await receiver?.close();
  });

  it('subscribes a webhook to alerts with thresholds, changes them, and lists the alerts two runs raise', async () => {
    await visit(desk, ui, `#/p/${alertsId}/alerts`, 'Alerts');
    await desk
      .getByText('alerts are raised for the webhooks that subscribe to them', { exact: false })
      .waitFor();

    await visit(desk, ui, `#/p/${alertsId}/webhooks`, 'Webhooks');
    const form = desk.locator('form', { has: desk.getByRole('button', { name: 'Register webhook' }) });
    const thresholds = form.getByRole('group', { name: 'Alert thresholds' });
    expect(await thresholds.isVisible()).toBe(false);
    await form.getByLabel('Endpoint URL').fill(`${receiver.url}/ui`);
    for (const name of [
      'Visibility dropped',
      'Visibility rose',
      'Citation lost',
      'Citation gained',
      'Competitor overtook you',
    ])
      await form.getByRole('checkbox', { name }).check();
    await thresholds.waitFor();
    await form.getByLabel('Mention rate change (points)').fill('20');
    await checkPage(desk, 'webhooks-alerts');
    await form.getByRole('button', { name: 'Register webhook' }).click();
    await desk.getByText('Webhook registered.', { exact: false }).waitFor();
    let [hook] = (await api(`/projects/${alertsId}/webhooks`)).data;
    expect(hook.events).toEqual([
      'run.completed',
      'run.failed',
      'visibility.dropped',
      'visibility.rose',
      'citation.lost',
      'citation.gained',
      'competitor.overtook',
    ]);
    expect(hook.thresholds).toEqual({ mentionRateChange: 0.2, citationRateChange: 0.1, shareOfVoiceLead: 0 });
    const card = desk.locator('.webhook-card', { hasText: `${receiver.url}/ui` });
    expect(await card.textContent()).toContain(
      'Alert thresholds: mention ±20 pts, citation ±10 pts, competitor lead 0 pts',
    );

    // Change them: no more citation.gained, citations at 30 points.
    await card.getByRole('button', { name: /Edit events and thresholds/ }).click();
    const edit = card.locator('form');
    await edit.getByRole('checkbox', { name: 'Citation gained' }).uncheck();
    await edit.getByLabel('Citation rate change (points)').fill('30');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await until(
      'the changed webhook',
      async () => (await api(`/projects/${alertsId}/webhooks`)).data[0],
      (w) => !w.events.includes('citation.gained'),
    );
    [hook] = (await api(`/projects/${alertsId}/webhooks`)).data;
    expect(hook.thresholds).toEqual({ mentionRateChange: 0.2, citationRateChange: 0.3, shareOfVoiceLead: 0 });
    await desk.getByText('citation ±30 pts').waitFor();
    await bothWidths('webhooks-alerts-set', `#/p/${alertsId}/webhooks`, 'Webhooks');

    // Two runs, the engines changed between them.
    const runToEnd = async () => {
      const request = (await ui.call(`/projects/${alertsId}/run-requests`, 'POST')).body;
      await until(
        'the run to end',
        async () => (await ui.call(`/projects/${alertsId}/run-requests/${request.id}`)).body.status,
        (s) => s === 'completed',
      );
    };
    await runToEnd();
    scenario.change();
    await runToEnd();
    const alerts = await until(
      'the alerts delivered',
      async () =>
        (await api(`/projects/${alertsId}/alerts`)).data as {
          alert: {
            event: string;
            data: {
              changes?: {
                metric: string;
                engineId: string | null;
                previous: { value: number };
                current: { value: number };
              }[];
            };
          };
          delivery: { status: string };
        }[],
      (list) => list.length === 4 && list.every((a) => a.delivery.status === 'delivered'),
    );
    // citation.gained is no longer subscribed; the others pass their thresholds.
    expect(alerts.map((a) => a.alert.event).sort()).toEqual([
      'citation.lost',
      'competitor.overtook',
      'visibility.dropped',
      'visibility.rose',
    ]);
    // The project's navigation counts the alerts not yet seen in this browser, until the Alerts page is opened.
    const alertsLink = desk
      .getByRole('navigation', { name: 'Project' })
      .getByRole('link', { name: /^Alerts/ });
    await visit(desk, ui, `#/p/${alertsId}/overview`, 'Overview');
    expect(await alertsLink.textContent()).toBe('Alerts 4 new');
    await checkPage(desk, 'overview-alert-count');
    await visit(desk, ui, `#/p/${alertsId}/alerts`, 'Alerts');
    expect(await alertsLink.textContent()).toBe('Alerts');
    const cards = desk.locator('.alert-card');
    await cards.first().waitFor();
    const titles = {
      'visibility.dropped': 'Visibility dropped',
      'visibility.rose': 'Visibility rose',
      'citation.lost': 'Citation lost',
      'competitor.overtook': 'Competitor overtook you',
    } as Record<string, string>;
    expect(await cards.locator('h2').allTextContents()).toEqual(alerts.map((a) => titles[a.alert.event]));
    const dropped = alerts.find((a) => a.alert.event === 'visibility.dropped')!.alert.data.changes!;
    const droppedCard = desk.locator('.alert-card', { hasText: 'Visibility dropped' });
    for (const c of dropped) {
      const what = `${c.metric === 'mentionRate' ? 'Mention' : 'Citation'} rate on ${c.engineId === null ? 'all engines' : 'ChatGPT'}: ${pct(c.previous.value)} → ${pct(c.current.value)}`;
      expect(await droppedCard.textContent()).toContain(what);
    }
    expect(await droppedCard.textContent()).toContain('Mention rate on ChatGPT: 100% → 17%');
    expect(
      await desk
        .locator('.alert-card', { hasText: 'Citation lost' })
        .locator('a[href^="https://acme.example/pricing"]')
        .count(),
    ).toBe(6);
    expect(await desk.locator('.alert-card', { hasText: 'Competitor overtook you' }).textContent()).toContain(
      'Globex on ChatGPT: named in 100% of answers against your 17%',
    );
    await bothWidths('alerts', `#/p/${alertsId}/alerts`, 'Alerts');
    await visit(desk, ui, `#/p/${alertsId}/overview`, 'Overview');
    expect(await alertsLink.textContent()).toBe('Alerts');
  });

  it('ran without a script error, a CSP violation or a dialog', () => expectCleanRun(ui));
});
