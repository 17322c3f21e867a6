/**
 * The two WebAuthn ceremonies of passkeys, run by @simplewebauthn/browser (the library the identity plugin's own
 * client uses): the service hands out the options and verifies the answer (/auth/passkey/…); this module passes them
 * between the service and the browser and turns every refusal into the sentence the page shows. Loaded only when a
 * person signs in with a passkey or opens "Your sign-in".
 */
import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { auth, type AuthReply } from './auth-client.ts';
import { refusalText } from './sign-in-text.ts';

/** A refusal of the service or of the browser, as a sentence for the person. */
export class PasskeyError extends Error {}

export function refused(r: AuthReply): PasskeyError {
  if (r.body.code === 'SESSION_NOT_FRESH') {
    return new PasskeyError(
      'To add a passkey, sign out and sign in again first: this session is too old to change how you sign in.',
    );
  }
  return new PasskeyError(refusalText(r));
}

/** What the browser's refusal means to the person: most often they closed its prompt. */
function ceremonyError(err: unknown, adding: boolean): PasskeyError {
  const code = err instanceof WebAuthnError ? err.code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new PasskeyError('This device already holds a passkey of yours for this service.');
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') {
    return new PasskeyError(
      'Passkeys work only at the address the service is set up with (ANSWERWATCH_PUBLIC_URL), over https or on localhost.',
    );
  }
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')) {
    return new PasskeyError(
      adding
        ? 'No passkey was added: the prompt was closed or timed out.'
        : 'Not signed in: no passkey was chosen.',
    );
  }
  return new PasskeyError(
    `This browser could not use a passkey: ${err instanceof Error ? err.message : String(err)}`,
  );
}

/** Signs in with a passkey the authenticator holds for this service; throws a PasskeyError to show. */
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
  if (verified.ok) return;
  if (verified.status === 429 || verified.status === 0) throw refused(verified);
  throw new PasskeyError(
    'That passkey does not sign in here (it may have been removed). Sign in with your e-mail and password.',
  );
}

/** Adds a passkey to the signed-in person, named as they typed it (or unnamed); throws a PasskeyError to show. */
export async function addPasskey(name: string): Promise<void> {
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

export const messageOf = (err: unknown) =>
  err instanceof PasskeyError
    ? err.message
    : 'Could not reach the service: check the connection and try again.';
