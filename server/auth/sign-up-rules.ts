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
