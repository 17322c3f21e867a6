/** What the service sends by e-mail; the outbox keeps one row per mail, keyed by `key`. */
export type MailKind = 'verification' | 'password-reset' | 'invitation' | 'report';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  kind: MailKind;
  /** One recipient address. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: readonly MailAttachment[];
  /** Where one click unsubscribes the recipient (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post. */
  unsubscribeUrl?: string;
  /**
   * The same key is queued once, however often and by however many instances it is enqueued (a report's is its
   * schedule and period). Without one, every enqueue is a mail of its own.
   */
  key?: string;
}

/** The part of a mail that is sealed at rest: what the recipient reads, links included. */
export interface MailContent {
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  unsubscribeUrl: string | null;
}

interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

export const contentToJson = (c: MailContent): string =>
  JSON.stringify({
    text: c.text,
    html: c.html,
    attachments: c.attachments.map((a): StoredAttachment => ({
      filename: a.filename,
      contentType: a.contentType,
      base64: a.content.toString('base64'),
    })),
    ...(c.unsubscribeUrl !== null && { unsubscribeUrl: c.unsubscribeUrl }),
  });

export function contentFromJson(json: string): MailContent {
  const c = JSON.parse(json) as {
    text: string;
    html: string | null;
    attachments: StoredAttachment[];
    unsubscribeUrl?: string;
  };
  return {
    text: c.text,
    html: c.html,
    attachments: c.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.base64, 'base64'),
    })),
    // Mail queued before unsubscribe links were kept has none.
    unsubscribeUrl: c.unsubscribeUrl ?? null,
  };
}

// One plain address, no display name: nothing a header could be split on, nothing that names a second recipient.
const ADDRESS = /^[^\s@<>,;"()\\]+@[^\s@<>,;"()\\]+\.[^\s@<>,;"()\\]+$/;
const LINE_BREAK = /[\r\n]/;

/** One address a mail can be queued to (what mailProblem checks of `to`). */
export const isMailAddress = (address: string): boolean => ADDRESS.test(address);

/**
 * What is wrong with a mail before it is queued, or null: callers check addresses people type before they get
 * here, so this is the last guard against a mail no server would take, or a header split by a line break.
 */
export function mailProblem(m: MailMessage): string | null {
  if (!isMailAddress(m.to)) return `the recipient is not one e-mail address: ${JSON.stringify(m.to)}`;
  if (m.subject.trim() === '') return 'the subject is empty';
  if (LINE_BREAK.test(m.subject)) return 'the subject has a line break';
  if (m.text.trim() === '') return 'the text is empty';
  if (m.unsubscribeUrl !== undefined && !/^https?:\/\/[^\s<>]+$/.test(m.unsubscribeUrl))
    return `the unsubscribe link is not one web address: ${JSON.stringify(m.unsubscribeUrl)}`;
  for (const a of m.attachments ?? []) {
    if (a.filename.trim() === '' || LINE_BREAK.test(a.filename))
      return `an attachment's file name is empty or has a line break: ${JSON.stringify(a.filename)}`;
  }
  return null;
}
