import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on 127.0.0.1 for the single sign-on tests: `oidc-provider` (the certified
 * implementation), with one confidential client whose redirect URI is the service's callback, PKCE required, and a
 * login form (one e-mail field) the tests fill in Chromium or post to. Whoever signs in is who they say: this is the
 * account's own provider, and what the service must check is its answer, not its passwords.
 *
 * It listens behind a small front door of ours on the issuer's address: the login form is served there, and
 * `misbehave()` makes the token endpoint's answer carry an ID token that is wrong in one way (another issuer,
 * another audience, expired, signed by another key, another nonce), re-signed with the provider's own key unless
 * the signature is the point, so each refusal the service makes is for that one reason.
 */
export type Misbehaviour = 'issuer' | 'audience' | 'expired' | 'signature' | 'nonce';

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The next token answers carry an ID token wrong in this way (null: right again). */
  misbehave(how: Misbehaviour | null): void;
  close(): Promise<void>;
}

const LOGIN_PAGE = (uid: string) => `<!doctype html>
<html><head><title>Example IdP: sign in</title></head><body>
<h1>Example IdP</h1>
<form method="post" action="/interaction/${uid}/login">
<label>Work e-mail <input name="email" type="email" autocomplete="off" required></label>
<button type="submit">Sign in to Example IdP</button>
</form></body></html>`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The ID token of a token answer, changed the way asked, signed with `key` (the provider's own, or another). */
async function altered(idToken: string, how: Misbehaviour, key: { jwk: JWK; kid: string }): Promise<string> {
  const claims = decodeJwt(idToken);
  const now = Math.floor(Date.now() / 1000);
  if (how === 'issuer') claims.iss = 'http://127.0.0.1:1/another-issuer';
  if (how === 'audience') claims.aud = 'another-client';
  if (how === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
  if (how === 'nonce') claims.nonce = 'a-nonce-this-browser-never-sent';
  const { importJWK } = await import('jose');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .sign(await importJWK(key.jwk, 'RS256'));
}

/** Starts the provider; `redirectUri` is the service's callback for the account (`…/auth/sso/callback/acc…`). */
export async function startOidcProvider(opts: { redirectUri: string }): Promise<FakeOidcProvider> {
  const front: Server = createServer();
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const clientId = 'answerwatch-test';
  const clientSecret = 'a-client-secret-only-the-tests-know-0123456789';

  const own = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const ownJwk = { ...(await exportJWK(own.privateKey)), kid: 'own', alg: 'RS256', use: 'sig' };
  const otherJwk = { ...(await exportJWK(other.privateKey)), kid: 'own', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [ownJwk] },
    cookies: { keys: ['a-cookie-key-only-for-the-tests'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The service reads who signed in from the ID token alone (server/auth/sso-config.ts).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true, name: sub.split('@')[0] }),
    }),
    // The account's own application: signing in grants what it asks, with no consent screen.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const inner: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => inner.listen(0, '127.0.0.1', resolve));
  const innerPort = (inner.address() as AddressInfo).port;

  let misbehaviour: Misbehaviour | null = null;

  /** Hands the request to the provider as it came (its Host is the issuer's), the answer back as it went. */
  const pass = (req: IncomingMessage, res: ServerResponse, rewrite?: (body: string) => Promise<string>) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (!rewrite) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          void rewrite(Buffer.concat(chunks).toString('utf8')).then((body) => {
            const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(body);
          });
        });
      },
    );
    req.pipe(upstream);
  };

  front.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const login = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
      if (login && req.method === 'GET') {
        const details = await provider.interactionDetails(req, res);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(LOGIN_PAGE(details.uid));
        return;
      }
      if (login?.[2] && req.method === 'POST') {
        const email = (await readForm(req)).get('email') ?? '';
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const how = misbehaviour;
      if (url.pathname === '/token' && how) {
        pass(req, res, async (body) => {
          const answer = JSON.parse(body) as { id_token?: string };
          if (!answer.id_token) return body;
          const key = how === 'signature' ? { jwk: otherJwk, kid: 'own' } : { jwk: ownJwk, kid: 'own' };
          return JSON.stringify({ ...answer, id_token: await altered(answer.id_token, how, key) });
        });
        return;
      }
      pass(req, res);
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    misbehave: (how) => {
      misbehaviour = how;
    },
    close: async () => {
      front.closeAllConnections();
      inner.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => front.close(resolve)),
        new Promise((resolve) => inner.close(resolve)),
      ]);
    },
  };
}
