/**
 * One webhook delivery attempt: POST the body to a vetted URL, connecting only to addresses vetted for
 * this very attempt.
 *
 * The host name is resolved at delivery time and every answer is vetted with the registration policy
 * (webhook-url.ts). The socket is then opened by an undici Agent whose `lookup` hands back only those
 * vetted addresses, so no second DNS query happens between vetting and connecting: a name that changes
 * its answer (DNS rebinding) cannot steer the connection to a private address. TLS still verifies the
 * certificate against the URL's host name (SNI = host name), and the Host header is the URL's host.
 *
 * Redirects are never followed. One deadline (default 10 s) covers DNS, connect, TLS, the response
 * headers and reading (and discarding, at most 64 KiB of) the response body. Never throws; errors never
 * contain the request body, its headers or any secret. Connections are kept alive per host name and vetted
 * address set, so a busy endpoint does not pay a TLS handshake per delivery.
 */
import { request } from 'undici';
import { drainBody, pinnedPool } from '../../engines/net/pinned-agents.ts';
import { vetWebhookTarget, WebhookUrlError, type Resolver } from './webhook-url.ts';

export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
/** Response bytes read (and thrown away) before the connection is dropped. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const USER_AGENT = 'Service-Webhooks/1.0';
/** Headers the transport owns; a caller cannot set them. */
const TRANSPORT_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

export interface PostPinnedOptions {
  allowPrivate: boolean;
  resolve?: Resolver;
  /** For the whole attempt: DNS + connect + TLS + response headers + reading the body. */
  timeoutMs?: number;
  /** Extra trusted CA, for tests (added to Node's bundled roots). Production: system CAs + NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer;
}

export interface AttemptResult {
  /** The receiver's status code; null when no response arrived. */
  httpStatus: number | null;
  /** Null for a 2xx; otherwise what went wrong, safe to store and show. */
  error: string | null;
  durationMs: number;
}

function oneLine(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|UNABLE_TO_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

function describeError(err: unknown, timedOut: boolean, timeoutMs: number, host: string): string {
  if (timedOut) return `timeout: no complete answer within ${timeoutMs} ms`;
  if (err instanceof WebhookUrlError) return `refused at delivery: ${err.message}`;
  const e = err as { code?: unknown; cause?: unknown; message?: unknown } | null;
  const cause = e?.cause as { code?: unknown; message?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : typeof cause?.code === 'string' ? cause.code : '';
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return 'connection closed before a complete response';
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'network unreachable';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return `timeout: no complete answer within ${timeoutMs} ms`;
    case 'ENOTFOUND':
      return `host "${host}" has no vetted address`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `TLS error: certificate is not valid for "${host}"`;
  }
  if (TLS_CODES.test(code)) return `TLS error: ${code}`;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return oneLine(code ? `${code}: ${message}` : message, 200);
}

/**
 * Connections kept per vetted endpoint: one receiver host often serves many webhooks (each at most 4 attempts at
 * once), and an attempt waiting for a free connection is as late as one waiting in the outbox.
 */
const CONNECTIONS_PER_ENDPOINT = 64;

/** One delivery attempt. Never throws. */
export async function postPinned(
  url: URL,
  body: string,
  headers: Record<string, string>,
  opts: PostPinnedOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const asked = opts?.timeoutMs;
  const timeoutMs =
    typeof asked === 'number' && Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_DELIVERY_TIMEOUT_MS;
  const controller = new AbortController();
  const finish = (httpStatus: number | null, error: string | null): AttemptResult => ({
    httpStatus,
    error,
    durationMs: Math.max(0, Math.round(performance.now() - started)),
  });
  const host = url.hostname;
  let timer: NodeJS.Timeout | undefined;
  // undici does not give up on an abort while a connection is still being made: the attempt answers at the
  // deadline anyway, and the connection attempt ends on its own connect timeout.
  const deadline = new Promise<AttemptResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error('delivery timeout'));
      resolve(finish(null, describeError(null, true, timeoutMs, host)));
    }, timeoutMs);
  });
  const attempt = async (): Promise<AttemptResult> => {
    try {
      const target = await vetWebhookTarget(url.href, {
        allowPrivate: opts.allowPrivate,
        resolve: opts.resolve,
        signal: controller.signal,
      });
      if (controller.signal.aborted) throw controller.signal.reason;
      const remaining = Math.max(1, Math.ceil(timeoutMs - (performance.now() - started)));
      const sent: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT };
      for (const [name, value] of Object.entries(headers)) {
        if (!TRANSPORT_HEADERS.has(name.toLowerCase())) sent[name.toLowerCase()] = value;
      }
      const response = await request(target.url, {
        method: 'POST',
        headers: sent,
        body: Buffer.from(body, 'utf8'),
        dispatcher: pinnedPool(target.url, target.addresses, {
          timeoutMs,
          connections: CONNECTIONS_PER_ENDPOINT,
          ca: opts.ca,
        }),
        signal: controller.signal,
        headersTimeout: remaining,
        bodyTimeout: remaining,
      });
      const status = response.statusCode;
      try {
        await drainBody(response.body, MAX_RESPONSE_BYTES);
      } catch {
        // The status line already answered the attempt; a body cut short does not change it.
      }
      if (status >= 200 && status < 300) return finish(status, null);
      if (status >= 300 && status < 400) {
        const location = response.headers['location'];
        const where = Array.isArray(location) ? location[0] : location;
        return finish(
          status,
          where
            ? `redirect not followed (${status} to ${oneLine(where, 200)})`
            : `redirect not followed (${status} without a Location)`,
        );
      }
      return finish(status, `receiver answered HTTP ${status}`);
    } catch (err) {
      return finish(null, describeError(err, controller.signal.aborted, timeoutMs, host));
    }
  };
  try {
    return await Promise.race([attempt(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
