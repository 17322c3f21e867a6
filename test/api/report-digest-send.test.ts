import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportDigestSent } from '../../server/contract/report-digests.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { requireBrowser } from '../support/browser.ts';
import { deliverMail, PREVIOUS, reportProject, WEEK } from '../support/reports.ts';

const browser = requireBrowser();

const toOf = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');
const shareOf = (m: ParsedMail) => /Open the report in a browser[^:]*: (http\S+)/.exec(m.text ?? '')?.[1];

describe.skipIf(browser === null)('POST /report-digest/send: the digest of a period, now', () => {
  let h: Harness;
  let smtp: SmtpReceiver;
  let p: string;
  let key: string;
  const send = (body?: unknown) =>
    h.request({
      method: 'POST',
      url: `/v1/projects/${p}/report-digest/send`,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
  const recipients = async (emails: string[]) => {
    const r = await h.write('PUT', `/v1/projects/${p}/report-digest`, key, {
      cadence: 'off',
      recipients: emails.map((email) => ({ email })),
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  const links = async () =>
    (await h.get(`/v1/projects/${p}/report-links`, key)).json().data as { id: string }[];

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    h = await createHarness();
    ({ projectId: p, key } = await reportProject(h));
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  it('refuses a digest without recipients and a period the reads refuse, queueing nothing', async () => {
    const none = await send();
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'invalid_parameter' });
    await recipients(['ada@example.com']);
    for (const [body, code] of [
      [{ from: '2026-02-30', to: '2026-03-01' }, 'invalid_parameter'],
      [{ from: '2026-06-10', to: '2026-06-01' }, 'invalid_parameter'],
      [{ from: '2024-01-01', to: '2026-06-01' }, 'range_too_wide'],
      [{ from: '2026-06-01', to: '2026-06-07', cc: 'x' }, 'invalid_parameter'],
    ] as const) {
      const r = await send(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toMatchObject({ code });
    }
    expect(await links()).toEqual([]);
  });

  it('answers 202 with what it queued, the last full week by default, and the mail arrives', async () => {
    await recipients(['ada@example.com', 'bob@example.com']);
    const r = await send();
    expect(r.statusCode, r.body).toBe(202);
    expect(ReportDigestSent.parse(r.json())).toEqual({
      ...WEEK,
      mails: [
        { to: 'ada@example.com', queued: true },
        { to: 'bob@example.com', queued: true },
      ],
    });
    await deliverMail(h, smtp.url);
    expect(smtp.received.map(toOf).sort()).toEqual(['ada@example.com', 'bob@example.com']);
    expect(smtp.received[0]!.subject).toBe(`Acme: report of ${WEEK.from} to ${WEEK.to}`);
    expect(smtp.received[0]!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(await links()).toHaveLength(1);
  }, 120_000);

  it('sent again, mails nobody twice and hands a recipient added since the same share link', async () => {
    const again = await send({ ...WEEK });
    expect(again.statusCode).toBe(202);
    expect(again.json().mails.map((m: { queued: boolean }) => m.queued)).toEqual([false, false]);
    await recipients(['ada@example.com', 'bob@example.com', 'carol@example.com']);
    const third = await send();
    expect(third.json().mails).toEqual([
      { to: 'ada@example.com', queued: false },
      { to: 'bob@example.com', queued: false },
      { to: 'carol@example.com', queued: true },
    ]);
    await deliverMail(h, smtp.url);
    const ada = smtp.received.find((m) => toOf(m) === 'ada@example.com')!;
    const carol = smtp.received.find((m) => toOf(m) === 'carol@example.com')!;
    expect(shareOf(carol)).toBe(shareOf(ada));
    expect(await links()).toHaveLength(1);
    expect((await h.get(new URL(shareOf(carol)!).pathname)).statusCode).toBe(200);
  }, 120_000);

  it('makes a new link once the period’s link was revoked, and one per period', async () => {
    const [link] = await links();
    expect((await h.write('DELETE', `/v1/projects/${p}/report-links/${link!.id}`, key)).statusCode).toBe(200);
    await recipients(['ada@example.com', 'dave@example.com']);
    expect((await send()).json().mails).toContainEqual({ to: 'dave@example.com', queued: true });
    const other = await send({ ...PREVIOUS });
    expect(other.statusCode).toBe(202);
    expect(other.json()).toMatchObject({ ...PREVIOUS });
    await deliverMail(h, smtp.url);
    const dave = smtp.received.find((m) => toOf(m) === 'dave@example.com')!;
    const ada = smtp.received.find((m) => toOf(m) === 'ada@example.com')!;
    expect(shareOf(dave)).not.toBe(shareOf(ada));
    expect((await h.get(new URL(shareOf(ada)!).pathname)).statusCode).toBe(404);
    expect((await h.get(new URL(shareOf(dave)!).pathname)).statusCode).toBe(200);
    expect(await links()).toHaveLength(3);
  }, 120_000);
});
