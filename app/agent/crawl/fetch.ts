/**
 * Every request of a crawl: a GET through the outbound address policy (engines/net/outbound.ts), each host's
 * addresses vetted once per crawl and pinned, so a name that starts answering with a private address mid-crawl
 * (DNS rebinding) reaches nothing. One deadline covers DNS, connect, TLS, headers and body; at most `maxBytes` of
 * the body are read (the rest is dropped with the connection); redirects are returned, never followed here.
 */
import { brotliDecompressSync, constants, gunzipSync, inflateSync } from 'node:zlib';
import { rootCertificates } from 'node:tls';
import { Agent, request } from 'undici';
import {
  OutboundRefusal,
  pinnedLookup,
  vettedAddresses,
  type Resolver,
} from '../../../engines/net/outbound.ts';
import type { PageError } from '../../../server/contract/site-crawl.ts';

export interface FetcherOptions {
  userAgent: string;
  /** ANSWERWATCH_CRAWL_ALLOW_PRIVATE: loopback and private networks may be crawled (development only). */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  resolve?: Resolver;
  /** An extra trusted CA (tests); production uses the system's roots and NODE_EXTRA_CA_CERTS. */
  ca?: string;
}

export interface FetchedResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body was longer than maxBytes; `body` is its start. */
  truncated: boolean;
}

/** A request that got no answer: the stable cause and a message safe to show. */
export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
  constructor(
    readonly code: PageError,
    message: string,
  ) {
    super(message);
  }
}

export interface Fetcher {
  get(url: string, signal?: AbortSignal): Promise<FetchedResponse>;
  close(): Promise<void>;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|UNABLE_TO_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

function failure(err: unknown, timedOut: boolean, timeoutMs: number): FetchFailure {
  if (err instanceof FetchFailure) return err;
  if (timedOut) return new FetchFailure('timeout', `no complete answer within ${timeoutMs} ms`);
  if (err instanceof OutboundRefusal) return new FetchFailure('address_refused', err.message);
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : '';
  if (TLS_CODES.test(code)) return new FetchFailure('tls_error', `TLS error: ${code}`);
  if (/TIMEOUT/.test(code)) return new FetchFailure('timeout', `no complete answer within ${timeoutMs} ms`);
  if (code === 'HPE_INVALID_CONSTANT' || code.startsWith('HPE_') || code === 'UND_ERR_INFO')
    return new FetchFailure('protocol_error', `not an HTTP answer (${code})`);
  return new FetchFailure('unreachable', code ? `connection failed (${code})` : 'connection failed');
}

/** Decodes a Content-Encoding, stopping at maxBytes of output (a small gzip can unpack to gigabytes). */
function decode(
  body: Buffer,
  encoding: string | undefined,
  maxBytes: number,
): { body: Buffer; truncated: boolean } {
  const how = (encoding ?? '').trim().toLowerCase();
  if (how === '' || how === 'identity') return { body, truncated: false };
  // A body cut at maxBytes still decodes as far as it goes.
  const options = { maxOutputLength: maxBytes, finishFlush: constants.Z_SYNC_FLUSH };
  try {
    if (how === 'gzip' || how === 'x-gzip') return { body: gunzipSync(body, options), truncated: false };
    if (how === 'br')
      return { body: brotliDecompressSync(body, { maxOutputLength: maxBytes }), truncated: false };
    if (how === 'deflate') return { body: inflateSync(body, options), truncated: false };
  } catch (err) {
    if (err instanceof RangeError) return { body: Buffer.alloc(0), truncated: true };
    throw new FetchFailure('protocol_error', `the ${how} body could not be decoded`);
  }
  throw new FetchFailure('protocol_error', `unsupported content encoding "${how}"`);
}

async function readAtMost(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  maxBytes: number,
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let seen = 0;
  for await (const chunk of body) {
    const room = maxBytes - seen;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      body.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    seen += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

export function createFetcher(o: FetcherOptions): Fetcher {
  /** Per host: its vetted addresses' connection pool, or the refusal; vetted once for the whole crawl. */
  const agents = new Map<string, Promise<Agent>>();
  const ca = o.ca === undefined ? undefined : [...rootCertificates, o.ca];

  function agentFor(url: URL, signal: AbortSignal): Promise<Agent> {
    let agent = agents.get(url.host);
    if (!agent) {
      agent = vettedAddresses(url, { allowPrivate: o.allowPrivate, resolve: o.resolve, signal }).then(
        (addresses) =>
          new Agent({
            connect: {
              lookup: pinnedLookup(url.hostname, addresses),
              timeout: o.timeoutMs,
              ...(ca ? { ca } : {}),
            },
            connections: 2,
          }),
      );
      agents.set(url.host, agent);
      // A DNS timeout is this request's problem, not the host's: the next request asks again.
      agent.catch(() => {
        if (signal.aborted) agents.delete(url.host);
      });
    }
    return agent;
  }

  async function attempt(url: URL, signal: AbortSignal): Promise<FetchedResponse> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new FetchFailure('protocol_error', `not a web address (${url.protocol})`);
    if (url.username || url.password)
      throw new FetchFailure('protocol_error', 'user names in URLs are not crawled');
    const res = await request(url, {
      method: 'GET',
      dispatcher: await agentFor(url, signal),
      signal,
      headers: {
        'user-agent': o.userAgent,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
      },
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    res.body.on('error', () => undefined);
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res.body.destroy();
      return { url: url.href, status: res.statusCode, headers, body: Buffer.alloc(0), truncated: false };
    }
    const raw = await readAtMost(res.body, o.maxBytes);
    const decoded = decode(raw.body, headers['content-encoding'], o.maxBytes);
    return {
      url: url.href,
      status: res.statusCode,
      headers,
      body: decoded.body,
      truncated: raw.truncated || decoded.truncated,
    };
  }

  return {
    async get(href, outer) {
      const deadline = AbortSignal.timeout(o.timeoutMs);
      const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
      let timer: NodeJS.Timeout | undefined;
      // undici may not give up on an abort while a connection is still being made: answer at the deadline anyway.
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new FetchFailure('timeout', `no complete answer within ${o.timeoutMs} ms`)),
          o.timeoutMs + 1000,
        );
      });
      try {
        return await Promise.race([attempt(new URL(href), signal), late]);
      } catch (err) {
        if (outer?.aborted) throw outer.reason;
        throw failure(err, deadline.aborted, o.timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      const all = [...agents.values()];
      agents.clear();
      await Promise.all(all.map((a) => a.then((agent) => agent.close()).catch(() => undefined)));
    },
  };
}
