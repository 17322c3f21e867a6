/**
 * "Sign in to the cloud" (the desktop app's tray and `start`'s web UI): this computer signs itself in to a cloud
 * service with the device grant (device-login.ts), one sign-in at a time. What it holds is what the person is told:
 * the address checked before anything is sent, the code and the approval page while waiting, then paired, refused,
 * expired or unreachable, each with its sentence. The sign-in itself and what follows it (running the agent for
 * that account) are given by the caller.
 */
import type { CloudSignInState } from '../../server/contract/cloud-sign-in.ts';
import type { DeviceCodeShown } from './device-login.ts';
import type { PairResult } from './pair.ts';
import { normaliseServerUrl, SyncError } from './sync-client.ts';

export type { CloudSignInState };

/** A bad address, or a sign-in already under way: said to the person as it is. */
export class CloudSignInError extends Error {
  override name = 'CloudSignInError';
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, or http to this very computer only (a service tried out locally): nothing else carries a sign-in. */
const carriesSignIn = (url: URL) =>
  url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));

/**
 * The service's address as typed (`answerwatch.example.com`, `https://answerwatch.example.com/v1`) made into the
 * base the agent calls, or a CloudSignInError saying what is wrong with it.
 */
export function cloudServerAddress(typed: string): string {
  const raw = typed.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  const url = URL.canParse(withScheme) ? new URL(withScheme) : null;
  if (!raw || !url || !url.hostname) {
    throw new CloudSignInError(`“${raw}” is not a web address: type the address of the cloud service.`);
  }
  if (url.username || url.password) {
    throw new CloudSignInError('Type the address without a name or password in it.');
  }
  if (!carriesSignIn(url)) {
    throw new CloudSignInError(
      'The address must start with https:// (http:// only for a service on this computer).',
    );
  }
  return normaliseServerUrl(url.href);
}

/**
 * The approval page the service named, if it may be opened in the system browser: on the service's own origin and
 * over https (or http on this computer). A service cannot send the person's browser anywhere else.
 */
export function openableLink(link: string, server: string): string | null {
  const url = URL.canParse(link) ? new URL(link) : null;
  if (!url || url.origin !== new URL(server).origin || !carriesSignIn(url)) return null;
  return url.href;
}

const hostOf = (server: string) => new URL(server).host;

const blank = { server: null, userCode: null, link: null, expiresAt: null, accountId: null };

export const signedOut = (): CloudSignInState => ({
  ...blank,
  phase: 'signed-out',
  message: 'This computer is not signed in to a cloud service.',
});

export function pairedState(server: string, accountId: string, deviceLabel: string): CloudSignInState {
  return {
    ...blank,
    phase: 'paired',
    server,
    accountId,
    message: `This computer is signed in to ${hostOf(server)} as “${deviceLabel}” for account ${accountId}: it runs that account’s runs on this computer’s engines.`,
  };
}

/** Why a sign-in ended without pairing, as the person reads it. */
export function endedState(server: string, err: unknown): CloudSignInState {
  const host = hostOf(server);
  const at = { ...blank, server };
  if (err instanceof SyncError && err.kind === 'offline') {
    return {
      ...at,
      phase: 'unreachable',
      message: `${host} could not be reached (${err.message}). Check the address and the network, then sign in again.`,
    };
  }
  if (err instanceof SyncError && err.code === 'expired_token') {
    return {
      ...at,
      phase: 'expired',
      message: 'The code expired before it was approved (15 minutes). Sign in again for a new code.',
    };
  }
  if (err instanceof SyncError && err.code === 'access_denied') {
    return { ...at, phase: 'refused', message: `The sign-in was denied on ${host}’s approval page.` };
  }
  const why = err instanceof Error ? err.message : String(err);
  return { ...at, phase: 'refused', message: `${host} refused the sign-in: ${why}.` };
}

export interface CloudSignInOptions {
  /** Signs in through the approval page and pairs (deviceLogin with this computer's store). */
  login(server: string, show: (code: DeviceCodeShown) => void): Promise<PairResult>;
  /** Where things stand at start: paired already, or signed out. */
  initial: CloudSignInState;
  /** Default: real time. */
  now?: () => number;
}

export interface CloudSignIn {
  state(): CloudSignInState;
  /** Begins a sign-in to the typed address; throws CloudSignInError for a bad address or one under way. */
  start(typed: string): CloudSignInState;
  /** Settles when the sign-in under way (if any) has ended, whichever way. */
  settled(): Promise<void>;
}

export function cloudSignIn(o: CloudSignInOptions): CloudSignIn {
  const now = o.now ?? Date.now;
  let current = o.initial;
  let underWay: Promise<void> = Promise.resolve();
  const show = (server: string) => (c: DeviceCodeShown) => {
    const link = openableLink(c.verificationUriComplete, server);
    // Thrown inside the sign-in, so it ends refused: the person's browser goes only to the service itself.
    if (!link) throw new Error(`its approval page ${c.verificationUriComplete} is not on ${server}`);
    current = {
      ...blank,
      phase: 'waiting',
      server,
      userCode: c.userCode,
      link,
      expiresAt: new Date(now() + c.expiresInSeconds * 1000).toISOString(),
      message: `Enter the code ${c.userCode} on ${hostOf(server)}’s approval page (it opens in your browser), signed in as the owner or an admin of the account this computer will serve. The code works for ${Math.round(c.expiresInSeconds / 60)} minutes.`,
    };
  };
  return {
    state: () => current,
    start(typed) {
      if (current.phase === 'asking' || current.phase === 'waiting') {
        throw new CloudSignInError(`A sign-in to ${hostOf(current.server!)} is under way: finish it first.`);
      }
      const server = cloudServerAddress(typed);
      current = { ...blank, phase: 'asking', server, message: `Asking ${hostOf(server)} for a code…` };
      underWay = o.login(server, show(server)).then(
        (paired) => {
          current = pairedState(paired.serverUrl, paired.accountId, paired.deviceLabel);
        },
        (err: unknown) => {
          current = endedState(server, err);
        },
      );
      return current;
    },
    settled: () => underWay,
  };
}
