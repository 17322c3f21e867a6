/**
 * What a refused sign-in or sign-up means, in a sentence: the identity library answers with codes and short
 * English messages ("Invalid email or password"); people get what happened and what to do next.
 */
import type { AuthReply } from './auth-client.ts';

/** "in 40 seconds", "in 3 minutes", "in 2 hours": when a 429's Retry-After ends. */
export function waitText(seconds: number | null): string {
  if (seconds === null) return 'in a minute';
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `in ${minutes} minutes`;
  return `in ${Math.ceil(minutes / 60)} hours`;
}

const SENTENCES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD:
    'That e-mail and password do not match an account here. Check both, or choose a new password with “Forgot your password?”.',
  EMAIL_NOT_VERIFIED:
    'This e-mail address is not confirmed yet. We have sent a new link to it: open it, then sign in.',
  INVALID_EMAIL: 'That is not an e-mail address.',
  PASSWORD_TOO_SHORT: 'The password is too short: use at least 10 characters.',
  PASSWORD_TOO_LONG: 'The password is too long: use at most 128 characters.',
  SIGN_UP_BY_INVITATION_ONLY:
    'Sign-up here is by invitation only: ask the owner or an admin of an account to invite this e-mail address, then sign up with it.',
};

/** The web UI at the service's public origin, as /auth/sign-in-options names it (auth-client.ts keeps it here). */
let serviceApp: string | null = null;

export function rememberServiceApp(url: string | null): void {
  serviceApp = url;
}

/**
 * The library refuses a sign-in from a page opened at another address than the service's public one (another host
 * name or IP for the same machine) as "Invalid origin": said as where to go instead.
 */
function wrongAddress(): string {
  const where = serviceApp ? ` Open Answerwatch at ${serviceApp} and sign in there.` : '';
  return `Sign-in works only at this service’s own address, not at the one this page was opened at.${where}`;
}

export function refusalText(r: Pick<AuthReply, 'status' | 'body' | 'retryAfter'>): string {
  if (r.status === 0) return 'Could not reach the service: check the connection and try again.';
  if (r.status === 429) return `Too many attempts. Try again ${waitText(r.retryAfter)}.`;
  const code = typeof r.body.code === 'string' ? r.body.code : '';
  if (code === 'INVALID_ORIGIN') return wrongAddress();
  const known = SENTENCES[code];
  if (known) return known;
  const said = r.body.error_description ?? r.body.detail ?? r.body.message;
  return typeof said === 'string' && said ? said : 'The service refused this; try again.';
}
