/**
 * The outbound connection policy every request to an address we did not choose goes through (webhook deliveries,
 * the redirects of engine sources): resolve the host name once, vet every address it gives (address-policy.ts),
 * and connect only to those vetted addresses, so a name that starts answering with a private address between the
 * check and the connection (DNS rebinding) reaches nothing.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressRefusal } from './address-policy.ts';

/** Every A and AAAA address of a host name. */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface VetOptions {
  /** Development and tests only: loopback and private networks are let through. */
  allowPrivate: boolean;
  /** DNS; tests answer for their own names. */
  resolve?: Resolver;
  signal?: AbortSignal;
}

/** A host we will not connect to; the message names the host and the reason and is safe to show. */
export class OutboundRefusal extends Error {
  override readonly name = 'OutboundRefusal';
}

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => a.address);
};

function describeFailure(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? ` (${code})` : '';
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err as Error);
      },
    );
  });
}

/**
 * The addresses a request to `url` may connect to: its IP literal, or every address its host name resolves to,
 * each vetted. Rejects with OutboundRefusal when the name does not resolve or ANY address is refused; an aborted
 * `signal` rejects with its reason.
 */
export async function vettedAddresses(url: URL, opts: VetOptions): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await abortable((opts.resolve ?? systemResolver)(host), opts.signal);
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw new OutboundRefusal(`host "${host}" does not resolve${describeFailure(err)}`);
    }
    if (addresses.length === 0) throw new OutboundRefusal(`host "${host}" does not resolve`);
  }
  for (const address of addresses) {
    const reason = addressRefusal(address, opts.allowPrivate);
    if (reason === null) continue;
    if (address === host) throw new OutboundRefusal(`address ${address} is not allowed (${reason})`);
    throw new OutboundRefusal(`host "${host}" resolves to ${address}, which is not allowed (${reason})`);
  }
  return addresses;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for net/tls.connect that answers only with the pinned addresses: no second DNS query. */
export function pinnedLookup(hostname: string, addresses: readonly string[]) {
  const pinnedName = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (name: string, options: LookupOptions, callback: LookupCallback): void => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses
      .map((address) => ({ address, family: isIP(address) }))
      .filter((a) => a.family !== 0 && (wanted === 0 || a.family === wanted));
    if (name.toLowerCase() !== pinnedName || usable.length === 0) {
      const err: NodeJS.ErrnoException = new Error(`no vetted address for ${name}`);
      err.code = 'ENOTFOUND';
      callback(err, '');
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}
