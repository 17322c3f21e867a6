/**
 * The per-launch owner token: `answerwatch start` prints `…/app/#token=awl_…`. The UI takes it from the
 * fragment (which never reaches a server or a log), removes it from the address bar and history, and keeps it
 * in this tab's sessionStorage only; the chosen account is kept there too.
 */

const TOKEN_KEY = 'answerwatch.token';
const ACCOUNT_KEY = 'answerwatch.account';
const TOKEN = /^[A-Za-z0-9_\-.~]{8,512}$/;

export interface Session {
  token: string | null;
  accountId: string | null;
}

/** Reads `#token=…` (if present) into storage and rewrites the address without it; answers the session. */
export function takeSession(
  loc: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history: Pick<History, 'replaceState'>,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): Session {
  const hash = loc.hash.startsWith('#') ? loc.hash.slice(1) : loc.hash;
  if (/^token=/.test(hash)) {
    const params = new URLSearchParams(hash);
    const token = params.get('token') ?? '';
    if (TOKEN.test(token)) {
      if (storage.getItem(TOKEN_KEY) !== token) storage.removeItem(ACCOUNT_KEY);
      storage.setItem(TOKEN_KEY, token);
    }
    const next = params.get('next');
    history.replaceState(null, '', `${loc.pathname}${loc.search}#${next?.startsWith('/') ? next : '/'}`);
  }
  return { token: storage.getItem(TOKEN_KEY), accountId: storage.getItem(ACCOUNT_KEY) };
}

export function rememberAccount(storage: Pick<Storage, 'setItem'>, accountId: string): void {
  storage.setItem(ACCOUNT_KEY, accountId);
}

export function forgetToken(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(ACCOUNT_KEY);
}

/**
 * What the UI opens as: `start`'s owner link (a token in this tab), a person signed in to the cloud service (the
 * session cookie), the sign-in page, or, on `start` without its link, how to find the link.
 */
export type BootMode = 'owner' | 'person' | 'sign-in' | 'owner-link';

export function bootMode(s: { token: string | null; signedIn: boolean; ownerLink: boolean }): BootMode {
  if (s.token) return 'owner';
  if (s.signedIn) return 'person';
  return s.ownerLink ? 'owner-link' : 'sign-in';
}
