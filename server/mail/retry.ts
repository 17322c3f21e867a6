/**
 * After a transient failure the next attempt waits 30 s, then twice as long each time, at most 2 h; the twelfth
 * failure is final (a little over 8 hours after the first attempt), as mail servers give up on a message in the end.
 */
const FIRST_DELAY_MS = 30_000;
const LONGEST_DELAY_MS = 7_200_000;
export const MAX_MAIL_ATTEMPTS = 12;

/** The wait after failed attempt `attempt` (1 for the first), or null when that failure is final. */
export function retryDelayMs(attempt: number): number | null {
  if (attempt >= MAX_MAIL_ATTEMPTS) return null;
  return Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), LONGEST_DELAY_MS);
}

/** Why an attempt failed, as a transport reports it. */
export interface SendFailure {
  /** The SMTP server's reply code (550, 451, ...), when it answered. */
  responseCode: number | null;
  /** nodemailer's error code (ESOCKET, ECONNECTION, ETIMEDOUT, EAUTH, ...), when there is one. */
  code: string | null;
  message: string;
}

/**
 * A 5xx reply refuses this message for good (no such mailbox, message refused): trying again gives the same
 * answer. Everything else may pass later: 4xx replies (greylisting, a full mailbox), a server that cannot be
 * reached, and a refused login, which is the service's configuration, not the mail's, and is fixed by its operator.
 * Content that does not open with the sealing key (ESEALED) never will.
 */
export const isPermanent = (f: SendFailure): boolean =>
  f.code === 'ESEALED' ||
  (f.code !== 'EAUTH' && f.responseCode !== null && f.responseCode >= 500 && f.responseCode < 600);
