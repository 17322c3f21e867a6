import { betterAuth, type Auth, type BetterAuthOptions } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { organization } from 'better-auth/plugins';
import type { Clock } from '../domain/clock.ts';
import { newId, randomAlnum } from '../domain/ids.ts';
import type { Plan } from '../domain/plans.ts';
import type { Store } from '../store/index.ts';
import { accountSwitch } from './account-switch.ts';
import { auditHooks, CLIENT_ADDRESS_HEADER } from './audit-hooks.ts';
import { deviceGrant } from './device-grant.ts';
import { LINK_LIFETIME_SECONDS, type AuthMail } from './mail-flows.ts';
import { passkeys } from './passkeys.ts';
import { INVITATION_DAYS, peopleRules } from './people-rules.ts';
import { accessControl } from './roles.ts';
import { createAccountFor, signUpGate, signUpHooks, type IdentityRows, type SignUpDeps } from './sign-up.ts';
import type { SignUpRules } from './sign-up-rules.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import type { SsoNetOptions } from '../net/sso-url.ts';
import { singleSignOn, ssoUserGate } from './sso.ts';

/**
 * The identity library's table names: prefixed, because the contract's "account" (server/store, `accounts`) is not
 * better-auth's `account` (a person's way of signing in), and the two must never be read one for the other.
 * Columns keep the library's own names, so a field it adds maps one to one onto a column of a migration.
 */
export const TABLES = {
  user: 'auth_user',
  session: 'auth_session',
  account: 'auth_account',
  verification: 'auth_verification',
  organization: 'auth_organization',
  member: 'auth_member',
  invitation: 'auth_invitation',
  deviceCode: 'auth_device_code',
  passkey: 'auth_passkey',
  ssoProvider: 'auth_sso_provider',
} as const;

export interface IdentityOptions {
  store: Store;
  clock: Clock;
  plans: readonly Plan[];
  /** The API's public base (ending in /v1): the identity library serves under the same origin, at /auth. */
  baseUrl: string;
  /** Signs session cookies; the same on every instance of one database. */
  secret: string;
  /** Seals what must be used again (single sign-on client secrets). */
  secrets: SecretBox;
  /** The outbound address policy for the issuers of single sign-on (ANSWERWATCH_SSO_ALLOW_PRIVATE). */
  ssoNet: SsoNetOptions;
  signUp: SignUpRules;
  /** The verification, reset and invitation mails, through the outbox (mail-flows.ts). */
  mail: AuthMail;
  /** Where the library's own warnings and errors go: the service log (tests leave it off). */
  log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
}

export const AUTH_BASE_PATH = '/auth';

/**
 * The library's options, apart from the running instance so the schema test can ask it what tables it expects.
 * `people` is what the sign-up hooks reach in the running instance (its adapter, its organization API).
 */
