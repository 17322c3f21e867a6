import type { SecretBox } from '../domain/secret-box.ts';

/**
 * An OpenID Connect provider's configuration as the SSO plugin keeps it (a JSON text column, `oidcConfig`), as
 * stored by us: the client secret sealed under the service's key like the webhook secrets, so a copy of the
 * database alone does not give it away. It is a field transform of the plugin's own schema, so every read and
 * write the plugin makes through its adapter passes here and no code path of the plugin sees a sealed value.
 *
 * Written without a userinfo endpoint: who signed in is read from the ID token alone, the document whose
 * signature, issuer, audience, expiry and nonce are checked (sso-sign-in.ts). An issuer must therefore put the
 * `email` claim in its ID tokens (asked for with the `email` scope, as the large providers do).
 */
const SEALED = 'clientSecretSealed';

type Config = Record<string, unknown>;

function parse(text: string): Config {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('a provider configuration is not a JSON object');
  return value as Config;
}

/** A provider with no OpenID Connect configuration (a SAML one, which we refuse to register) has none here. */
const absent = (value: unknown) => (value === null ? null : undefined);

export function sealedProviderConfig(box: SecretBox) {
  return {
    input(value: unknown): string | null | undefined {
      if (typeof value !== 'string') return absent(value);
      const { clientSecret, userInfoEndpoint: _fromIdTokenOnly, ...rest } = parse(value);
      if (typeof clientSecret !== 'string') return JSON.stringify(rest);
      return JSON.stringify({ ...rest, [SEALED]: box.seal(clientSecret) });
    },
    output(value: unknown): string | null | undefined {
      if (typeof value !== 'string') return absent(value);
      const { [SEALED]: sealed, ...rest } = parse(value);
      if (typeof sealed !== 'string') return value;
      try {
        return JSON.stringify({ ...rest, clientSecret: box.open(sealed) });
      } catch {
        throw new Error(
          'A single sign-on client secret in the database does not open with the sealing key: start with the key ' +
            'the database was used with (answerwatch.key beside it, or ANSWERWATCH_SECRET_KEY).',
        );
      }
    },
  };
}
