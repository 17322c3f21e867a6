import type { MailContent } from './message.ts';
import type { SendFailure } from './retry.ts';

export interface OutgoingMail extends MailContent {
  /** The outbox id, sent as the Message-ID's local part so one mail keeps one id across attempts. */
  id: string;
  to: string;
  subject: string;
}

/** Where mail goes: an SMTP server, or the console of `start` when none is set. Never throws. */
export interface MailTransport {
  /** What the log says of it (never a password). */
  readonly description: string;
  send(mail: OutgoingMail): Promise<SendFailure | null>;
  close(): void;
}
