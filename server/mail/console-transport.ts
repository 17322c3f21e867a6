import type { MailTransport, OutgoingMail } from './transport.ts';

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

/** The mail as a person at the console reads it: who it is for, what it is about, and the links to follow. */
export function consoleText(mail: OutgoingMail): string {
  const links = [...new Set(mail.text.match(LINK) ?? [])];
  return [
    `E-mail to ${mail.to} (not sent: no ANSWERWATCH_SMTP_URL; printed here instead)`,
    `  Subject: ${mail.subject}`,
    ...links.map((l) => `  Link: ${l}`),
    ...mail.attachments.map((a) => `  Attachment: ${a.filename} (${a.content.length} bytes, not kept)`),
    '',
  ].join('\n');
}

/**
 * `start` without SMTP settings: the mail is printed on the service's console, where the person who started it
 * reads it (a verification or invitation link opened on the same computer).
 */
export function createConsoleTransport(out: NodeJS.WritableStream): MailTransport {
  return {
    description: 'the console',
    async send(mail) {
      out.write(consoleText(mail));
      return null;
    },
    close: () => {},
  };
}
