import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { redactUrlPassword } from '../store/location.ts';
import { MAIL_STEP_TIMEOUT_MS } from './config.ts';
import type { SendFailure } from './retry.ts';
import type { MailTransport, OutgoingMail } from './transport.ts';

/** Hides the password (as written in the URL, and as decoded) wherever a message might repeat it. */
function scrubberFor(smtpUrl: string): (text: string) => string {
  const written = new URL(smtpUrl).password;
  let decoded = written;
  try {
    decoded = decodeURIComponent(written);
  } catch {
    // A lone % is kept as written, and so is the password nodemailer logs in with.
  }
  const secrets = [written, decoded].filter((s) => s.length > 0);
  return (text) => secrets.reduce((t, s) => t.split(s).join('***'), text);
}

/**
 * Mail sent over SMTP with nodemailer, one connection per attempt (nothing held between mails). Every step of an
 * attempt gives up after MAIL_STEP_TIMEOUT_MS of silence, so the lease outlives an attempt.
 */
export function createSmtpTransport(o: { smtpUrl: string; from: string }): MailTransport {
  const scrub = scrubberFor(o.smtpUrl);
  const domain = addressparser(o.from, { flatten: true })[0]?.address.split('@')[1] ?? 'localhost';
  const transporter = nodemailer.createTransport({
    url: o.smtpUrl,
    connectionTimeout: MAIL_STEP_TIMEOUT_MS,
    greetingTimeout: MAIL_STEP_TIMEOUT_MS,
    socketTimeout: MAIL_STEP_TIMEOUT_MS,
    // nodemailer's own log stays off: it would print the conversation, AUTH included.
    logger: false,
    debug: false,
  });
  return {
    description: `SMTP ${redactUrlPassword(o.smtpUrl)}`,
    async send(mail: OutgoingMail): Promise<SendFailure | null> {
      try {
        await transporter.sendMail({
          from: o.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html !== null && { html: mail.html }),
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
          messageId: `<${mail.id}@${domain}>`,
          // RFC 8058 one-click: nodemailer writes List-Unsubscribe; the Post header tells clients a POST suffices.
          ...(mail.unsubscribeUrl !== null && {
            list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Unsubscribe' } },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }),
        });
        return null;
      } catch (err) {
        const e = err as { responseCode?: unknown; code?: unknown; message?: unknown };
        return {
          responseCode: typeof e.responseCode === 'number' ? e.responseCode : null,
          code: typeof e.code === 'string' ? e.code : null,
          message: scrub(String(e.message ?? err)),
        };
      }
    },
    close: () => transporter.close(),
  };
}
