import type { Clock } from '../domain/clock.ts';
import type { Signals } from '../domain/context.ts';
import { randomAlnum } from '../domain/ids.ts';
import type { Plan } from '../domain/plans.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import type { Store } from '../store/index.ts';
import { sessionBridge, type SessionBridge } from './bridge.ts';
import { createIdentity, type Identity, type IdentityOptions } from './identity.ts';
import { authMail } from './mail-flows.ts';
import { signInGuard, type SignInGuard } from './sign-in-limits.ts';
import type { SignUpRules } from './sign-up-rules.ts';

/**
 * The secret that signs the library's cookies: made once per database (so every instance signs alike) and kept
 * sealed under the service's key, as the webhook secrets are.
 */
async function cookieSecret(store: Store, secrets: SecretBox): Promise<string> {
  const sealed = await store.settings.getOrCreate('auth_secret_sealed', () => secrets.seal(randomAlnum(64)));
  try {
    return secrets.open(sealed);
  } catch {
    throw new Error(
      'The sign-in secret in the database does not open with the sealing key: start with the key the database was ' +
        'used with (answerwatch.key beside it, or ANSWERWATCH_SECRET_KEY).',
    );
  }
}

export interface People {
  identity: Identity;
  bridge: SessionBridge;
  /** Where the service is reached from browsers: the library's base URL and the only origin that may write. */
  origin: string;
  /** Sign-in attempts per address and per e-mail, counted across instances. */
  signIns: SignInGuard;
}

/** The identity library over the service's database, and the bridge from its sessions to /v1's callers. */
export async function createPeople(o: {
  store: Store;
  clock: Clock;
  plans: readonly Plan[];
  secrets: SecretBox;
  /** Wakes the mail sender when a mail is queued. */
  signals: Pick<Signals, 'mailQueued'>;
  /** The API's public base (ending in /v1). */
  baseUrl: string;
  signUp: SignUpRules;
  ssoNet: IdentityOptions['ssoNet'];
  log?: IdentityOptions['log'];
}): Promise<People> {
  const origin = new URL(o.baseUrl).origin;
  const identity = createIdentity({
    ...o,
    secret: await cookieSecret(o.store, o.secrets),
    mail: authMail(o),
  });
  return {
    identity,
    origin,
    bridge: sessionBridge({ identity, store: o.store, plans: o.plans, ownOrigin: origin }),
    signIns: signInGuard(o.store.rateCounter, o.clock),
  };
}
