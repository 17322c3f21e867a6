import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import type { SecretBox } from '../../server/domain/secret-box.ts';
import { startBackgroundJobs } from '../../server/jobs/background.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { MAX_MAIL_ATTEMPTS } from '../../server/mail/retry.ts';
import { createMailSender, type MailSender } from '../../server/mail/sender.ts';
import type { MailTransport } from '../../server/mail/transport.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { BASE, SILENT, TestClock } from '../support/api-harness.ts';
import { recordingTransport, testSecrets, verification } from '../support/mail.ts';
import { freshDatabase, rawDb, type TestDatabase } from '../support/test-db.ts';

describe('the mail outbox', () => {
  let database: TestDatabase;
  let store: Store;
  let clock: TestClock;
  let secrets: SecretBox;
  const senders: MailSender[] = [];
  const others: Store[] = [];

  beforeEach(async () => {
    database = await freshDatabase();
    store = createStore(await openDatabase(database.location, { poolSize: 4 }));
    clock = new TestClock();
    secrets = testSecrets();
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.stop()));
    await Promise.all(others.splice(0).map((s) => s.close()));
    await store.close();
    await database.drop();
  });

  const rows = async () => {
    const db = rawDb(database.location);
    try {
      return await db.selectFrom('mail_outbox').selectAll().orderBy('seq').execute();
    } finally {
      await db.destroy();
    }
  };
  const sender = (transport: MailTransport, on: Store = store) => {
    const s = createMailSender({ store: on, clock, secrets, transport, log: SILENT, leaseMs: 60_000 });
    senders.push(s);
    return s;
  };
  const deps = () => ({ clock, secrets });

  it('writes a mail with the change that causes it, or not at all', async () => {
    await expect(
      store.transaction(async (tx) => {
        await enqueueMail(deps(), tx, verification('ada@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
    const { queued } = await store.transaction((tx) =>
      enqueueMail(deps(), tx, verification('ada@example.com')),
    );
    expect(queued).toBe(true);
    expect((await rows()).map((r) => [r.recipient, r.status])).toEqual([['ada@example.com', 'pending']]);
  });

  it('queues a key once, however often it is enqueued, also at the same moment', async () => {
    const report = verification('ada@example.com', { kind: 'report', key: 'report:prj1:2026-06' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => store.transaction((tx) => enqueueMail(deps(), tx, report))),
    );
    expect(results.filter((r) => r.queued)).toHaveLength(1);
    const again = await store.transaction((tx) => enqueueMail(deps(), tx, report));
    expect(again.queued).toBe(false);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.idempotency_key).toBe('report:prj1:2026-06');
    // Without a key each enqueue is a mail of its own.
    await store.transaction((tx) => enqueueMail(deps(), tx, verification('bob@example.com')));
    await store.transaction((tx) => enqueueMail(deps(), tx, verification('bob@example.com')));
    expect(await rows()).toHaveLength(3);
  });

  it('refuses a mail no server would take, writing nothing', async () => {
    for (const bad of [
      verification('ada@example.com, eve@example.com'),
      verification('Ada <ada@example.com>'),
      verification('ada@example.com', { subject: 'Hi\r\nBcc: eve@example.com' }),
      verification('ada@example.com', { text: ' ' }),
    ]) {
      await expect(store.transaction((tx) => enqueueMail(deps(), tx, bad))).rejects.toThrow(
        /mail not queued/,
      );
    }
    expect(await rows()).toEqual([]);
  });

  it('keeps the content sealed, sends it as queued, and drops it once sent', async () => {
    const pdf = Buffer.from('%PDF-1.7 report');
    const mail = verification('ada@example.com', {
      html: '<p>Open <a href="https://aw.example/app/verify?token=9secret">the link</a></p>',
      attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const { id } = await store.transaction((tx) => enqueueMail(deps(), tx, mail));
    const [queued] = await rows();
    expect(queued!.content_sealed).not.toContain('secret');
    expect(queued!.content_sealed).not.toContain('verify');
    const transport = recordingTransport();
    const s = sender(transport);
    s.start();
    await s.idle();
    expect(transport.sent).toHaveLength(1);
    const out = transport.sent[0]!;
    expect([out.id, out.to, out.subject, out.text, out.html]).toEqual([
      id,
      'ada@example.com',
      mail.subject,
      mail.text,
      mail.html,
    ]);
    expect(out.attachments.map((a) => [a.filename, a.contentType, a.content.equals(pdf)])).toEqual([
      ['report.pdf', 'application/pdf', true],
    ]);
    const [sent] = await rows();
    expect([sent!.status, sent!.attempt_count, sent!.sent_at, sent!.content_sealed]).toEqual([
      'sent',
      1,
      clock.now().toISOString(),
      null,
    ]);
  });

  it('retries a transient failure after its wait, and gives up on a permanent one with the reason', async () => {
    await store.transaction((tx) => enqueueMail(deps(), tx, verification('grey@example.com')));
    await store.transaction((tx) => enqueueMail(deps(), tx, verification('gone@example.com')));
    let greyTries = 0;
    const transport = recordingTransport({
      answer: (m) => {
        if (m.to === 'gone@example.com')
          return { responseCode: 550, code: 'EENVELOPE', message: '550 5.1.1 No such user' };
        greyTries += 1;
        return greyTries <= 2
          ? { responseCode: 451, code: 'EENVELOPE', message: '451 4.7.1 Greylisted, try again' }
          : null;
      },
    });
    const s = sender(transport);
    s.start();
    await s.idle();
    let [grey, gone] = await rows();
    expect([gone!.status, gone!.attempt_count, gone!.next_attempt_at, gone!.content_sealed]).toEqual([
      'failed',
      1,
      null,
      null,
    ]);
    expect(JSON.parse(gone!.attempts)).toEqual([
      expect.objectContaining({ responseCode: 550, error: 'EENVELOPE: 550 5.1.1 No such user' }),
    ]);
    expect(grey!.status).toBe('pending');
    expect(grey!.next_attempt_at).toBe(new Date(clock.now().getTime() + 30_000).toISOString());
    // Not due yet: nothing is sent.
    clock.advance(29_000);
    s.kick();
    await s.idle();
    expect(transport.sent).toHaveLength(2);
    clock.advance(1_000);
    s.kick();
    await s.idle();
    expect(transport.sent).toHaveLength(3);
    [grey, gone] = await rows();
    expect(grey!.next_attempt_at).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
    clock.advance(60_000);
    s.kick();
    await s.idle();
    [grey, gone] = await rows();
    expect([grey!.status, grey!.attempt_count]).toEqual(['sent', 2 + 1]);
    expect(JSON.parse(grey!.attempts).map((a: { responseCode: number | null }) => a.responseCode)).toEqual([
      451,
      451,
      null,
    ]);
    // The permanent failure was never tried again.
    expect(transport.sent.filter((m) => m.to === 'gone@example.com')).toHaveLength(1);
  });

  it('gives up on a transient failure at the last attempt', async () => {
    await store.transaction((tx) => enqueueMail(deps(), tx, verification('down@example.com')));
    const transport = recordingTransport({
      answer: () => ({
        responseCode: null,
        code: 'ECONNECTION',
        message: 'connect ECONNREFUSED 127.0.0.1:25',
      }),
    });
    const s = sender(transport);
    s.start();
    for (let i = 0; i < MAX_MAIL_ATTEMPTS + 2; i += 1) {
      await s.idle();
      clock.advance(7_200_000);
      s.kick();
    }
    await s.idle();
    const [down] = await rows();
    expect([down!.status, down!.attempt_count]).toEqual(['failed', MAX_MAIL_ATTEMPTS]);
    expect(transport.sent).toHaveLength(MAX_MAIL_ATTEMPTS);
  });

  it('fails a mail whose content does not open with the sealing key, without sending it', async () => {
    await store.transaction((tx) =>
      enqueueMail({ clock, secrets: testSecrets() }, tx, verification('ada@example.com')),
    );
    const transport = recordingTransport();
    const s = sender(transport);
    s.start();
    await s.idle();
    const [m] = await rows();
    expect(transport.sent).toEqual([]);
    expect(m!.status).toBe('failed');
    expect(JSON.parse(m!.attempts)[0].error).toBe('ESEALED: the content does not open with the sealing key');
  });

  it('is sent once by two senders on one database, each on its own connections', async () => {
    const n = 60;
    await store.transaction(async (tx) => {
      for (let i = 0; i < n; i += 1) await enqueueMail(deps(), tx, verification(`user${i}@example.com`));
    });
    const second = createStore(await openDatabase(database.location, { poolSize: 4 }));
    others.push(second);
    const transport = recordingTransport({ delayMs: 20 });
    const [a, b] = [sender(transport), sender(transport, second)];
    a.start();
    b.start();
    for (let i = 0; i < 5; i += 1) {
      a.kick();
      b.kick();
      await Promise.all([a.idle(), b.idle()]);
    }
    const ids = transport.sent.map((m) => m.id);
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
    const stored = await rows();
    expect(stored.every((r) => r.status === 'sent' && r.attempt_count === 1)).toBe(true);
    // Both took part: the claims interleaved, and none was sent twice.
    expect(new Set(stored.map((r) => r.lease_owner)).size).toBe(2);
  });
});

describe('the background jobs', () => {
  it('send a mail as soon as they are told one was queued, not at their next poll', async () => {
    const database = await freshDatabase();
    const store = createStore(await openDatabase(database.location, { poolSize: 4 }));
    const clock = new TestClock();
    const secrets = testSecrets();
    const transport = recordingTransport();
    const jobs = await startBackgroundJobs({
      store,
      clock,
      plans: DEFAULT_PLANS,
      log: SILENT,
      engines: new Map(),
      judge: null,
      pollMs: 3_600_000,
      baseUrl: BASE,
      secrets,
      webhookNet: { allowPrivate: false },
      mail: { transport, leaseMs: 60_000 },
    });
    try {
      await jobs.idle();
      await store.transaction((tx) => enqueueMail({ clock, secrets }, tx, verification('ada@example.com')));
      await new Promise((r) => setTimeout(r, 200));
      expect(transport.sent).toEqual([]);
      jobs.signals.mailQueued();
      await jobs.idle();
      expect(transport.sent.map((m) => m.to)).toEqual(['ada@example.com']);
    } finally {
      await jobs.stop();
      await store.close();
      await database.drop();
    }
  });
});
