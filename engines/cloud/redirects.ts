/**
 * Gemini names its sources by a `vertexaisearch.cloud.google.com/grounding-api-redirect/…` link, never by the page:
 * stored as it is, no answer would ever cite a brand's site. We read where each link points with one bounded
 * request per link and run: a GET whose body is thrown away, only its status and `Location` read (no redirect
 * is followed), through the outbound address policy (engines/net/outbound.ts), within a short deadline, on
 * connections kept per vetted address (pinned-agents.ts).
 */
import { request } from 'undici';
import { vettedAddresses, type Resolver } from '../net/outbound.ts';
import { drainBody, pinnedPool } from '../net/pinned-agents.ts';

export const GROUNDING_REDIRECT_ORIGIN = 'https://vertexaisearch.cloud.google.com';
const GROUNDING_REDIRECT_PATH = '/grounding-api-redirect/';
/**
 * Connections kept to the redirect service for each Gemini answer in flight: an answer's links are read in parallel,
 * and one names up to about eight. With fewer, the links of answers that arrive together queue for a connection
 * behind each other (past the deadline a link is lost: its domain's home page stands in). In the bench's 200 ms run
 * (4 answers in flight, 3 links each, the redirect service answering in 200 ms too), 8 connections in all served
 * 40 links a second of the 60 asked, and Gemini's last answer came 2.3 s after the other engines' last.
 */
const CONNECTIONS_PER_ANSWER = 8;
/** A redirect's body read (and thrown away) so its connection is reused; a longer one is dropped. */
const MAX_BODY_BYTES = 16 * 1024;

export interface RedirectSettings {
  /** false: no request is made, and a source falls back to its domain title at once. */
  enabled: boolean;
  /** The whole request: DNS, connect, TLS and the response headers. */
  timeoutMs: number;
  /** Where the redirect links are asked; Google's own origin except in tests (a local fake). */
  baseUrl: string;
  /** Development and tests only: loopback and private addresses may be asked. */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** Gemini answers in flight at once (the engine's concurrency limit); default 1. */
  answersInFlight?: number;
}

/** The target of each redirect link asked during one run, shared by the run's answers (null: unknown). */
export type ResolvedLinks = Map<string, Promise<string | null>>;

/** Where a grounding redirect link points, or null when it is not one or could not be read. */
export type RedirectReader = (uri: string, links?: ResolvedLinks) => Promise<string | null>;

export function isGroundingRedirect(uri: string): boolean {
  return uri.startsWith(`${GROUNDING_REDIRECT_ORIGIN}${GROUNDING_REDIRECT_PATH}`) && !/[\s#]/.test(uri);
}

function httpTarget(location: string, base: URL): string | null {
  try {
    const target = new URL(location, base);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

/**
 * One request; null on any failure (refused address, timeout, no redirect): the caller falls back. It has its own
 * deadline and no caller's signal, since its answer is shared by every answer of the run that names the link.
 */
async function readLocation(url: URL, settings: RedirectSettings): Promise<string | null> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const addresses = await vettedAddresses(url, {
      allowPrivate: settings.allowPrivate,
      resolve: settings.resolve,
      signal,
    });
    const res = await request(url, {
      method: 'GET',
      dispatcher: pinnedPool(url, addresses, {
        timeoutMs: settings.timeoutMs,
        connections: CONNECTIONS_PER_ANSWER * (settings.answersInFlight ?? 1),
      }),
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      signal,
    });
    // The page is not wanted, only where it is: a redirect's short body is read so its connection serves the
    // run's next link; a long one is dropped with its connection.
    res.body.on('error', () => undefined);
    await drainBody(res.body, MAX_BODY_BYTES).catch(() => undefined);
    const location = res.headers.location;
    const where = Array.isArray(location) ? location[0] : location;
    return res.statusCode >= 300 && res.statusCode < 400 && where ? httpTarget(where, url) : null;
  } catch {
    return null;
  }
}

export function createRedirectReader(settings: RedirectSettings): RedirectReader {
  const base = settings.baseUrl.replace(/\/+$/, '');
  return (uri, links) => {
    if (!settings.enabled || !isGroundingRedirect(uri)) return Promise.resolve(null);
    const known = links?.get(uri);
    if (known) return known;
    const asked = new URL(`${base}${uri.slice(GROUNDING_REDIRECT_ORIGIN.length)}`);
    const found = readLocation(asked, settings);
    links?.set(uri, found);
    return found;
  };
}
