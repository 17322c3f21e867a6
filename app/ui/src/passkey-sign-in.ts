/**
 * "Sign in with a passkey": one of the sign-in page's SIGN_IN_METHODS (and so the device page's too). Drawn with
 * the page; the ceremony's code (passkey-ceremony.ts, with @simplewebauthn/browser) loads when it is pressed.
 */
import { button, notice } from './dom.ts';
import type { SignInMethod } from './page-sign-in.ts';

export const passkeySignIn: SignInMethod = ({ signedIn, status }) => {
  const go = button(
    'Sign in with a passkey',
    () =>
      void (async () => {
        go.disabled = true;
        status.replaceChildren();
        const ceremony = await import('./passkey-ceremony.ts');
        try {
          await ceremony.signInWithPasskey();
          await signedIn();
        } catch (err) {
          status.replaceChildren(notice('error', ceremony.messageOf(err)));
        } finally {
          go.disabled = false;
        }
      })(),
  );
  return go;
};
