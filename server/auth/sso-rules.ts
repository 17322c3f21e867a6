import { addOAuthServerContext, APIError, getSessionFromCtx } from 'better-auth/api';
import { randomAlnum } from '../domain/ids.ts';
import { SsoUrlError, vetSsoUrl, type SsoNetOptions } from '../net/sso-url.ts';
import { roleOf } from './roles.ts';
import { domainOf, isCovered, overlap, parseDomains } from './sso-domains.ts';

/** Where the sign-in keeps the nonce it sends, for the callback to check (sso-sign-in.ts). */
export const NONCE_KEY = 'answerwatchNonce';
/** What a sign-in asks the issuer for: who the person is, nothing to keep (no refresh token). */
const SCOPES = ['openid', 'email', 'profile'];

export interface ProviderRow {
  providerId: string;
  issuer: string;
  organizationId: string | null;
  domain: string;
  oidcConfig: string | null;
}

/** The parts of the library's endpoint context the rules read (a hook's `ctx`). */
export interface RuleContext {
  path: string;
  body?: unknown;
  params?: Record<string, string | undefined> | undefined;
  context: {
    adapter: {
      findOne<T>(q: { model: string; where: { field: string; value: string }[] }): Promise<T | null>;
      findMany<T>(q: { model: string; where?: { field: string; value: string }[] }): Promise<T[]>;
    };
    trustedOrigins: string[];
  };
}

const bad = (message: string, code = 'INVALID_SSO_PROVIDER') =>
  new APIError('BAD_REQUEST', { code, message });

const providers = (ctx: RuleContext) => ctx.context.adapter.findMany<ProviderRow>({ model: 'ssoProvider' });

export const providerById = (ctx: RuleContext, providerId: string) =>
  ctx.context.adapter.findOne<ProviderRow>({
    model: 'ssoProvider',
    where: [{ field: 'providerId', value: providerId }],
  });

/** Only the account's owner and admins change its single sign-on; an account the person is not in is not found. */
async function requireAdministrator(ctx: RuleContext, accountId: string): Promise<void> {
  const session = await getSessionFromCtx(ctx as never);
  if (!session) throw new APIError('UNAUTHORIZED', { message: 'Sign in first.' });
  const member = await ctx.context.adapter.findOne<{ role: string }>({
    model: 'member',
    where: [
      { field: 'userId', value: session.user.id },
      { field: 'organizationId', value: accountId },
    ],
  });
  if (!member) throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'There is no such account.' });
  const role = roleOf(member.role);
  if (role !== 'owner' && role !== 'admin')
    throw new APIError('FORBIDDEN', {
      code: 'INSUFFICIENT_ROLE',
      message: 'Only the owner and admins of an account configure its single sign-on.',
    });
}

/** The domains given, normalised; a domain another account's provider covers (or one under it) is refused. */
async function claimableDomains(ctx: RuleContext, accountId: string, text: unknown): Promise<string> {
  const parsed = parseDomains(typeof text === 'string' ? text : '');
  if ('problem' in parsed) throw bad(parsed.problem);
  for (const other of await providers(ctx)) {
    if (other.providerId === accountId) continue;
    const theirs = parseDomains(other.domain);
    const taken = 'domains' in theirs ? overlap(parsed.domains, theirs.domains) : undefined;
    if (taken !== undefined)
      throw new APIError('CONFLICT', {
        code: 'SSO_DOMAIN_TAKEN',
        message: `The e-mail domain ${taken} is already covered by another account's single sign-on.`,
      });
  }
  return parsed.domains.join(',');
}

/** Every address of the provider the service will fetch, vetted by the outbound policy (server/net/sso-url.ts). */
async function vetAddresses(ctx: RuleContext, net: SsoNetOptions, urls: unknown[]): Promise<void> {
  for (const raw of urls) {
    if (typeof raw !== 'string') continue;
    let url: URL;
    try {
      url = await vetSsoUrl(raw, net);
    } catch (err) {
      if (err instanceof SsoUrlError) throw bad(err.message, 'SSO_ADDRESS_REFUSED');
      throw err;
    }
    // The plugin refuses any host that is not publicly routable unless it is a trusted origin: with private
    // addresses allowed, the ones just vetted are trusted for this request alone.
    if (net.allowPrivate && !ctx.context.trustedOrigins.includes(url.origin))
      ctx.context.trustedOrigins.push(url.origin);
  }
}

const ENDPOINTS = [
  'discoveryEndpoint',
  'authorizationEndpoint',
  'tokenEndpoint',
  'jwksEndpoint',
  'userInfoEndpoint',
];

function oidcOf(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const oidc = body.oidcConfig;
  return typeof oidc === 'object' && oidc !== null ? (oidc as Record<string, unknown>) : undefined;
}

/** The issuer and endpoints of a stored provider, vetted before the service fetches any of them. */
export async function vetProvider(ctx: RuleContext, net: SsoNetOptions, p: ProviderRow): Promise<void> {
  const config = (p.oidcConfig ? JSON.parse(p.oidcConfig) : {}) as Record<string, unknown>;
  await vetAddresses(ctx, net, [p.issuer, ...ENDPOINTS.map((e) => config[e])]);
}

/**
 * A provider is an account's (its id is the account's id, so the redirect URI, `/auth/sso/callback/acc…`, is known
 * before it is registered): only OpenID Connect, always with PKCE, only for the account's owner and admins, and for
 * e-mail domains no other account claims. What the body says otherwise is replaced, never trusted.
 */
