/**
 * One URL read the way a crawler reads it: redirects followed hop by hop while they stay on the brand's site (each
 * hop paced and vetted like any request), a loop or a chain longer than the limit named as such, and a redirect
 * off the site seen but not followed.
 */
import { FetchFailure, type FetchedResponse, type Fetcher } from './fetch.ts';
import { normalizeUrl } from './scope.ts';

export interface Followed {
  /** The last answer (a redirect's when the chain ended off the site); null when the chain broke. */
  response: FetchedResponse | null;
  finalUrl: string;
  redirects: number;
  /** The last redirect's target, when there was one. */
  redirectedTo: string | null;
  failure: FetchFailure | null;
}

export interface FollowOptions {
  fetcher: Fetcher;
  maxRedirects: number;
  /** A redirect target the crawl may read (on the site). */
  follows(url: string): boolean;
  /** Waits for the pacer before each request. */
  beforeRequest(): Promise<void>;
  signal?: AbortSignal;
}

export async function follow(start: string, o: FollowOptions): Promise<Followed> {
  const chain = new Set<string>();
  let url = start;
  let redirectedTo: string | null = null;
  for (let hop = 0; ; hop += 1) {
    chain.add(url);
    await o.beforeRequest();
    let response: FetchedResponse;
    try {
      response = await o.fetcher.get(url, o.signal);
    } catch (err) {
      if (!(err instanceof FetchFailure)) throw err;
      return { response: null, finalUrl: url, redirects: hop, redirectedTo, failure: err };
    }
    const location = response.status >= 300 && response.status < 400 ? response.headers.location : undefined;
    const target = location ? normalizeUrl(location, url) : null;
    if (target === null) return { response, finalUrl: url, redirects: hop, redirectedTo, failure: null };
    redirectedTo = target;
    const broken = (code: 'redirect_loop' | 'too_many_redirects', message: string) => ({
      response: null,
      finalUrl: url,
      redirects: hop + 1,
      redirectedTo,
      failure: new FetchFailure(code, message),
    });
    if (chain.has(target)) return broken('redirect_loop', `redirects back to ${target.slice(0, 200)}`);
    if (hop + 1 > o.maxRedirects)
      return broken('too_many_redirects', `more than ${o.maxRedirects} redirects`);
    if (!o.follows(target))
      return { response, finalUrl: url, redirects: hop + 1, redirectedTo, failure: null };
    url = target;
  }
}
