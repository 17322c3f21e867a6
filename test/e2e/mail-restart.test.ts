import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/domain/clock.ts';
import { createSecretBox, type SecretBox } from '../../server/domain/secret-box.ts';
import type { MailMessage } from '../../server/mail/message.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { loadSecretKey } from '../../server/secret-key.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { until } from '../support/e2e.ts';
import { rawDb } from '../support/raw-db.ts';
import { verification } from '../support/mail.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const FROM = 'Answerwatch <alerts@answerwatch.example>';

/** The service's database seen from the test: the outbox written as the service's own code writes it. */
async function outboxOf(database: ServiceDatabase) {
  const store: Store = createStore(await openDatabase(database.location));
  const secrets: SecretBox = createSecretBox(loadSecretKey(database.env, database.location));
  return {
    store,
    enqueue: (m: MailMessage) =>
      store.transaction((tx) => enqueueMail({ clock: systemClock, secrets }, tx, m)),
    row: async (id: string) => {
      const db = rawDb(database.location);
      try {
        return await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      } finally {
        await db.destroy();
      }
    },
  };
}

describe.each(e2eEngines())('mail survives kill -9 (%s)', (engine) => {
  let database: ServiceDatabase;
  let smtp: SmtpReceiver;
  let server: ServerProcess;
  let outbox: Awaited<ReturnType<typeof outboxOf>>;
  let env: Record<string, string>;
  const start = () => startServer(database.location, env, database.mode);

  beforeAll(async () => {
    database = await serviceDatabase(engine);
    smtp = await startSmtpReceiver();
    env = {
      ...database.env,
      ANSWERWATCH_SMTP_URL: smtp.url,
      ANSWERWATCH_MAIL_FROM: FROM,
      ANSWERWATCH_MAIL_LEASE_SECONDS: '11',
      ANSWERWATCH_JUDGE: 'off',
      ANSWERWATCH_LOG_LEVEL: 'warn',
    };
    server = await start();
    outbox = await outboxOf(database);
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    await outbox.store.close();
    await smtp.close();
    await database.close();
  });

  it('killed while sending (the server never answered the message): sent once after restart', async () => {
    smtp.answer('hang');
    const { id } = await outbox.enqueue(verification('ada@example.com'));
    await until(
      'the message to reach the SMTP server',
      async () => smtp.dataStarted(),
      (n) => n === 1,
    );
    await server.kill();
    smtp.answer('accept');
    server = await start();
    // The dead process held the attempt's lease (11 s); then the new one takes the mail over.
    await smtp.waitFor(1, 40_000);
    await new Promise((r) => setTimeout(r, 1_500)); // room for a duplicate to show up
    expect(smtp.received.map((m) => m.messageId)).toEqual([`<${id}@answerwatch.example>`]);
    const m = await outbox.row(id);
    expect([m.status, m.attempt_count]).toEqual(['sent', 1]);
  }, 120_000);

  it('killed after the mail was queued and before it was sent: sent after restart', async () => {
    await server.kill();
    const { id } = await outbox.enqueue(verification('bob@example.com'));
    server = await start();
    await smtp.waitFor(2, 30_000);
    expect(smtp.received[1]!.messageId).toBe(`<${id}@answerwatch.example>`);
    expect((await outbox.row(id)).status).toBe('sent');
  }, 120_000);
});

describe('without SMTP settings', () => {
  it('serve keeps the mail queued; start prints it on its console', async () => {
    const database = await serviceDatabase('sqlite');
    const env = { ANSWERWATCH_JUDGE: 'off', ANSWERWATCH_LOG_LEVEL: 'warn' };
    let server = await startServer(database.location, env, 'serve');
    const outbox = await outboxOf(database);
    try {
      const { id } = await outbox.enqueue(
        verification('ada@example.com', {
          text: 'Open https://aw.example/app/verify?token=abc123 to verify.',
        }),
      );
      await new Promise((r) => setTimeout(r, 2_500)); // more than a poll of the background jobs
      expect((await outbox.row(id)).status).toBe('pending');
      expect(server.output()).not.toContain('E-mail to');
      await server.stop();
      server = await startServer(database.location, env, 'start');
      const printed = await until(
        'the mail on the console',
        async () => server.output(),
        (out) => out.includes('Link: '),
      );
      expect(printed).toContain(
        'E-mail to ada@example.com (not sent: no ANSWERWATCH_SMTP_URL; printed here instead)\n' +
          '  Subject: Verify your e-mail\n' +
          '  Link: https://aw.example/app/verify?token=abc123\n',
      );
      expect((await outbox.row(id)).status).toBe('sent');
    } finally {
      await server.stop();
      await outbox.store.close();
      await database.close();
    }
  }, 120_000);
});
