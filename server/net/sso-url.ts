/**
 * Vetting the addresses of an account's OpenID Connect provider (its issuer and any endpoint given), when the
 * provider is registered or changed and again before every sign-in and callback: the service fetches the issuer's
 * discovery document, keys and tokens itself, so the issuer must not lead it into the service's own network.
 *
 * Refused: anything but an absolute https URL without user info; a host that does not resolve, or with ANY
 * forbidden address among its answers (engines/net/address-policy.ts, through engines/net/outbound.ts).
 *
 * `allowPrivate` (ANSWERWATCH_SSO_ALLOW_PRIVATE=1, development and tests only) admits plain http, IP literals and
 * loopback / private / unique-local / carrier-grade NAT addresses; unspecified, cloud metadata, link-local,
 * multicast, broadcast and reserved addresses stay refused.
 */
import { OutboundRefusal, vettedAddresses, type Resolver } from '../../engines/net/outbound.ts';

export interface SsoNetOptions {
  allowPrivate: boolean;
  resolve?: Resolver;
}

/** How long vetting waits for DNS before refusing the name. */
const DNS_TIMEOUT_MS = 5_000;

/** A refused provider address; the message names the address and the problem and is safe to show. */
export class SsoUrlError extends Error {
  override readonly name = 'SsoUrlError';
}

/** The URL, vetted; rejects with SsoUrlError naming the problem. */
export async function vetSsoUrl(raw: string, opts: SsoNetOptions): Promise<URL> {
  const refuse = (problem: string): never => {
    throw new SsoUrlError(`The address ${JSON.stringify(raw)} ${problem}.`);
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('is not an absolute URL');
  }
  const schemes = opts.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) refuse('must use https');
  if (url.username !== '' || url.password !== '') refuse('must not contain a username or password');
  const signal = AbortSignal.timeout(DNS_TIMEOUT_MS);
  try {
    await vettedAddresses(url, { ...opts, signal });
  } catch (err) {
    if (err instanceof OutboundRefusal) refuse(`is refused: ${err.message}`);
    if (signal.aborted) refuse('does not resolve (DNS timed out)');
    throw err;
  }
  return url;
}
