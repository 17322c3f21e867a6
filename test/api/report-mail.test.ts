import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCaller } from '../../server/domain/callers.ts';
import type { Caller } from '../../server/domain/context.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { queueReportMail } from '../../server/reports/mail.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { requireBrowser } from '../support/browser.ts';
import { deliverMail, reportProject, WEEK } from '../support/reports.ts';

const browser = requireBrowser();

describe.skipIf(browser === null)('the report sent by mail through the outbox', () => {
  let h: Harness;
  let p: string;
  let caller: Caller;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    h = await createHarness();
    const project = await reportProject(h);
    p = project.projectId;
    caller = await ownerCaller({ store: h.store, plans: DEFAULT_PLANS }, project.accountId, 'Operator', '');
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
  });

  it('is one mail per recipient and period, sent once however often it is asked: HTML, text and the PDF', async () => {
    const first = await queueReportMail(h.services, caller, p, {}, ['Ada@Example.com', 'bob@example.com']);
    expect(first).toEqual({
      ...WEEK,
      mails: [
        { to: 'ada@example.com', queued: true },
        { to: 'bob@example.com', queued: true },
      ],
    });
    const again = await queueReportMail(h.services, caller, p, { ...WEEK }, ['ada@example.com']);
    expect(again.mails).toEqual([{ to: 'ada@example.com', queued: false }]);

    await deliverMail(h, smtp.url);
    expect(smtp.received.map((m) => m.to && 'text' in m.to && m.to.text).sort()).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe(`Acme: report of ${WEEK.from} to ${WEEK.to}`);
    expect(mail.text).toContain('Headline figures\nOver 42 answers, beyond the noise: Mention rate up');
    expect(mail.html).toContain('<h2>Headline figures<span class="verdict">beyond the noise</span></h2>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: `report-${WEEK.from}-${WEEK.to}.pdf`,
      contentType: 'application/pdf',
    });
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('refuses a bad address, none at all, and a project the caller cannot read', async () => {
    await expect(queueReportMail(h.services, caller, p, {}, ['not an address'])).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    await expect(queueReportMail(h.services, caller, p, {}, [])).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    const other = await h.account();
    const stranger = await ownerCaller(
      { store: h.store, plans: DEFAULT_PLANS },
      other.accountId,
      'Other',
      '',
    );
    await expect(queueReportMail(h.services, stranger, p, {}, ['ada@example.com'])).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
