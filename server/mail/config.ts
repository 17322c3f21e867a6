import { redactUrlPassword } from '../store/location.ts';

export interface MailConfig {
  /** ANSWERWATCH_SMTP_URL (smtp:// or smtps://, credentials in it), or null: no way to send mail. */
  smtpUrl: string | null;
  /** ANSWERWATCH_MAIL_FROM: the From of every mail, `Name <address>` or an address. */
  from: string;
  /** How long a sending attempt is owned (ANSWERWATCH_MAIL_LEASE_SECONDS): longer than an attempt may take. */
  leaseMs: number;
}

/** The From a `start` without settings prints its mail with; an SMTP server is always told one. */
export const CONSOLE_FROM = 'Answerwatch <answerwatch@localhost>';

/** nodemailer gives up on a silent server after this long, at each step of an attempt (see smtp-transport.ts). */
export const MAIL_STEP_TIMEOUT_MS = 10_000;

function smtpUrlFrom(text: string | undefined): string | null {
  const raw = text?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The text itself is not repeated: it may hold a password.
    throw new Error('ANSWERWATCH_SMTP_URL is not a URL: write it as smtps://user:password@host:465');
  }
  const shown = redactUrlPassword(raw);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`ANSWERWATCH_SMTP_URL must start with smtp:// or smtps://, got ${shown}`);
  if (!url.hostname) throw new Error(`ANSWERWATCH_SMTP_URL names no server: ${shown}`);
  if (url.password && !url.username)
    throw new Error(`ANSWERWATCH_SMTP_URL has a password but no user name: ${shown}`);
  return raw;
}

// `address@domain`, or a display name (quoted, or without commas, quotes or angle brackets) and `<address@domain>`:
// read here without nodemailer, which loads only when mail is sent.
const FROM = /^(?:(?:"[^"\r\n]*"|[^",<>\r\n]*)\s*<[^\s<>@",]+@[^\s<>@",]+>|[^\s<>@",]+@[^\s<>@",]+)$/;

function fromAddress(text: string | undefined, smtpUrl: string | null): string {
  const raw = text?.trim();
  if (!raw) {
    if (smtpUrl)
      throw new Error(
        'ANSWERWATCH_MAIL_FROM must be set with ANSWERWATCH_SMTP_URL: the address mail is sent from, ' +
          'as `Answerwatch <alerts@example.com>`',
      );
    return CONSOLE_FROM;
  }
  if (!FROM.test(raw))
    throw new Error(
      `ANSWERWATCH_MAIL_FROM must be one address, as \`Answerwatch <alerts@example.com>\`, got ${raw}`,
    );
  return raw;
}

function leaseMs(text: string | undefined): number {
  if (text === undefined || text === '') return 60_000;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds <= MAIL_STEP_TIMEOUT_MS / 1000)
    throw new Error(
      `ANSWERWATCH_MAIL_LEASE_SECONDS must be a whole number above ${MAIL_STEP_TIMEOUT_MS / 1000}, ` +
        `the time a step of an attempt may take, got ${text}`,
    );
  return seconds * 1000;
}

export function loadMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const smtpUrl = smtpUrlFrom(env.ANSWERWATCH_SMTP_URL);
  return {
    smtpUrl,
    from: fromAddress(env.ANSWERWATCH_MAIL_FROM, smtpUrl),
    leaseMs: leaseMs(env.ANSWERWATCH_MAIL_LEASE_SECONDS),
  };
}
