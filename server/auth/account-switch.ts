import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';

const SET_ACTIVE = '/organization/set-active';

/**
 * A switch to an account that is not the person's is refused before the organization plugin reads it: the plugin
 * refuses it too, but only after emptying the session's account, which left every later /v1 call unsure where it is.
 * The answer is the plugin's own (403, same code and message), so only what happens to the session changes.
 */
export function accountSwitch(): BetterAuthPlugin {
  return {
    id: 'answerwatch-account-switch',
    hooks: { before: [{ matcher: (ctx) => ctx.path === SET_ACTIVE, handler: ownAccountsOnly() }] },
  };
}

function ownAccountsOnly() {
  return createAuthMiddleware(async (ctx) => {
    const body = ctx.body as { organizationId?: unknown; organizationSlug?: unknown } | undefined;
    const session = await getSessionFromCtx(ctx);
    // Without a session, or when leaving the account (null) or naming nothing, the plugin answers itself.
    if (!session) return;
    const named = await accountNamed(ctx.context.adapter, body?.organizationId, body?.organizationSlug);
    if (named === null) return;
    const member = await ctx.context.adapter.findOne({
      model: 'member',
      where: [
        { field: 'userId', value: session.user.id },
        { field: 'organizationId', value: named },
      ],
    });
    if (!member) {
      throw new APIError('FORBIDDEN', {
        code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
        message: 'User is not a member of the organization',
      });
    }
  });
}

type Rows = {
  findOne<T>(q: { model: string; where: { field: string; value: string }[] }): Promise<T | null>;
};

/** The account a switch names: by id, else by slug (an unknown slug is the plugin's to answer, as not found). */
async function accountNamed(rows: Rows, id: unknown, slug: unknown): Promise<string | null> {
  if (typeof id === 'string' && id) return id;
  if (id !== undefined || typeof slug !== 'string') return null;
  const org = await rows.findOne<{ id: string }>({
    model: 'organization',
    where: [{ field: 'slug', value: slug }],
  });
  return org?.id ?? null;
}
