/**
 * The web UI for a person of the cloud service (`answerwatch serve`), loaded only when there is no owner link: the
 * sign-in page when signed out, else the person's accounts (each with their role), the header that shows them
 * with signing out, and the scopes of the chosen account that decide which write controls the pages offer.
 */
import { api, ApiError, configureApi, SESSION_ENDED } from './api.ts';
import {
  auth,
  currentPerson,
  personAccounts,
  signInOptions,
  type PersonAccount,
  type SignedInPerson,
  type SignInOptions,
} from './auth-client.ts';
import { h } from './dom.ts';
import { personHeader } from './people-header.ts';
import { renderSignInPage } from './page-sign-in.ts';
import { holdScopes } from './permissions.ts';
import { bootMode } from './session.ts';
import { resetCaches, state } from './state.ts';
import type { Me } from './types.ts';
import { errorNotice } from './widgets.ts';

/** What the app's shell (main.ts) lends this mode. */
export interface Shell {
  root: HTMLElement;
  main: HTMLElement;
  accountSlot: HTMLElement;
  /** Draws the header, navigation and main. */
  draw(): void;
  boot(): Promise<void>;
  /** Makes the account this tab's (the API's account, the caches); `navigate` opens the projects. */
  chooseAccount(accountId: string, navigate: boolean): void;
  /** From now on the hash is the page to show (true), or nothing routes (false); true also shows the page. */
  routing(on: boolean): Promise<void>;
  /** `start` without its link: how to find the link. */
  ownerLink(): void;
}

let people: { person: SignedInPerson; accounts: PersonAccount[] } | null = null;

/** No owner token: the person signed in, the sign-in page, or on `start` the way to its link. */
export async function bootWithoutToken(shell: Shell, storedAccount: string | null): Promise<void> {
  people = null;
  const [person, options] = await Promise.all([currentPerson(), signInOptions()]);
  const mode = bootMode({ token: null, signedIn: person !== null, ownerLink: options.ownerLink });
  if (mode === 'owner-link') return shell.ownerLink();
  if (mode === 'sign-in' || !person) return signInPage(shell, undefined, options);
  configureApi(null, null, () => void signedOut(shell, SESSION_ENDED));
  shell.draw();
  shell.main.replaceChildren(h('p', { class: 'loading', role: 'status' }, 'Loading…'));
  const accounts = await personAccounts();
  people = { person, accounts };
  const known = (id: string | null) => (id && accounts.some((a) => a.id === id) ? id : null);
  const chosen = known(storedAccount) ?? known(person.activeAccountId) ?? accounts[0]?.id ?? null;
  try {
    if (chosen) await chooseAccount(shell, chosen, false);
  } catch (err) {
    return failed(shell, err, 'Cannot open Answerwatch');
  }
  drawHeader(shell);
  await shell.routing(true);
}

function signInPage(shell: Shell, why?: string, options?: SignInOptions): Promise<void> {
  return (async () => renderSignInPage(shell.root, options ?? (await signInOptions()), shell.boot, why))();
}

/** A 401 has gone back to the sign-in page already; anything else is said where the page would be. */
function failed(shell: Shell, err: unknown, title?: string): void {
  if (err instanceof ApiError && err.status === 401) return;
  shell.main.replaceChildren(...(title ? [h('h1', { tabindex: '-1' }, title)] : []), errorNotice(err));
}

function drawHeader(shell: Shell): void {
  if (!people) return;
  shell.accountSlot.replaceChildren(
    ...personHeader({
      ...people,
      current: state.accountId,
      pick: (id) => void chooseAccount(shell, id, true).catch((err: unknown) => failed(shell, err)),
      signOut: (everywhere) => void signOut(shell, everywhere),
    }),
  );
}

/**
 * The account the person works in: the session's active one too (so other tabs and the device page start there),
 * and the scopes their role carries in it.
 */
async function chooseAccount(shell: Shell, accountId: string, navigate: boolean): Promise<void> {
  await auth('/organization/set-active', { organizationId: accountId });
  shell.chooseAccount(accountId, false);
  holdScopes((await api.get<Me>('/me')).scopes);
  drawHeader(shell);
  if (navigate) shell.chooseAccount(accountId, true);
}

async function signOut(shell: Shell, everywhere: boolean): Promise<void> {
  await auth(everywhere ? '/revoke-sessions' : '/sign-out', {});
  await signedOut(
    shell,
    everywhere ? 'You are signed out on every browser and computer.' : 'You are signed out.',
  );
}

/** Back to the sign-in page, saying why. */
async function signedOut(shell: Shell, why: string): Promise<void> {
  await shell.routing(false);
  people = null;
  state.accountId = null;
  resetCaches();
  await signInPage(shell, why);
}
