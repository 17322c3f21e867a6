import { getOAuthState } from 'better-auth/api';
import { domainOf, isCovered, parseDomains } from './sso-domains.ts';
import { NONCE_KEY, providerById, type RuleContext } from './sso-rules.ts';

interface GateInput {
  user: { email?: string | null };
  source: { method: string; sso?: { providerId: string; profile?: Record<string, unknown> } };
}

const refusal = (error: string, errorDescription: string) => ({ error, errorDescription });

/**
 * Who may come in through an account's provider, checked by the library before it creates, links or signs in the
 * person (its `validateUserInfo`): an e-mail address in the provider's domains, from an ID token that carries the
 * nonce this browser's sign-in sent. The plugin has already checked the token's signature, issuer, audience and
 * expiry, and the flow's state and PKCE verifier; the nonce is ours, since the plugin sends none.
 */
export async function ssoUserGate(data: GateInput, ctx: RuleContext) {
  if (data.source.method !== 'sso-oidc') return;
  const { providerId, profile } = data.source.sso ?? { providerId: '' };
  const provider = await providerById(ctx, providerId);
  const covered = provider ? parseDomains(provider.domain) : { domains: [] };
  const domain = domainOf(data.user.email ?? '');
  if (!domain || !('domains' in covered) || !isCovered(domain, covered.domains))
    return refusal(
      'email_outside_sso_domains',
      `${data.user.email ?? 'This address'} is not in the e-mail domains this account's single sign-on covers.`,
    );
  const expected = (await getOAuthState())?.serverContext?.[NONCE_KEY];
  if (typeof expected !== 'string' || profile?.nonce !== expected)
    return refusal('sso_nonce_mismatch', 'The sign-in came back without the nonce it was sent with.');
}

interface AfterContext extends RuleContext {
  context: RuleContext['context'] & {
    returned?: unknown;
    newSession?: {
      session: { id: string; activeOrganizationId?: string | null };
      user: { id: string };
    } | null;
    adapter: RuleContext['context']['adapter'] & {
      update(q: {
        model: string;
        where: { field: string; value: string }[];
        update: Record<string, unknown>;
      }): Promise<unknown>;
    };
  };
  json(value: unknown): unknown;
}

/**
 * After the SSO endpoints: the authorization URL carries the nonce kept in the flow's state; a registered or
 * changed provider is answered without its client secret (write-only); and a person who came in through an
 * account's provider starts in that account, as one who signs up starts in theirs.
 */
export async function ssoRulesAfter(ctx: AfterContext) {
  const returned = ctx.context.returned as Record<string, unknown> | undefined;
  if (ctx.path === '/sign-in/sso' && typeof returned?.url === 'string') {
    const nonce = (await getOAuthState())?.serverContext?.[NONCE_KEY];
    if (typeof nonce !== 'string') return;
    const url = new URL(returned.url);
    url.searchParams.set('nonce', nonce);
    return ctx.json({ ...returned, url: url.toString() });
  }
  if ((ctx.path === '/sso/register' || ctx.path === '/sso/update-provider') && returned?.oidcConfig) {
    const { clientSecret: _writeOnly, ...oidcConfig } = returned.oidcConfig as Record<string, unknown>;
    return ctx.json({ ...returned, oidcConfig });
  }
  const fresh = ctx.context.newSession;
  if (ctx.path === '/sso/callback/:providerId' && fresh && !fresh.session.activeOrganizationId) {
    const provider = ctx.params?.providerId ? await providerById(ctx, ctx.params.providerId) : null;
    if (!provider?.organizationId) return;
    const member = await ctx.context.adapter.findOne({
      model: 'member',
      where: [
        { field: 'userId', value: fresh.user.id },
        { field: 'organizationId', value: provider.organizationId },
      ],
    });
    if (member)
      await ctx.context.adapter.update({
        model: 'session',
        where: [{ field: 'id', value: fresh.session.id }],
        update: { activeOrganizationId: provider.organizationId },
      });
  }
}