export function identityOptions(
  o: IdentityOptions,
  people: Pick<SignUpDeps, 'adapter' | 'createOrganization'>,
) {
  const { db, engine } = o.store.identityDatabase;
  const deps: SignUpDeps = { ...o, rules: o.signUp, ...people };
  return {
    appName: 'Answerwatch',
    baseURL: new URL(o.baseUrl).origin,
    basePath: AUTH_BASE_PATH,
    secret: o.secret,
    database: { db, type: engine },
    telemetry: { enabled: false },
    // Sign-in attempts are limited by the service across instances, per address and per e-mail (sign-in-limits.ts);
    // the library's own limiter counts in each process and only in production.
    rateLimit: { enabled: false },
    logger: o.log ? { level: 'warn', log: (level, message) => o.log!(level, message) } : { disabled: true },
    // A refused request (4xx: a short password, a malformed body) is the client's to fix, answered and not logged;
    // anything else is the service's, in its log (never on the terminal of `start`, which is for people).
    onAPIError: {
      // A sign-in through a provider that cannot be tied to its start (no state, an unknown state) lands on the
      // web UI's sign-in page, which says why in a sentence, rather than on the library's own error page.
      errorURL: `${new URL(o.baseUrl).origin}/app/`,
      onError: (e: unknown) => {
        if (!(isAPIError(e) && e.statusCode < 500))
          o.log?.('error', e instanceof Error ? e.message : String(e));
      },
    },
    user: { modelName: TABLES.user, validateUserInfo: ssoUserGate },
    session: { modelName: TABLES.session },
    account: { modelName: TABLES.account },
    verification: { modelName: TABLES.verification },
    // A person signs in only once the address is theirs; sign-up then answers an address that has an account
    // exactly as a new one (the library's generic answer: no session, no error), so it tells nobody who is here.
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      requireEmailVerification: true,
      // Reset tokens are rows the library deletes when used; a reset ends every session of the person.
      resetPasswordTokenExpiresIn: LINK_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => o.mail.passwordReset(user.email, token),
    },
    // Verification tokens are signed and expire; a used one is told apart by the landing page (link-pages.ts).
    // Signing in before verifying sends a new link (the old one may have expired); the link itself signs in.
    emailVerification: {
      expiresIn: LINK_LIFETIME_SECONDS,
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, token }) => o.mail.verification(user.email, token),
    },
    advanced: {
      cookiePrefix: 'answerwatch',
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      database: {
        // An organization's id is the id of the contract's account it is: `acc…`, as X-Answerwatch-Account,
        // the CLI and every stored row already name it (sign-up.ts creates the account under that id).
        generateId: ({ model }: { model: string }) =>
          model === 'organization' ? newId('acc') : randomAlnum(32),
      },
    },
    databaseHooks: signUpHooks(deps),
    hooks: { before: signUpGate(deps), after: auditHooks(deps) },
    plugins: [
      organization({
        ...accessControl,
        creatorRole: 'owner',
        // Every organization is an account on the operator's plan: a person gets one by signing up (or joins one
        // by invitation), never more by asking /auth; more accounts per person is the operator's decision.
        allowUserToCreateOrganization: false,
        invitationExpiresIn: INVITATION_DAYS * 86_400,
        sendInvitationEmail: ({ id, email, organization: org, inviter, role }) =>
          o.mail.invitation({ id, to: email, account: org.name, inviter: inviter.user.email, role }),
        organizationHooks: {
          ...peopleRules(deps.adapter),
          afterCreateOrganization: async ({ organization: org, user }) => {
            await createAccountFor(deps, org, user.id);
          },
        },
        schema: {
          organization: { modelName: TABLES.organization },
          member: { modelName: TABLES.member },
          invitation: { modelName: TABLES.invitation },
        },
      }),
      accountSwitch(),
      ...deviceGrant({ store: o.store, clock: o.clock, modelName: TABLES.deviceCode }),
      ...passkeys(new URL(o.baseUrl).origin, TABLES.passkey),
      ...singleSignOn({ secrets: o.secrets, net: o.ssoNet, modelName: TABLES.ssoProvider }),
    ],
  } satisfies BetterAuthOptions;
}

/** Options the schema test builds without a running instance: hooks that are never called there. */
export const NO_PEOPLE: Pick<SignUpDeps, 'adapter' | 'createOrganization'> = {
  adapter: () => Promise.reject(new Error('no identity instance')),
  createOrganization: () => Promise.reject(new Error('no identity instance')),
};

export type Identity = Auth<ReturnType<typeof identityOptions>>;

export function createIdentity(o: IdentityOptions): Identity {
  const auth: Identity = betterAuth(
    identityOptions(o, {
      adapter: async (): Promise<IdentityRows> => (await auth.$context).adapter,
      createOrganization: async (userId, name) => {
        await auth.api.createOrganization({ body: { name, slug: `u-${userId.toLowerCase()}`, userId } });
      },
    }),
  );
  return auth;
}
