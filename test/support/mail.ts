import { randomBytes } from 'node:crypto';
import { createSecretBox } from '../../server/domain/secret-box.ts';
import type { MailMessage } from '../../server/mail/message.ts';
import type { SendFailure } from '../../server/mail/retry.ts';
import type { MailTransport, OutgoingMail } from '../../server/mail/transport.ts';

/** A sealing key for tests that queue mail and send it with the same box. */
export const testSecrets = () => createSecretBox(randomBytes(32));

export const verification = (to: string, over: Partial<MailMessage> = {}): MailMessage => ({
  kind: 'verification',
  to,
  subject: 'Verify your e-mail',
  text: `Open https://aw.example/app/verify?token=${to.length}secret to verify your address.`,
  ...over,
});

/**
 * A transport that keeps what it is given and answers what the test says: null (sent) unless `answer` returns a
 * failure. `delayMs` holds each send, so concurrent senders overlap.
 */
export function recordingTransport(
  o: { answer?: (mail: OutgoingMail, n: number) => SendFailure | null; delayMs?: number } = {},
) {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport & { sent: OutgoingMail[] } = {
    sent,
    description: 'a test transport',
    async send(mail) {
      if (o.delayMs) await new Promise((r) => setTimeout(r, Math.random() * o.delayMs!));
      sent.push(mail);
      return o.answer?.(mail, sent.length) ?? null;
    },
    close: () => {},
  };
  return transport;
}
