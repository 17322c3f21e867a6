/** Who may sign up (ANSWERWATCH_SIGNUP) and on which plan a new sign-up's own account starts (…_SIGNUP_PLAN). */
export interface SignUpRules {
  mode: 'open' | 'invite';
  plan: string;
}

/**
 * Without settings nobody signs up uninvited, on `serve` and on `start` alike, and a new account starts free.
 * Kept apart from the identity library: the configuration reads it in every command, the library loads only to serve.
 */
export const DEFAULT_SIGN_UP: SignUpRules = { mode: 'invite', plan: 'free' };

/**
 * Why `serve` must not start, or null. Sign-in on `serve` works only through mail: an invitation, and the link
 * that confirms an address before the first sign-in (in open sign-up too). An operator who set ANSWERWATCH_SIGNUP
 * asked for people, so without SMTP the service refuses rather than take sign-ups that can never sign in. Left at
 * its default, `serve` serves machines (API keys, hosts) as it always has and starts without SMTP.
 */
export function signUpWithoutMail(env: NodeJS.ProcessEnv, mailConfigured: boolean): string | null {
  const mode = env.ANSWERWATCH_SIGNUP?.trim();
  if (!mode || mailConfigured) return null;
  return (
    `ANSWERWATCH_SIGNUP=${mode} needs ANSWERWATCH_SMTP_URL and ANSWERWATCH_MAIL_FROM: on serve, invitations and ` +
    'the links that confirm an address go by e-mail, and without SMTP none would arrive.'
  );
}
