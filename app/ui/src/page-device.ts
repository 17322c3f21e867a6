/**
 * `/app/device`: where a person signed in to the cloud service approves a computer that asked to sign in
 * (`answerwatch agent login --server URL`, RFC 8628). They confirm the code the computer shows, pick the account
 * it will serve, and approve or deny. Everything goes to the identity library at /auth with the session cookie
 * (same origin, so the browser sends it and the Origin the library checks).
 */
import { auth, currentPerson } from './auth-client.ts';
import { button, field, h, input, notice, select } from './dom.ts';
import { signInForm } from './page-sign-in.ts';
import { refusalText } from './sign-in-text.ts';

export async function renderDevicePage(root: HTMLElement): Promise<void> {
  document.title = 'Sign in a computer · Answerwatch';
  const main = h('main', { id: 'main', class: 'signed-out' });
  root.replaceChildren(main);
  if (!(await currentPerson())) return signInFirst(main, root);
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
  if (!opened.ok) return void status.replaceChildren(notice('error', refusalText(opened)));
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
    if (!r.ok) return void status.replaceChildren(notice('error', refusalText(r)));
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

/** Not signed in: a plain sentence and the sign-in form (every way to sign in), then this page again. */
function signInFirst(main: HTMLElement, root: HTMLElement): void {
  main.append(
    h('h1', null, 'Sign in a computer'),
    h('p', null, 'Sign in to approve the computer that shows you a code.'),
    signInForm(() => renderDevicePage(root)),
  );
}
