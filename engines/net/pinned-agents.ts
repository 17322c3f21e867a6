/**
 * Connection pools for hosts reached only at addresses vetted by the outbound policy (outbound.ts): webhook
 * receivers and Gemini's grounding redirect service. A pool is kept per host name and vetted address set, so a
 * connection is reused only for the addresses a request vetted (a name that now resolves elsewhere gets a pool of
 * its own), and a busy host does not pay a TCP connection and TLS handshake per request.
 */
import { rootCertificates } from 'node:tls';
import { Agent } from 'undici';
import { pinnedLookup } from './outbound.ts';

/** Pools kept; the least recently used one is closed first. */
const POOLS_KEPT = 256;
const pools = new Map<string, Agent>();
const caLists = new Map<string, string[]>();

export interface PinnedPoolOptions {
  /** Connect timeout. */
  timeoutMs: number;
  /** Connections kept to the host. */
  connections: number;
  /** Extra trusted CA (tests), added to Node's bundled roots. */
  ca?: string | Buffer;
}

function trustedCas(ca: string | Buffer): string[] {
  const pem = ca.toString();
  let list = caLists.get(pem);
  if (!list) caLists.set(pem, (list = [...rootCertificates, pem]));
  return list;
}

/** The connection pool of `url`'s host pinned to `addresses`. */
export function pinnedPool(url: URL, addresses: readonly string[], o: PinnedPoolOptions): Agent {
  const ca = o.ca === undefined ? '' : o.ca.toString();
  const key = [url.protocol, url.host, addresses.join(','), o.timeoutMs, o.connections, ca].join('|');
  let agent = pools.get(key);
  if (agent && !agent.destroyed && !agent.closed) {
    pools.delete(key);
    pools.set(key, agent);
    return agent;
  }
  agent = new Agent({
    connect: {
      lookup: pinnedLookup(url.hostname, addresses),
      timeout: o.timeoutMs,
      ...(o.ca !== undefined ? { ca: trustedCas(o.ca) } : {}),
    },
    connections: o.connections,
    pipelining: 1,
  });
  pools.set(key, agent);
  if (pools.size > POOLS_KEPT) {
    const [oldest, stale] = pools.entries().next().value!;
    pools.delete(oldest);
    stale.close().catch(() => undefined);
  }
  return agent;
}

/**
 * Reads and discards up to `maxBytes` of a response body, so its connection goes back to the pool; a longer body
 * is dropped with its connection.
 */
export async function drainBody(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  maxBytes: number,
): Promise<void> {
  let seen = 0;
  for await (const chunk of body) {
    seen += chunk.length;
    if (seen > maxBytes) {
      body.destroy();
      return;
    }
  }
}
