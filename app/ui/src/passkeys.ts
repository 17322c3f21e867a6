/**
 * Passkeys on the cloud service: "Sign in with a passkey" on the sign-in page, and "Your sign-in" (add, list,
 * rename, remove a signed-in person's passkeys). The WebAuthn ceremony is @simplewebauthn/browser's, the library
 * the identity plugin's own client uses: the service hands out the options and verifies the answer
 * (/auth/passkey/…); this module only passes them between the service and the browser and says what happened.
 */
import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { auth, reason, type AuthReply } from './auth-client.ts';
import { button, confirmButton, field, h, input, loading, notice, table } from './dom.ts';
import { dateTime } from './format.ts';

interface Passkey {
  id: string;
  name?: string | null;
  createdAt?: string | null;
}

/** The longest name the service keeps (server/auth/passkeys.ts). */
const NAME_MAX = 100;

/** A refusal of the service or of the browser, as a sentence for the person. */
class PasskeyError extends Error {}

const refused = (r: AuthReply): PasskeyError =>
  new PasskeyError(
    r.body.code === 'SESSION_NOT_FRESH'
      ? 'To add a passkey, sign out and sign in again first: this session is too old to change how you sign in.'
      : r.status === 429
        ? 'Too many sign-in attempts from here. Wait a minute and try again.'
        : reason(r),
  );

/** What the browser's refusal means to the person: most often they closed the prompt. */
function ceremonyError(err: unknown, adding: boolean): PasskeyError {
  if (err instanceof WebAuthnError && err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new PasskeyError('This device already holds a passkey of yours for Answerwatch.');
  }
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')) {
    return new PasskeyError(
      adding
        ? 'No passkey was added: the prompt was closed or timed out.'
        : 'Not signed in: no passkey was chosen.',
    );
  }
  if (
    err instanceof WebAuthnError &&
    (err.code === 'ERROR_INVALID_DOMAIN' || err.code === 'ERROR_INVALID_RP_ID')
  ) {
    return new PasskeyError(
      'Passkeys work only at the address the service is configured with, over https or on localhost.',
    );
  }
  return new PasskeyError(
    `This browser could not use a passkey: ${err instanceof Error ? err.message : String(err)}`,
  );
}

/** Signs in with a passkey the authenticator holds for this service; throws a PasskeyError the page shows. */
export async function signInWithPasskey(): Promise<void> {
  const options = await auth('/passkey/generate-authenticate-options');
  if (!options.ok) throw refused(options);
  let response: unknown;
  try {
    response = await startAuthentication({
      optionsJSON: options.body as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (err) {
    throw ceremonyError(err, false);
  }
  const verified = await auth('/passkey/verify-authentication', { response });
  if (!verified.ok) {
    throw verified.status === 429
      ? refused(verified)
      : new PasskeyError(
          'This passkey does not sign in here: it may have been removed. Sign in with your password.',
        );
  }
}

/** "Sign in with a passkey", with its own status line; `signedIn` runs once the session is set. */
export function passkeySignInButton(signedIn: () => void | Promise<void>): HTMLElement {
  const status = h('div', { class: 'passkey-status' });
  const go = button(
    'Sign in with a passkey',
    () =>
      void (async () => {
        go.disabled = true;
        status.replaceChildren();
        try {
          await signInWithPasskey();
          await signedIn();
        } catch (err) {
          status.replaceChildren(notice('error', messageOf(err)));
        } finally {
          go.disabled = false;
        }
      })(),
    { class: 'passkey-sign-in' },
  );
  return h('div', { class: 'passkey' }, go, status);
}

const messageOf = (err: unknown) =>
  err instanceof PasskeyError ? err.message : 'The service could not be reached; try again.';

/** Adds a passkey to the signed-in person, named as they typed (or by the service's default when left empty). */
async function addPasskey(name: string): Promise<void> {
  const options = await auth('/passkey/generate-register-options');
  if (!options.ok) throw refused(options);
  let response: unknown;
  try {
    response = await startRegistration({
      optionsJSON: options.body as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (err) {
    throw ceremonyError(err, true);
  }
  const verified = await auth('/passkey/verify-registration', { response, ...(name ? { name } : {}) });
  if (!verified.ok) throw refused(verified);
}

/**
 * "Your sign-in": the person's passkeys (name, when added) with rename and remove, and a form to add one. Drawn
 * into `container` (a page's section); draws itself again after every change.
 */
export async function renderYourSignIn(container: HTMLElement): Promise<void> {
  const status = h('div', { class: 'passkey-status' });
  const list = h('div', null, loading('Loading your passkeys…'));
  const name = input({
    name: 'passkey-name',
    maxlength: NAME_MAX,
    autocomplete: 'off',
    placeholder: 'Work laptop',
  });
  const add = h('button', { type: 'submit' }, 'Add a passkey');
  const form = h('form', { class: 'passkey-add' }, field('Name for the new passkey (optional)', name), add);
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void (async () => {
      add.disabled = true;
      status.replaceChildren();
      try {
        await addPasskey(name.value.trim());
        name.value = '';
        status.replaceChildren(notice('success', 'Passkey added: you can sign in with it from now on.'));
        await drawList(list, status);
      } catch (err) {
        status.replaceChildren(notice('error', messageOf(err)));
      } finally {
        add.disabled = false;
      }
    })();
  });
  container.replaceChildren(
    h(
      'section',
      { class: 'panel', 'aria-labelledby': 'your-sign-in' },
      h('h2', { id: 'your-sign-in' }, 'Your sign-in'),
      h(
        'p',
        null,
        'Sign in with a passkey instead of your password: your device unlocks it with your fingerprint, face or PIN, and it works only on this service.',
      ),
      list,
      form,
      status,
    ),
  );
  await drawList(list, status);
}

async function drawList(list: HTMLElement, status: HTMLElement): Promise<void> {
  const r = await auth('/passkey/list-user-passkeys');
  if (!r.ok) return void list.replaceChildren(notice('error', reason(r)));
  const passkeys = (Array.isArray(r.body) ? r.body : []) as Passkey[];
  if (passkeys.length === 0) {
    return void list.replaceChildren(h('p', { class: 'empty' }, 'You have no passkey yet.'));
  }
  const change = async (path: string, body: object, done: string) => {
    const answer = await auth(path, body);
    status.replaceChildren(answer.ok ? notice('success', done) : notice('error', reason(answer)));
    await drawList(list, status);
  };
  list.replaceChildren(
    table(
      'Your passkeys',
      ['Name', 'Added', ''],
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
            ' ',
            button(
              'Rename',
              () =>
                void change('/passkey/update-passkey', { id: k.id, name: rename.value }, 'Passkey renamed.'),
            ),
            ' ',
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
