/**
 * The sign-in page of the cloud service (`answerwatch serve`), for a person who is signed out: e-mail and password,
 * the other ways to sign in (SIGN_IN_METHODS), the way to a new password, and sign-up where the service takes it
 * (open sign-up, or a person invited by e-mail). Everything goes to the identity library at /auth; once signed in,
 * the page hands over to `onSignedIn` (the app boots again, now with the session).
 */
import { auth, type SignInOptions } from './auth-client.ts';
import { field, h, input, notice } from './dom.ts';
import { passkeySignIn } from './passkey-sign-in.ts';
import { singleSignOn } from './sign-in-sso.ts';
import { refusalText } from './sign-in-text.ts';

/**
 * Another way to sign in: makes its own button (or small form), calls `signedIn` once the session is there, and
 * says what went wrong in `status`. Passkeys and single sign-on add theirs to SIGN_IN_METHODS below, one line each.
 */
export type SignInMethod = (ctx: { signedIn: () => Promise<void>; status: HTMLElement }) => HTMLElement;

/** The ways to sign in beside e-mail and password, drawn in this order under the form. */
export const SIGN_IN_METHODS: SignInMethod[] = [passkeySignIn, singleSignOn];

const FORGOT_PASSWORD = '/app/forgot-password';

/** E-mail and password, then the other methods: the form the sign-in page and the device page both show. */
export function signInForm(signedIn: () => Promise<void>): HTMLElement {
  const email = input({ type: 'email', name: 'email', autocomplete: 'username', required: true });
  const password = input({
    type: 'password',
    name: 'password',
    autocomplete: 'current-password',
    required: true,
  });
  const status = h('div', { class: 'form-status', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Sign in');
  const form = h(
    'form',
    { class: 'stack', 'aria-label': 'Sign in' },
    field('E-mail', email),
    field('Password', password),
    h('div', { class: 'actions' }, submit),
    status,
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void (async () => {
      submit.disabled = true;
      status.replaceChildren();
      const r = await auth('/sign-in/email', { email: email.value.trim(), password: password.value });
      submit.disabled = false;
      if (!r.ok) return void status.replaceChildren(notice('error', refusalText(r)));
      await signedIn();
    })();
  });
  const methods = SIGN_IN_METHODS.map((method) => method({ signedIn, status }));
  return h(
    'div',
    { class: 'sign-in' },
    form,
    methods.length > 0
      ? h(
          'div',
          { class: 'sign-in-methods', role: 'group', 'aria-label': 'Other ways to sign in' },
          ...methods,
        )
      : null,
  );
}

/** Sign-up: name, e-mail, password; the answer is always "check your mail" (the library tells nobody who is here). */
function signUpForm(): HTMLFormElement {
  const name = input({ name: 'name', autocomplete: 'name', required: true, maxlength: 120 });
  const email = input({ type: 'email', name: 'email', autocomplete: 'email', required: true });
  const password = input({
    type: 'password',
    name: 'password',
    autocomplete: 'new-password',
    required: true,
    minlength: 10,
  });
  const status = h('div', { class: 'form-status', role: 'status' });
  const submit = h('button', { type: 'submit' }, 'Create my sign-in');
  const form = h(
    'form',
    { class: 'stack', 'aria-label': 'Sign up' },
    field('Your name', name),
    field('E-mail', email, 'Invited? Use the address the invitation was sent to.'),
    field('Password', password, 'At least 10 characters.'),
    h('div', { class: 'actions' }, submit),
    status,
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void (async () => {
      submit.disabled = true;
      status.replaceChildren();
      const address = email.value.trim();
      const r = await auth('/sign-up/email', {
        name: name.value.trim(),
        email: address,
        password: password.value,
      });
      submit.disabled = false;
      if (!r.ok) return void status.replaceChildren(notice('error', refusalText(r)));
      form.replaceChildren(
        notice(
          'success',
          `Check your mail: we sent a link to ${address} to confirm the address. Open it to finish signing up; it works for 60 minutes.`,
        ),
      );
    })();
  });
  return form;
}

/**
 * Open sign-up: the form, for anyone. Invite-only: the same form folded under "Invited?", since the service
 * takes a sign-up only from an address with a pending invitation (and says so plainly to anyone else).
 */
function signUpSection(open: boolean): HTMLElement {
  if (open) {
    return h(
      'section',
      { class: 'panel sign-up', 'aria-labelledby': 'sign-up-title' },
      h('h2', { id: 'sign-up-title' }, 'New here? Sign up'),
      h('p', null, 'Sign up with your e-mail address: you get an account of your own.'),
      signUpForm(),
    );
  }
  return h(
    'details',
    { class: 'panel sign-up' },
    h('summary', null, 'Invited by e-mail? Sign up'),
    h(
      'p',
      null,
      'Sign up with the address the invitation was sent to; once you have confirmed it, open the invitation’s link again to join the account.',
    ),
    signUpForm(),
  );
}

export function renderSignInPage(
  root: HTMLElement,
  options: Pick<SignInOptions, 'signUp'>,
  signedIn: () => Promise<void>,
  said?: string,
): void {
  document.title = 'Sign in · Answerwatch';
  root.replaceChildren(
    h(
      'main',
      { id: 'main', class: 'signed-out' },
      h('h1', { tabindex: '-1' }, 'Sign in to Answerwatch'),
      said ? notice('info', said) : null,
      signInForm(signedIn),
      h('p', null, h('a', { href: new URL(FORGOT_PASSWORD, location.origin).href }, 'Forgot your password?')),
      signUpSection(options.signUp === 'open'),
    ),
  );
}
