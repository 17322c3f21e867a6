import { passkey, PASSKEY_ERROR_CODES } from '@better-auth/passkey';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';

/** What the authenticator shows beside the person's address when it offers a passkey. */
export const RELYING_PARTY_NAME = 'Answerwatch';
/** A passkey's name is a label on a list ("Work laptop"), not a document. */
export const PASSKEY_NAME_MAX = 100;

/** The plugin's endpoints that name one passkey of the person by id. */
const ONE_PASSKEY = new Set(['/passkey/delete-passkey', '/passkey/update-passkey']);
/** The plugin's endpoints that take a name for a passkey. */
const NAMED = new Set(['/passkey/update-passkey', '/passkey/verify-registration']);

/**
 * Passkeys, on the library's plugin (WebAuthn through SimpleWebAuthn; nothing of the ceremony is ours). A passkey
 * belongs to the service's public origin: its host is the relying party id, and a ceremony is verified against that
 * origin alone rather than the Origin a request claims, so a passkey made on one address never signs in on another.
 * Only a signed-in person adds one, to themselves (the plugin's default, kept explicit); they list, rename and
 * delete their own, and anyone may sign in with one at `/auth/passkey/verify-authentication`.
 */
export function passkeys(origin: string, modelName: string): BetterAuthPlugin[] {
  return [
    passkey({
      rpID: new URL(origin).hostname,
      rpName: RELYING_PARTY_NAME,
      origin,
      registration: { requireSession: true },
      schema: { passkey: { modelName } },
    }),
    {
      id: 'answerwatch-passkeys',
      hooks: {
        before: [
          { matcher: (ctx) => NAMED.has(ctx.path ?? ''), handler: nameFits() },
          { matcher: (ctx) => ONE_PASSKEY.has(ctx.path ?? ''), handler: ownPasskeyOnly() },
        ],
      },
    },
  ];
}

function nameFits() {
  return createAuthMiddleware(async (ctx) => {
    const name = (ctx.body as { name?: unknown } | undefined)?.name;
    if (typeof name === 'string' && name.trim().length > PASSKEY_NAME_MAX) {
      throw new APIError('BAD_REQUEST', {
        code: 'PASSKEY_NAME_TOO_LONG',
        message: `A passkey's name is at most ${PASSKEY_NAME_MAX} characters.`,
      });
    }
  });
}

/**
 * Someone else's passkey is answered as one that does not exist (404), as another account's project or key is:
 * the plugin's own check tells the two apart (401 for another person's), which says that the id is in use.
 */
function ownPasskeyOnly() {
  return createAuthMiddleware(async (ctx) => {
    const id = (ctx.body as { id?: unknown } | undefined)?.id;
    const session = await getSessionFromCtx(ctx);
    // Without a session, or without an id, the plugin answers itself (401, 400).
    if (!session || typeof id !== 'string') return;
    const found = await ctx.context.adapter.findOne<{ userId: string }>({
      model: 'passkey',
      where: [{ field: 'id', value: id }],
    });
    if (found && found.userId !== session.user.id) {
      throw APIError.from('NOT_FOUND', PASSKEY_ERROR_CODES.PASSKEY_NOT_FOUND);
    }
  });
}
