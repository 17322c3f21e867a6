import type { FastifyInstance } from 'fastify';
import type { SignUpRules } from './sign-up-rules.ts';

export const SIGN_IN_OPTIONS_PATH = '/auth/sign-in-options';

/**
 * `GET /auth/sign-in-options`, public: what the web UI's sign-in page offers before anyone is signed in. Whether
 * sign-up is open to anyone (`open`) or only to invited addresses (`invite`), whether this is `start`, where the
 * owner opens the UI with the link it printed rather than a password, and the web UI's address at the service's
 * public origin (`app`): a sign-in from a page opened at any other address is refused by the library ("Invalid
 * origin"), and the page then says where to go. Ours, beside the library's own endpoints; it says nothing about any
 * person or account.
 */
export function signInOptionsRoute(
  app: FastifyInstance,
  o: { signUp: SignUpRules; ownerLink: boolean; origin: string },
): void {
  const body = { signUp: o.signUp.mode, ownerLink: o.ownerLink, app: `${o.origin}/app/` };
  app.get(SIGN_IN_OPTIONS_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(body),
  );
}
