import type { Clock } from '../domain/clock.ts';
import type { Signals } from '../domain/context.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import type { MailMessage } from '../mail/message.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Store } from '../store/index.ts';

/** The service's own pages the mails link to (server/auth/link-pages.ts), under the public address. */
export const LINK_PAGES = {
  verify: '/app/verify-email',
  reset: '/app/reset-password',
  invitation: '/app/accept-invitation',
} as const;

/** How long a verification or reset link works (the library's default, said here so mails and pages agree). */
export const LINK_LIFETIME_SECONDS = 3600;

/** The mails sign-in sends, each queued in the outbox (server/mail) and the sender woken. */
export interface AuthMail {
  verification(to: string, token: string): Promise<void>;
  passwordReset(to: string, token: string): Promise<void>;
  invitation(i: { id: string; to: string; account: string; inviter: string; role: string }): Promise<void>;
}

export interface AuthMailDeps {
  store: Store;
  clock: Clock;
  secrets: SecretBox;
  signals: Pick<Signals, 'mailQueued'>;
  /** The API's public base (ANSWERWATCH_PUBLIC_URL, ending in /v1): links keep any path it is served under. */
  baseUrl: string;
}

/** A name people typed, on one line and of a bounded length, as a mail to someone else quotes it. */
const quoted = (text: string): string => JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 100));

export function authMail(d: AuthMailDeps): AuthMail {
  const link = (page: string, query: Record<string, string>) => {
    const url = new URL(`..${page}`, `${d.baseUrl.replace(/\/+$/, '')}/`);
    url.search = new URLSearchParams(query).toString();
    return url.toString();
  };
  // The library writes the change (the user, the reset token, the invitation) and then calls these, outside any
  // transaction of ours: the mail is its own write, committed before the sender is woken.
  const send = async (m: MailMessage) => {
    await d.store.transaction((tx) => enqueueMail(d, tx, m));
    d.signals.mailQueued();
  };
  const minutes = LINK_LIFETIME_SECONDS / 60;
  return {
    verification: (to, token) =>
      send({
        kind: 'verification',
        to,
        subject: 'Confirm your e-mail address for Answerwatch',
        text:
          `Open this link to confirm that ${to} is your address and to sign in to Answerwatch:\n\n` +
          `${link(LINK_PAGES.verify, { token })}\n\n` +
          `The link works once, within ${minutes} minutes. If you did not sign up, ignore this mail: ` +
          'nothing happens without the link.\n',
      }),
    passwordReset: (to, token) =>
      send({
        kind: 'password-reset',
        to,
        subject: 'Choose a new Answerwatch password',
        text:
          `Someone asked to reset the password of ${to} on Answerwatch. To choose a new one, open:\n\n` +
          `${link(LINK_PAGES.reset, { token })}\n\n` +
          `The link works once, within ${minutes} minutes, and signs you out everywhere. If you did not ask, ` +
          'ignore this mail: your password stays as it is.\n',
      }),
    invitation: (i) =>
      send({
        kind: 'invitation',
        to: i.to,
        subject: 'You are invited to an account on Answerwatch',
        text:
          `${i.inviter} invited you to the account ${quoted(i.account)} on Answerwatch, as ${i.role}. ` +
          `To join, open:\n\n${link(LINK_PAGES.invitation, { id: i.id })}\n\n` +
          `If you have no password yet, sign up with ${i.to} first. The invitation works once; ` +
          'if you do not know the sender, ignore this mail.\n',
      }),
  };
}
