/**
 * One request of an access log, as every format is read into: what classifying and counting it needs, and the
 * address only until it has been checked against the operators' published ranges (it is never stored).
 */
export interface LogHit {
  /** Milliseconds since the epoch, UTC. */
  time: number;
  ip: string | null;
  method: string;
  /** The path of the request target, without query or fragment. */
  path: string;
  /** The query string without its `?`; empty when there is none. */
  query: string;
  /** The Host the request named, lowercased without a port; null when the format does not log it. */
  host: string | null;
  status: number;
  referer: string | null;
  userAgent: string;
}

/** What a line that is not a log hit reads as, said so a person can fix the log or the format. */
export class LineError extends Error {}

/** A request target (`/a/b?x=1`, or an absolute `https://host/a?x` as proxies log it) split without `new URL`. */
export function splitTarget(target: string): { host: string | null; path: string; query: string } {
  let host: string | null = null;
  let rest = target;
  if (!target.startsWith('/')) {
    const scheme = /^https?:\/\/([^/?#\s]+)/i.exec(target);
    if (!scheme) throw new LineError(`the request target ${clip(target)} is not a path or an http(s) URL`);
    host = hostOnly(scheme[1]!);
    rest = target.slice(scheme[0].length) || '/';
  }
  // Spaces and control characters never occur in a target a server accepted; a line holding them is garbled.
  for (let i = 0; i < rest.length; i += 1) {
    const c = rest.charCodeAt(i);
    if (c <= 32 || c === 127) throw new LineError(`the request target ${clip(target)} is not a URL`);
  }
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  return q === -1
    ? { host, path: rest, query: '' }
    : { host, path: rest.slice(0, q), query: rest.slice(q + 1) };
}

/** A Host header as the brand's hosts are compared with it: lowercase, no port, no trailing dot. */
export function hostOnly(raw: string): string | null {
  let host = raw.trim().toLowerCase();
  if (host === '' || host === '-') return null;
  const at = host.lastIndexOf('@');
  if (at !== -1) host = host.slice(at + 1);
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  if (colon !== -1) host = host.slice(0, colon);
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** An HTTP status a server answers with, or why the field is not one. */
export function statusOf(raw: unknown): number {
  const status = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(status) || status < 100 || status > 599)
    throw new LineError(`the status ${clip(String(raw))} is not an HTTP status`);
  return status;
}

/** `-` and empty fields are what the formats write for a header the request did not send. */
export const orNull = (raw: unknown): string | null =>
  typeof raw === 'string' && raw !== '' && raw !== '-' ? raw : null;

export const clip = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
