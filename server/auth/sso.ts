import { sso } from '@better-auth/sso';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import type { SecretBox } from '../domain/secret-box.ts';
import type { SsoNetOptions } from '../net/sso-url.ts';
import { sealedProviderConfig } from './sso-config.ts';
import { isUnserved, ssoRulesBefore, type RuleContext } from './sso-rules.ts';
import { ssoRulesAfter } from './sso-sign-in.ts';

export { ssoUserGate } from './sso-sign-in.ts';

const SSO_PATHS = new Set([
  '/sso/register',
  '/sso/update-provider',
  '/sso/delete-provider',
  '/sign-in/sso',
  '/sso/callback/:providerId',
]);

export interface SsoDeps {
  secrets: SecretBox;
  net: SsoNetOptions;
  /** The providers' table (identity.ts names every table of the library). */
  modelName: string;
}

/**
 * Single sign-on through each account's own OpenID Connect provider, on the library's SSO plugin: it runs the
 * flow (discovery, state, PKCE, the code exchange, the ID token's signature, issuer, audience and expiry), keeps
 * the providers, and makes a person who signs in for the first time a `member` of the provider's account. Ours are
 * the client secret sealed in its table (sso-config.ts) and one plugin of hooks around its endpoints: who may
 * change a provider and for which domains, the outbound address policy, the nonce and the active account
 * (sso-rules.ts, sso-sign-in.ts); the e-mail's domain and the nonce are checked in `ssoUserGate`.
 */
export function singleSignOn(d: SsoDeps) {
  const plugin = sso({
    modelName: d.modelName,
    organizationProvisioning: { defaultRole: 'member' },
  });
  const fields = plugin.schema.ssoProvider.fields;
  const sealed = {
    ...plugin,
    schema: {
      ssoProvider: {
        ...plugin.schema.ssoProvider,
        fields: {
          ...fields,
          oidcConfig: {
            ...fields.oidcConfig,
            type: 'string' as const,
            transform: sealedProviderConfig(d.secrets),
          },
        },
      },
    },
  };
  const matcher = (ctx: { path?: string }) => SSO_PATHS.has(ctx.path ?? '') || isUnserved(ctx.path ?? '');
  const rules = {
    id: 'answerwatch-sso',
    hooks: {
      before: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => ssoRulesBefore(ctx as unknown as RuleContext, d.net)),
        },
      ],
      after: [{ matcher, handler: createAuthMiddleware(async (ctx) => ssoRulesAfter(ctx as never)) }],
    },
  } satisfies BetterAuthPlugin;
  return [sealed, rules] as const;
}
