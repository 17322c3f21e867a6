import { z } from 'zod';

/**
 * Where this computer's sign-in to a cloud service stands (`/local/v1/cloud-sign-in` of `answerwatch start`, the
 * desktop app's "Sign in to the cloud"): one sign-in at a time, each state with the sentence the person reads.
 * Not part of the public contract, so not in /v1/openapi.json.
 */
export const CLOUD_SIGN_IN_PHASES = [
  'signed-out',
  'asking',
  'waiting',
  'paired',
  'refused',
  'expired',
  'unreachable',
] as const;

export const CloudSignInState = z.strictObject({
  phase: z.enum(CLOUD_SIGN_IN_PHASES),
  /** The service's address, once one was given. */
  server: z.string().nullable(),
  /** While waiting: the code to enter, the approval page (code filled in) and when the code expires. */
  userCode: z.string().nullable(),
  link: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Once paired: the account this computer serves there. */
  accountId: z.string().nullable(),
  message: z.string(),
});
export type CloudSignInState = z.infer<typeof CloudSignInState>;

export const CloudSignInStart = z.strictObject({ server: z.string().trim().min(1).max(500) });
