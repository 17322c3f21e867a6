import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { ReportReadyEvent } from '../../server/contract/report-events.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { sendDueDigests } from '../../server/jobs/report-digests.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { BASE, SILENT, testResolver } from '../support/api-harness.ts';
import { requireBrowser } from '../support/browser.ts';
import { deliverMail, reportProject, WEEK } from '../support/reports.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';

const browser = requireBrowser();

/** The links a digest mail's text part carries, by what they are for. */
function linksOf(mail: ParsedMail) {
  const text = mail.text ?? '';
  const share = /Open the report in a browser[^:]*: (http\S+)/.exec(text)?.[1];
  const unsubscribe = /Stop receiving this digest: (http\S+)/.exec(text)?.[1];
  return { share: new URL(share!), unsubscribe: new URL(unsubscribe!) };
}
const toOf = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');

describe.skipIf(browser === null)('the scheduled report digest', () => {
  let h: RunHarness;
  let smtp: SmtpReceiver;
  let hooks: WebhookReceiver;
  let p: string;
  let key: string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    hooks = await startWebhookReceiver();
    h = await createRunHarness({
      webhookNet: { allowPrivate: true, resolve: testResolver(), ca: testCa(), timeoutMs: 1_000 },
    });
    ({ projectId: p, key } = await reportProject(h));
    for (const [path, events] of [
      ['/reports', ['report.ready']],
      ['/runs', undefined],
    ] as const) {
      const r = await h.write('POST', `/v1/projects/${p}/webhooks`, key, {
        url: `${hooks.url}${path}`,
        ...(events && { events }),
      });
      expect(r.statusCode, r.body).toBe(201);
    }
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
    await hooks?.close();
  });

  it('is sent once per period, even by two workers at once: PDF, share link, unsubscribe link; then report.ready', async () => {
    // Set on Monday before 08:00: the week that has ended is not sent (it ended before the digest existed).
    h.clock.set('2026-06-15T07:00:00.000Z');
    const put = await h.write('PUT', `/v1/projects/${p}/report-digest`, key, {
      cadence: 'weekly',
      weekday: 'monday',
      recipients: [{ email: 'Ada@Example.com' }, { email: 'bob@example.com' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      cadence: 'weekly',
      recipients: [
        { email: 'ada@example.com', personId: null, unsubscribed: false },
        { email: 'bob@example.com', personId: null, unsubscribed: false },
      ],
      lastPeriod: { from: '2026-06-01', to: '2026-06-07' },
    });
    await h.jobs.tick();
    await deliverMail(h, smtp.url);
    expect(smtp.received).toHaveLength(0);

    // 08:00 on Monday: the week of WEEK is due. Two workers look at once, besides the service's own job.
    h.clock.set('2026-06-15T08:00:00.000Z');
    const job = { services: async () => h.services, plans: DEFAULT_PLANS, log: SILENT };
    const looks = await Promise.all([sendDueDigests(job, 'worker-a'), sendDueDigests(job, 'worker-b')]);
    expect(looks.filter((l) => l.get(p) === 'sent').length).toBeLessThanOrEqual(1);
    await h.jobs.tick();
    expect((await sendDueDigests(job, 'worker-c')).get(p)).toBe('not_due');
    await deliverMail(h, smtp.url);
    expect(smtp.received.map(toOf).sort()).toEqual(['ada@example.com', 'bob@example.com']);

    const ada = smtp.received.find((m) => toOf(m) === 'ada@example.com')!;
    expect(ada.subject).toBe(`Acme: report of ${WEEK.from} to ${WEEK.to}`);
    expect(ada.attachments).toHaveLength(1);
    expect(ada.attachments[0]).toMatchObject({
      filename: `report-${WEEK.from}-${WEEK.to}.pdf`,
      contentType: 'application/pdf',
    });
    expect(ada.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const links = linksOf(ada);
    expect(ada.html).toContain(`href="${links.unsubscribe.href}"`);
    // RFC 8058 one-click unsubscribe, for mail clients that offer it.
    const header = (name: string) =>
      ada.headerLines.find((l) => l.key === name)?.line.replace(/\r\n\s*/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${links.unsubscribe.href}> (Unsubscribe)`);

    // The share link opens the period's report without signing in.
    const shared = await h.get(links.share.pathname);
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toContain(`${WEEK.from}`);

    // report.ready went to the webhook that subscribed to it, once, and to no other.
    await h.jobs.tick();
    await hooks.waitFor(1);
    expect(hooks.receivedAt('/runs')).toEqual([]);
    const events = hooks.receivedAt('/reports');
    expect(events).toHaveLength(1);
    expect(ReportReadyEvent.parse(events[0]!.event).data).toEqual({
      projectId: p,
      period: WEEK,
      cadence: 'weekly',
      links: {
        json: `${BASE}/projects/${p}/report?from=${WEEK.from}&to=${WEEK.to}`,
        html: `${BASE}/projects/${p}/report?from=${WEEK.from}&to=${WEEK.to}&format=html`,
        pdf: `${BASE}/projects/${p}/report?from=${WEEK.from}&to=${WEEK.to}&format=pdf`,
        share: links.share.href,
      },
    });
  }, 120_000);

  it('stops going to an address that followed its unsubscribe link, without signing in', async () => {
    const ada = smtp.received.find((m) => toOf(m) === 'ada@example.com')!;
    const { unsubscribe } = linksOf(ada);
    // Opening the link only asks: a scanner that fetches links unsubscribes nobody.
    const page = await h.get(unsubscribe.pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ada@example.com');
    expect(page.body).toContain(`<form method="post" action="${unsubscribe.pathname}"`);
    expect((await h.get(`/v1/projects/${p}/report-digest`, key)).json().recipients[0].unsubscribed).toBe(
      false,
    );

    const post = await h.request({
      method: 'POST',
      url: unsubscribe.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.body).toContain('You are unsubscribed');
    expect((await h.get(`/v1/projects/${p}/report-digest`, key)).json().recipients).toEqual([
      { email: 'ada@example.com', personId: null, unsubscribed: true },
      { email: 'bob@example.com', personId: null, unsubscribed: false },
    ]);
    // A made-up token opens nothing.
    expect((await h.get('/r/unsubscribe/' + 'x'.repeat(43))).statusCode).toBe(404);

    const before = smtp.received.length;
    h.clock.set('2026-06-22T08:00:00.000Z');
    await h.jobs.tick();
    await deliverMail(h, smtp.url);
    const next = smtp.received.slice(before);
    expect(next.map(toOf)).toEqual(['bob@example.com']);
    expect(next[0]!.subject).toBe('Acme: report of 2026-06-15 to 2026-06-21');
  }, 120_000);

  it('an unsubscribe link works for a year after its mail, then opens nothing', async () => {
    const first = smtp.received.find((m) => toOf(m) === 'bob@example.com')!;
    const { unsubscribe } = linksOf(first);
    // Queued at 08:00 on 2026-06-15, the first test's Monday.
    const sentAt = new Date('2026-06-15T08:00:00.000Z');
    const after = (days: number) => new Date(sentAt.getTime() + days * 86_400_000).toISOString();
    h.clock.set(after(365));
    expect((await h.get(unsubscribe.pathname)).statusCode).toBe(200);
    h.clock.set(after(367));
    const late = await h.get(unsubscribe.pathname);
    expect(late.statusCode).toBe(404);
    expect((await h.get(`/v1/projects/${p}/report-digest`, key)).json().recipients[1]).toEqual({
      email: 'bob@example.com',
      personId: null,
      unsubscribed: false,
    });
  });
});
