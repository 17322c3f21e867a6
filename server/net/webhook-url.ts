/**
 * Vetting a customer's webhook URL, at registration and again before every delivery (see pinned-post.ts).
 *
 * Refused: anything but an absolute https URL of at most 2048 characters; user info; local and special-use
 * names (localhost, *.localhost, *.local, *.internal, *.home.arpa, *.test, *.example, *.invalid, *.onion,
 * *.alt, *.arpa); single-label names and names not under a public (ICANN) top-level domain; a trailing dot;
 * port 0; IP literals in any spelling (WHATWG parsing turns `127.1`, `2130706433`, `0x7f.1`, `0177.0.0.1`
 * into `127.0.0.1` and `[::ffff:127.0.0.1]` into `[::ffff:7f00:1]`, and every literal is refused: a webhook
 * must be a DNS name); a name that does not resolve; a name with ANY forbidden address among its A/AAAA
 * answers (engines/net/address-policy.ts, vetted by engines/net/outbound.ts).
 *
 * `allowPrivate` (ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE=1, development only) admits IP literals, local and
 * special-use names, and loopback / private / unique-local / carrier-grade NAT addresses. It still requires
 * https without user info, and still refuses unspecified, cloud metadata, link-local, multicast, broadcast
 * and reserved addresses.
 */
import { isIP } from 'node:net';
import { parse as parseDomain } from 'tldts';
import { OutboundRefusal, vettedAddresses, type Resolver } from '../../engines/net/outbound.ts';

export type { Resolver } from '../../engines/net/outbound.ts';

export interface VetOptions {
  allowPrivate: boolean;
  resolve?: Resolver;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** How long registration waits for DNS before refusing the name. */
const REGISTRATION_DNS_TIMEOUT_MS = 5_000;

/** A refused webhook URL; the message names the problem and is safe to show to the customer. */
export class WebhookUrlError extends Error {
  override readonly name = 'WebhookUrlError';
}

/** Names that never lead to a public host (RFC 6761, RFC 6762, RFC 8375, RFC 9476, ICANN .internal). */
const SPECIAL_USE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'home.arpa',
  'arpa',
  'test',
  'example',
  'invalid',
  'onion',
  'alt',
];

function specialUseSuffix(host: string): string | undefined {
  return SPECIAL_USE_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
}

function refuse(message: string): never {
  throw new WebhookUrlError(`webhook url ${message}`);
}

/** The syntactic checks: everything that needs no DNS. */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  if (typeof raw !== 'string' || raw.length === 0) refuse('is empty');
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) refuse(`is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  // The URL parser would silently drop these; a URL that needs them is not one we want to store.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) refuse('must not contain spaces or control characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    refuse('is not an absolute URL');
  }
  if (url.protocol === 'http:') refuse('must use https (plain http is refused)');
  if (url.protocol !== 'https:') refuse(`must use https (scheme "${url.protocol.slice(0, -1)}" is refused)`);
  if (url.username !== '' || url.password !== '') refuse('must not contain a username or password');
  if (url.port === '0') refuse('must not use port 0');

  const host = url.hostname; // lower-cased, percent-decoded, IDNA-encoded; IPv6 in brackets
  if (host.startsWith('[') || isIP(host) !== 0) {
    if (!allowPrivate) refuse(`host must be a DNS name, not an IP address (${host})`);
    return url;
  }
  const bare = host.replace(/\.+$/, '');
  const special = specialUseSuffix(bare);
  if (special === 'localhost' && !allowPrivate) refuse(`host "${host}" is a local name`);
  if (host.endsWith('.')) refuse(`host "${host}" must not end with a dot`);
  if (host.split('.').some((label) => label === '')) refuse(`host "${host}" has an empty label`);
  if (allowPrivate) return url;
  if (special) refuse(`host "${host}" is a special-use name (.${special}) that is not publicly reachable`);
  if (!host.includes('.')) refuse(`host "${host}" is a single-label name; use a fully qualified domain name`);
  const parsed = parseDomain(host);
  if (parsed.isIcann !== true || parsed.domain === null) {
    refuse(`host "${host}" is not under a public top-level domain`);
  }
  return url;
}

/**
 * Resolves the URL's host (or takes its IP literal) and vets every address. Returns the addresses a
 * delivery may connect to. Rejects with WebhookUrlError; an aborted `signal` rejects with its reason.
 */
export async function vetWebhookTarget(
  raw: string,
  opts: VetOptions & { signal?: AbortSignal },
): Promise<{ url: URL; addresses: string[] }> {
  const url = parseWebhookUrl(raw, opts.allowPrivate);
  try {
    return { url, addresses: await vettedAddresses(url, opts) };
  } catch (err) {
    if (err instanceof OutboundRefusal) refuse(err.message);
    throw err;
  }
}

/** The vetted URL (normalised by the WHATWG parser); rejects with WebhookUrlError naming the problem. */
export async function vetWebhookUrl(url: string, opts: VetOptions): Promise<URL> {
  const signal = AbortSignal.timeout(REGISTRATION_DNS_TIMEOUT_MS);
  try {
    return (await vetWebhookTarget(url, { ...opts, signal })).url;
  } catch (err) {
    if (err instanceof WebhookUrlError) throw err;
    if (signal.aborted) refuse(`host "${safeHost(url)}" does not resolve (DNS timed out)`);
    throw err;
  }
}

function safeHost(raw: string): string {
  try {
    return new URL(raw).hostname;
  } catch {
    return '';
  }
}
