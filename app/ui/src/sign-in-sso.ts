/**
 * "Sign in with single sign-on": the work e-mail is all it asks; the service finds the account whose provider
 * covers its domain and answers with the provider's address, where the browser goes to sign in. Back from there,
 * the service has signed the person in (the app boots with the session) or sends the browser here with `?error=`,
 * which this says in a sentence.
 */
import { auth } from './auth-client.ts';
import { button, field, h, input, notice } from './dom.ts';
import type { SignInMethod } from './page-sign-in.ts';
import { refusalText } from './sign-in-text.ts';

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
function refusalFromAddress(): string | null {
  const q = new URLSearchParams(location.search);
  const error = q.get('error');
  if (!error) return null;
  // Said once: the address goes back to the plain sign-in page.
  history.replaceState(null, '', location.pathname + location.hash);
  const description = q.get('error_description') ?? '';
  return (
    REFUSALS[description] ??
    REFUSALS[error] ??
    `Single sign-on did not sign you in (${description || error}). Try again, or sign in with your password.`
  );
}

export const singleSignOn: SignInMethod = ({ status }) => {
  const refused = refusalFromAddress();
  if (refused) status.replaceChildren(notice('error', refused));
  const email = input({ type: 'email', name: 'work-email', autocomplete: 'email', required: true });
  const submit = h('button', { type: 'submit' }, 'Continue to your organisation’s sign-in');
  const form = h(
    'form',
    { class: 'stack', 'aria-label': 'Sign in with single sign-on' },
    field('Work e-mail', email, 'Your organisation’s own sign-in service opens next.'),
    h('div', { class: 'actions' }, submit),
  );
  const open = button(
    'Sign in with single sign-on',
    () => {
      // In the page only once asked for: until then the page has one e-mail field, the password form's.
      if (!form.isConnected) wrap.append(form);
      open.setAttribute('aria-expanded', 'true');
      email.focus();
    },
    { 'aria-expanded': 'false' },
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void (async () => {
      submit.disabled = true;
      status.replaceChildren();
      // Back to this very page (the app, or the device page), signed in or with the reason it was refused.
      const back = location.pathname + location.search;
      const r = await auth('/sign-in/sso', {
        email: email.value.trim(),
        callbackURL: back,
        errorCallbackURL: back,
      });
      const url = typeof r.body.url === 'string' ? r.body.url : null;
      if (r.ok && url) return location.assign(url);
      submit.disabled = false;
      status.replaceChildren(notice('error', refusalText(r)));
    })();
  });
  const wrap = h('div', { class: 'sign-in-sso' }, open);
  return wrap;
};
