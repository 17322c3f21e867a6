/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that takes mail with a user name and password,
 * parses what arrives (mailparser), and answers as the test scripts it: accept, refuse a recipient with a reply
 * code, or take the message and never answer (a server that hangs while the sender is killed).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'p@ss w0rd:hunter22';

/** What the server does with the next recipient or message. */
export type SmtpAnswer = 'accept' | 'hang' | { code: number; message: string };

export interface SmtpReceiver {
  /** smtp://mailer:…@127.0.0.1:PORT, the password percent-encoded as a URL must have it. */
  url: string;
  port: number;
  received: ParsedMail[];
  /** Messages whose data began to arrive, answered or not. */
  dataStarted(): number;
  /** From now on, answer every recipient with this (default: accept). */
  answer(a: SmtpAnswer): void;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const refusal = (a: { code: number; message: string }) =>
  Object.assign(new Error(a.message), { responseCode: a.code });

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ParsedMail[] = [];
  let started = 0;
  let current: SmtpAnswer = 'accept';
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    closeTimeout: 200,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
        callback(null, { user: auth.username });
      // As a careless server might, the refusal repeats the password it was given: the sender must not keep it.
      else
        callback(
          Object.assign(new Error(`Authentication failed for ${auth.username}:${auth.password ?? ''}`), {
            responseCode: 535,
          }),
        );
    },
    onRcptTo(_address, _session, callback) {
      callback(typeof current === 'object' ? refusal(current) : null);
    },
    onData(stream, _session, callback) {
      started += 1;
      const hang = current === 'hang';
      simpleParser(stream)
        .then((mail) => {
          if (hang) return;
          received.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  // A sender killed mid-message resets its connection (the kill -9 tests do it on purpose): that is the client's
  // end, not the server's failure, and smtp-server emits it as an 'error' that would otherwise end the test process.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    port,
    received,
    dataStarted: () => started,
    answer: (a) => {
      current = a;
    },
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} mails arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
