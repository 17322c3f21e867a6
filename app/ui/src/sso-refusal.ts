/**
 * Why single sign-on did not sign the person in, in a sentence: the service sends the browser back to the page the
 * sign-in started from with `?error=` (and `error_description`), the identity library's codes and ours.
 */
const START_AGAIN = 'Start again with “Sign in with single sign-on”.';
const NOT_VERIFIED =
  'Your organisation’s sign-in service sent an answer this service could not verify (another issuer, another application, expired, or not signed by its key), so you are not signed in. Try again; if it keeps happening, ask your account’s admin to check its single sign-on settings.';

/** The reasons the service gives (`error`, or `error_description` where it is more precise), in sentences. */
const REFUSALS: Record<string, string> = {
  token_not_verified: NOT_VERIFIED,
  id_token_subject_missing: NOT_VERIFIED,
  email_outside_sso_domains:
    'Your e-mail address is not in the domains your account’s single sign-on covers, so you are not signed in. Ask the account’s owner or an admin.',
  sso_nonce_mismatch: `The answer from your organisation’s sign-in service did not belong to this sign-in, so it was refused. ${START_AGAIN}`,
  state_mismatch: `This sign-in was not started in this browser, or took too long, so it was refused. ${START_AGAIN}`,
  invalid_state: `This sign-in was not started in this browser, or took too long, so it was refused. ${START_AGAIN}`,
  please_restart_the_process: `This sign-in took too long. ${START_AGAIN}`,
  'account not linked':
    'This e-mail address already signs in here with a password: sign in with it (single sign-on is for people who first came in through it).',
  access_denied: 'The sign-in was cancelled at your organisation’s sign-in service.',
};

/** The sentence for a refused single sign-on the service sent the browser back with, if it did. */
export function refusalFromAddress(): string {
  const q = new URLSearchParams(location.search);
  const error = q.get('error') ?? '';
  // Said once: the address goes back to the plain sign-in page.
  history.replaceState(null, '', location.pathname + location.hash);
  const description = q.get('error_description') ?? '';
  return (
    REFUSALS[description] ??
    REFUSALS[error] ??
    `Single sign-on did not sign you in (${description || error}). Try again, or sign in with your password.`
  );
}