async function register(ctx: RuleContext, net: SsoNetOptions, body: Record<string, unknown>) {
  const accountId = body.organizationId;
  if (typeof accountId !== 'string' || accountId === '')
    throw bad('Name the account the provider signs people into (organizationId).');
  if (body.samlConfig !== undefined) throw bad('Only OpenID Connect providers are supported, not SAML.');
  const oidc = oidcOf(body);
  if (
    !oidc ||
    typeof oidc.clientId !== 'string' ||
    typeof oidc.clientSecret !== 'string' ||
    !oidc.clientSecret
  )
    throw bad("Give the provider's client id and client secret.");
  await requireAdministrator(ctx, accountId);
  if (await providerById(ctx, accountId))
    throw new APIError('CONFLICT', {
      code: 'SSO_PROVIDER_EXISTS',
      message: 'This account already has a single sign-on provider: change it or remove it first.',
    });
  const domain = await claimableDomains(ctx, accountId, body.domain);
  await vetAddresses(ctx, net, [body.issuer, ...ENDPOINTS.map((e) => oidc[e])]);
  const { skipDiscovery: _discoveryAlways, ...config } = oidc;
  return { ...body, providerId: accountId, domain, oidcConfig: { ...config, pkce: true, scopes: SCOPES } };
}

async function update(ctx: RuleContext, net: SsoNetOptions, body: Record<string, unknown>) {
  const provider = typeof body.providerId === 'string' ? await providerById(ctx, body.providerId) : null;
  if (!provider?.organizationId)
    throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'There is no such provider.' });
  await requireAdministrator(ctx, provider.organizationId);
  if (body.samlConfig !== undefined) throw bad('Only OpenID Connect providers are supported, not SAML.');
  const oidc = oidcOf(body);
  const next: Record<string, unknown> = { ...body };
  if (body.domain !== undefined)
    next.domain = await claimableDomains(ctx, provider.organizationId, body.domain);
  await vetAddresses(ctx, net, [body.issuer, ...ENDPOINTS.map((e) => oidc?.[e])]);
  if (oidc) {
    const { skipDiscovery: _discoveryAlways, ...config } = oidc;
    next.oidcConfig = { ...config, pkce: true, scopes: SCOPES };
  }
  return next;
}

async function remove(ctx: RuleContext, body: Record<string, unknown>) {
  const provider = typeof body.providerId === 'string' ? await providerById(ctx, body.providerId) : null;
  if (!provider?.organizationId)
    throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'There is no such provider.' });
  await requireAdministrator(ctx, provider.organizationId);
  return body;
}

/**
 * Signing in by the work e-mail alone: the provider is the one whose domains cover it, its addresses are vetted,
 * and a nonce is kept in the flow's state for the callback to find in the ID token. The body names the provider
 * it was routed to, so the plugin signs in through exactly the one vetted.
 */
async function signIn(ctx: RuleContext, net: SsoNetOptions, body: Record<string, unknown>) {
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  const domain = domainOf(email);
  if (
    !domain ||
    body.providerId !== undefined ||
    body.organizationSlug !== undefined ||
    body.domain !== undefined
  )
    throw bad('Sign in with single sign-on by your work e-mail address.', 'INVALID_EMAIL');
  const provider = (await providers(ctx)).find((p) => {
    const covered = parseDomains(p.domain);
    return 'domains' in covered && isCovered(domain, covered.domains);
  });
  if (!provider)
    throw new APIError('NOT_FOUND', {
      code: 'SSO_NOT_CONFIGURED',
      message: `No account signs in people of ${domain} with single sign-on: sign in with your password.`,
    });
  await vetProvider(ctx, net, provider);
  await addOAuthServerContext({ [NONCE_KEY]: randomAlnum(32) });
  return {
    email,
    providerId: provider.providerId,
    callbackURL: body.callbackURL,
    errorCallbackURL: body.errorCallbackURL,
    newUserCallbackURL: body.newUserCallbackURL,
    scopes: SCOPES,
  };
}

/**
 * The plugin's endpoints we do not serve: SAML (OpenID Connect only), and the shared callback, which would take the
 * provider from the state rather than from its own address (and so pass the rules above by).
 */
export const isUnserved = (path: string) => path === '/sso/callback' || path.startsWith('/sso/saml2/');

/** The before-hook of the SSO endpoints: the body the plugin then sees, or a refusal. */
export async function ssoRulesBefore(ctx: RuleContext, net: SsoNetOptions) {
  if (isUnserved(ctx.path))
    throw new APIError('NOT_FOUND', {
      code: 'NOT_FOUND',
      message: 'Only OpenID Connect single sign-on is served here, at /auth/sso/callback/<account>.',
    });
  const body = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<string, unknown>;
  switch (ctx.path) {
    case '/sso/register':
      return { context: { body: await register(ctx, net, body) } };
    case '/sso/update-provider':
      return { context: { body: await update(ctx, net, body) } };
    case '/sso/delete-provider':
      return { context: { body: await remove(ctx, body) } };
    case '/sign-in/sso':
      return { context: { body: await signIn(ctx, net, body) } };
    case '/sso/callback/:providerId': {
      const provider = ctx.params?.providerId ? await providerById(ctx, ctx.params.providerId) : null;
      if (provider) await vetProvider(ctx, net, provider);
      return;
    }
    default:
      return;
  }
}
