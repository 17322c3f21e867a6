import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { FakeOidcProvider } from '../fakes/oidc-provider.ts';
import type { Harness } from './api-harness.ts';
import { cookiesOf, ORIGIN, SAME_ORIGIN } from './people.ts';

/** Where the harness's service sends a browser back from the provider of an account. */
export const callbackOf = (accountId: string) => `${ORIGIN}/auth/sso/callback/${accountId}`;

/** Registers the provider for an account as its owner or an admin (`cookie`) does from the settings. */
export const registerProvider = (
  h: Harness,
  cookie: string,
  accountId: string,
  idp: Pick<FakeOidcProvider, 'issuer' | 'clientId' | 'clientSecret'>,
  domain = 'example.com',
) =>
  h.request({
    method: 'POST',
    url: '/auth/sso/register',
    headers: { ...SAME_ORIGIN, cookie },
    payload: {
      organizationId: accountId,
      issuer: idp.issuer,
      domain,
      oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret },
    },
  });

/**
 * A browser's way through the provider, by plain HTTP: the authorization URL, its login form filled with
 * `loginAs`, and every redirect until the one back to the service, which is returned (not followed).
 */
export async function throughProvider(authorizationUrl: string, loginAs: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const r = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookie(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form,
    });
    form = undefined;
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = r.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin === ORIGIN) return url;
      continue;
    }
    expect(r.status, await r.clone().text()).toBe(200);
    const action = /action="([^"]+)"/.exec(await r.text())?.[1];
    expect(action, 'the login form').toBeDefined();
    url = new URL(action!, url);
    form = new URLSearchParams({ email: loginAs });
  }
  throw new Error('the provider never sent the browser back');
}

/** The start of a sign-in by work e-mail: the answer, the authorization URL and the state cookie. */
export async function startSignIn(h: Harness, email: string) {
  const r = await h.request({
    method: 'POST',
    url: '/auth/sign-in/sso',
    headers: SAME_ORIGIN,
    payload: { email, callbackURL: '/app/', errorCallbackURL: '/app/sign-in' },
  });
  return { r, url: r.statusCode === 200 ? (r.json().url as string) : '', cookie: cookiesOf(r) };
}

/** The service's answer to the browser coming back to `callback` with `cookie`. */
export const arrive = (h: Harness, callback: URL, cookie: string): Promise<LightMyRequestResponse> =>
  h.request({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie } });

/** The whole sign-in: e-mail at the service, `loginAs` at the provider (default the same), back at the service. */
export async function signInBySso(h: Harness, email: string, loginAs = email) {
  const start = await startSignIn(h, email);
  expect(start.r.statusCode, start.r.body).toBe(200);
  return arrive(h, await throughProvider(start.url, loginAs), start.cookie);
}

/** Where the service sent the browser after a callback, and the error it names there, if any. */
export function landing(r: LightMyRequestResponse) {
  const to = new URL(String(r.headers.location), ORIGIN);
  return {
    path: to.pathname,
    error: to.searchParams.get('error'),
    description: to.searchParams.get('error_description'),
  };
}
