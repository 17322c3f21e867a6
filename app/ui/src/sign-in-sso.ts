/**
 * "Sign in with single sign-on": the work e-mail is all it asks; the service finds the account whose provider
 * covers its domain and answers with the provider's address, where the browser goes to sign in. Back from there,
 * the service has signed the person in (the app boots with the session) or sends the browser here with `?error=`,
 * which sso-refusal.ts says in a sentence.
 */
import { auth } from './auth-client.ts';
import { button, field, h, input, notice } from './dom.ts';
import type { SignInMethod } from './page-sign-in.ts';
import { refusalText } from './sign-in-text.ts';

export const singleSignOn: SignInMethod = ({ status }) => {
  // Sent back refused: the reasons in sentences are loaded only then.
  if (new URLSearchParams(location.search).has('error'))
    void import('./sso-refusal.ts').then((m) =>
      status.replaceChildren(notice('error', m.refusalFromAddress())),
    );
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
