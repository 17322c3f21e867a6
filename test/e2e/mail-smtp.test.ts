import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SecretBox } from '../../server/domain/secret-box.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { createMailSender, type MailSender } from '../../server/mail/sender.ts';
import { createSmtpTransport } from '../../server/mail/smtp-transport.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { startSmtpReceiver, SMTP_PASSWORD, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { TestClock } from '../support/api-harness.ts';
import { testSecrets, verification } from '../support/mail.ts';
import { freshDatabase, rawDb, type TestDatabase } from '../support/test-db.ts';

const FROM = 'Answerwatch <alerts@answerwatch.example>';

describe('mail sent to a real SMTP server', () => {
  let smtp: SmtpReceiver;
  let database: TestDatabase;
  let store: Store;
  let clock: TestClock;
  let secrets: SecretBox;
  let sender: MailSender | undefined;
  const logged: { level: string; obj: object; msg: string }[] = [];
  const log = {
    info: (obj: object, msg: string) => logged.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => logged.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg: string) => logged.push({ level: 'error', obj, msg }),
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    database = await freshDatabase();
    store = createStore(await openDatabase(database.location));
    clock = new TestClock();
    secrets = testSecrets();
    smtp.answer('accept');
    smtp.received.length = 0;
    logged.length = 0;
  });
  afterEach(async () => {
    await sender?.stop();
    sender = undefined;
    await store.close();
    await database.drop();
  });

  const row = async () => {
    const db = rawDb(database.location);
    try {
      return await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    } finally {
      await db.destroy();
    }
  };
  const send = async (smtpUrl = smtp.url) => {
    sender = createMailSender({
      store,
      clock,
      secrets,
      transport: createSmtpTransport({ smtpUrl, from: FROM }),
      log,
      leaseMs: 60_000,
    });
    sender.start();
    await sender.idle();
  };
  const retry = async (afterMs: number) => {
    clock.advance(afterMs);
    sender!.kick();
    await sender!.idle();
  };
  const enqueue = (to: string, over = {}) =>
    store.transaction((tx) => enqueueMail({ clock, secrets }, tx, verification(to, over)));

  it('arrives with its text, HTML and attachment, from the configured address', async () => {
    const pdf = Buffer.from('%PDF-1.7\n% a weekly report\n%%EOF\n');
    const { id } = await enqueue('ada@example.com', {
      kind: 'report',
      subject: 'Your weekly visibility report — Acme',
      html: '<p>Your <b>weekly</b> report is attached.</p>',
      attachments: [{ filename: 'acme-2026-w24.pdf', contentType: 'application/pdf', content: pdf }],
    });
    await send();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('Your weekly visibility report — Acme');
    expect(mail.from?.value).toEqual([{ name: 'Answerwatch', address: 'alerts@answerwatch.example' }]);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.text).toBe('ada@example.com');
    expect(mail.text?.trim()).toBe(verification('ada@example.com').text);
    expect(mail.html).toContain('<p>Your <b>weekly</b> report is attached.</p>');
    expect(mail.messageId).toBe(`<${id}@answerwatch.example>`);
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(pdf)])).toEqual([
      ['acme-2026-w24.pdf', 'application/pdf', true],
    ]);
    expect((await row()).status).toBe('sent');
  });

  it('answered 451, then accepted: delivered once, after a retry', async () => {
    await enqueue('grey@example.com');
    smtp.answer({ code: 451, message: 'Greylisted, please try again later' });
    await send();
    expect(smtp.received).toHaveLength(0);
    let m = await row();
    expect([m.status, m.attempt_count]).toEqual(['pending', 1]);
    expect(JSON.parse(m.attempts)[0]).toMatchObject({ responseCode: 451 });
    expect(m.next_attempt_at).toBe(new Date(clock.now().getTime() + 30_000).toISOString());
    smtp.answer('accept');
    await retry(30_000);
    await retry(7_200_000);
    expect(smtp.received.map((r) => r.subject)).toEqual(['Verify your e-mail']);
    m = await row();
    expect([m.status, m.attempt_count]).toEqual(['sent', 2]);
  });

  it('answered 550: recorded as failed with the reply, and not tried again', async () => {
    await enqueue('nobody@example.com');
    smtp.answer({ code: 550, message: 'No such user here' });
    await send();
    smtp.answer('accept');
    for (let i = 0; i < 3; i += 1) await retry(7_200_000);
    expect(smtp.received).toHaveLength(0);
    const m = await row();
    expect([m.status, m.attempt_count, m.next_attempt_at, m.content_sealed]).toEqual([
      'failed',
      1,
      null,
      null,
    ]);
    const [attempt] = JSON.parse(m.attempts);
    expect(attempt.responseCode).toBe(550);
    expect(attempt.error).toMatch(/EENVELOPE: .*550 No such user here/);
    expect(logged.find((l) => l.msg === 'mail not sent, given up')?.obj).toMatchObject({ responseCode: 550 });
  });

  it('refused a login: retried, and the password appears neither in the outbox nor in the log', async () => {
    await enqueue('ada@example.com');
    const wrong = smtp.url.replace(encodeURIComponent(SMTP_PASSWORD), encodeURIComponent('wrong-hunter22'));
    await send(wrong);
    const m = await row();
    expect([m.status, JSON.parse(m.attempts)[0].error]).toEqual([
      'pending',
      expect.stringMatching(/^EAUTH: /),
    ]);
    // The log says where mail went, the password hidden.
    expect(logged[0]!.obj).toMatchObject({
      code: 'EAUTH',
      via: expect.stringMatching(/^SMTP smtp:\/\/mailer:\*\*\*@127\.0\.0\.1:/),
    });
    const everything = JSON.stringify([m, logged]);
    expect(everything).not.toContain('hunter22');
    expect(smtp.received).toHaveLength(0);
  });

  it('a server that cannot be reached: the attempt is recorded and tried again later', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await enqueue('ada@example.com');
    await send(`smtp://127.0.0.1:${port}`);
    const m = await row();
    expect([m.status, JSON.parse(m.attempts)[0].error]).toEqual([
      'pending',
      expect.stringMatching(/^ESOCKET: connect ECONNREFUSED/),
    ]);
  });
});
