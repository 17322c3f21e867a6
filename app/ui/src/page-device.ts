/**
 * `/app/device`: where a person signed in to the cloud service approves a computer that asked to sign in
 * (`answerwatch agent login --server URL`, RFC 8628). They confirm the code the computer shows, pick the account
 * it will serve, and approve or deny. Everything goes to the identity library at /auth (auth-client.ts).
 */
import { auth, reason } from './auth-client.ts';
import { button, field, h, input, notice, select } from './dom.ts';
import { passkeySignInButton } from './passkeys.ts';

export async function renderDevicePage(root: HTMLElement): Promise<void> {
  document.title = 'Sign in a computer · Answerwatch';
  const main = h('main', { id: 'main', class: 'signed-out' });
  root.replaceChildren(main);
  const session = await auth('/get-session');
  if (!session.ok || !session.body.user) return signInFirst(main, root);
  const code = input({
    name: 'user_code',
    autocomplete: 'off',
    spellcheck: 'false',
    value: new URLSearchParams(location.search).get('user_code') ?? '',
  });
  const status = h('div', { role: 'status' });
  const form = h(
    'form',
    null,
    field('Code shown by the computer', code, 'Eight letters and digits, e.g. ABCD-2345.'),
    h('button', { type: 'submit' }, 'Continue'),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void review(code.value.trim(), status);
  });
  main.append(
    h('h1', null, 'Sign in a computer'),
    h('p', null, 'A computer asked to run as a host of your account. Enter the code it shows.'),
    form,
    status,
  );
  if (code.value) await review(code.value.trim(), status);
}

/** Opens the code (the library ties it to this person), then asks which account and whether to approve. */
async function review(userCode: string, status: HTMLElement): Promise<void> {
  if (!userCode) return void status.replaceChildren(notice('error', 'Enter the code the computer shows.'));
  const opened = await auth(`/device?user_code=${encodeURIComponent(userCode)}`);
  if (!opened.ok) return void status.replaceChildren(notice('error', reason(opened)));
  if (opened.body.status !== 'pending') {
    return void status.replaceChildren(notice('error', 'This code was already approved or denied.'));
  }
  const accounts = await auth('/organization/list');
  const list = Array.isArray(accounts.body) ? (accounts.body as { id: string; name: string }[]) : [];
  if (!accounts.ok || list.length === 0) {
    return void status.replaceChildren(notice('error', 'You have no account to pair a computer with.'));
  }
  const picker = select(list.map((a) => ({ value: a.id, label: a.name || a.id })));
  const decide = async (approve: boolean) => {
    const r = approve
      ? await auth('/device/approve', { userCode, accountId: picker.value })
      : await auth('/device/deny', { userCode });
    if (!r.ok) return void status.replaceChildren(notice('error', reason(r)));
    const name = list.find((a) => a.id === picker.value)?.name ?? picker.value;
    status.replaceChildren(
      approve
        ? notice('success', `The computer is signed in to ${name}. You can close this page.`)
        : notice('info', 'Denied: the computer was not signed in.'),
    );
  };
  status.replaceChildren(
    field('Account this computer will serve', picker),
    h(
      'p',
      { class: 'actions' },
      button('Approve', () => void decide(true), { class: 'primary' }),
      ' ',
      button('Deny', () => void decide(false)),
    ),
  );
}

/** Not signed in: a plain sentence and the smallest sign-in form, then this page again. */
function signInFirst(main: HTMLElement, root: HTMLElement): void {
  const email = input({ type: 'email', name: 'email', autocomplete: 'username', required: 'true' });
  const password = input({
    type: 'password',
    name: 'password',
    autocomplete: 'current-password',
    required: 'true',
  });
  const status = h('div', { role: 'status' });
  const form = h(
    'form',
    null,
    field('E-mail', email),
    field('Password', password),
    h('button', { type: 'submit' }, 'Sign in'),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void (async () => {
      const r = await auth('/sign-in/email', { email: email.value, password: password.value });
      if (!r.ok) return void status.replaceChildren(notice('error', reason(r)));
      await renderDevicePage(root);
    })();
  });
  main.append(
    h('h1', null, 'Sign in a computer'),
    h('p', null, 'Sign in to approve the computer that shows you a code.'),
    form,
    status,
    passkeySignInButton(() => renderDevicePage(root)),
  );
}
