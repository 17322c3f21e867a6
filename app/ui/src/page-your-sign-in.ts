/**
 * "Your sign-in" (`#/your-sign-in`, linked from a signed-in person's header): the person's passkeys, with when each
 * was added, rename and remove, and the form that adds one (the ceremony: passkey-ceremony.ts).
 */
import { auth } from './auth-client.ts';
import { button, confirmButton, field, h, input, loading, notice, table } from './dom.ts';
import { dateTime } from './format.ts';
import type { PageContext } from './page.ts';
import { addPasskey, messageOf } from './passkey-ceremony.ts';
import { refusalText } from './sign-in-text.ts';
import { pageHeader, section } from './widgets.ts';

interface Passkey {
  id: string;
  name?: string | null;
  createdAt?: string | null;
}

/** The longest name the service keeps (server/auth/passkeys.ts). */
const NAME_MAX = 100;

/** "Your sign-in": the page, with its one section so far, the person's passkeys. */
export async function renderYourSignIn(ctx: PageContext): Promise<void> {
  ctx.setTitle('Your sign-in');
  const area = h('div');
  ctx.view.append(
    pageHeader('Your sign-in', 'How you sign in to this service, on every account you belong to.'),
    section('Passkeys', area),
  );
  await renderPasskeys(area);
}

/**
 * The person's passkeys with rename and remove, and the form that adds one, drawn into `area`: a page's section
 * (a settings page of the person's may call this in one line).
 */
export async function renderPasskeys(area: HTMLElement): Promise<void> {
  const status = h('div', { class: 'form-status', role: 'status' });
  const list = h('div', { class: 'passkey-list' }, loading('Loading your passkeys…'));
  const name = input({ name: 'passkey-name', maxlength: NAME_MAX, autocomplete: 'off' });
  const add = h('button', { type: 'submit', class: 'primary' }, 'Add a passkey');
  const form = h(
    'form',
    { class: 'stack', 'aria-label': 'Add a passkey' },
    field('Name of the new passkey', name, 'Optional: which device or password manager holds it.'),
    h('div', { class: 'actions' }, add),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void (async () => {
      add.disabled = true;
      status.replaceChildren();
      try {
        await addPasskey(name.value.trim());
        name.value = '';
        await drawList(list, status);
        status.replaceChildren(notice('success', 'Passkey added: you can sign in with it from now on.'));
      } catch (err) {
        status.replaceChildren(notice('error', messageOf(err)));
      } finally {
        add.disabled = false;
      }
    })();
  });
  area.append(
    h(
      'p',
      null,
      'Sign in with a passkey instead of your password: your device or password manager unlocks it with your fingerprint, face or PIN, and it works only on this service.',
    ),
    list,
    form,
    status,
  );
  await drawList(list, status);
}

async function drawList(list: HTMLElement, status: HTMLElement): Promise<void> {
  const r = await auth('/passkey/list-user-passkeys');
  if (!r.ok) return void list.replaceChildren(notice('error', refusalText(r)));
  const passkeys = (Array.isArray(r.body) ? r.body : []) as Passkey[];
  if (passkeys.length === 0) {
    return void list.replaceChildren(h('p', { class: 'empty' }, 'You have no passkey yet.'));
  }
  const change = async (path: string, body: object, done: string) => {
    const answer = await auth(path, body);
    // The list first, then what happened: the sentence is said of the list as it now stands.
    await drawList(list, status);
    status.replaceChildren(answer.ok ? notice('success', done) : notice('error', refusalText(answer)));
  };
  list.replaceChildren(
    table(
      'Your passkeys',
      ['Name', 'Added', 'Change'],
      passkeys.map((k) => {
        const label = k.name || 'Passkey';
        const rename = input({ value: label, maxlength: NAME_MAX, 'aria-label': `New name for ${label}` });
        return [
          label,
          dateTime(k.createdAt),
          h(
            'span',
            { class: 'actions' },
            rename,
            button('Rename', () => {
              void change('/passkey/update-passkey', { id: k.id, name: rename.value }, 'Passkey renamed.');
            }),
            confirmButton('Remove', `Remove ${label}?`, () =>
              change('/passkey/delete-passkey', { id: k.id }, `Removed ${label}: it no longer signs in.`),
            ),
          ),
        ];
      }),
      { class: 'passkeys' },
    ),
  );
}
