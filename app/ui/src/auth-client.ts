/**
 * Calls from the page to the identity library at /auth (better-auth, on the cloud service): same origin, so the
 * browser sends the session cookie and the Origin the library checks. Every refusal comes back as a value, never
 * thrown, with what the page needs to say it in a sentence (sign-in-text.ts).
 */
import { rememberServiceApp } from './sign-in-text.ts';

export interface AuthReply {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
  /** Seconds to wait, from Retry-After on a 429. */
  retryAfter: number | null;
}

export async function auth(path: string, body?: unknown): Promise<AuthReply> {
  let res: Response;
  try {
    res = await fetch(`/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 0, body: {}, retryAfter: null };
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    // No body (or not JSON): the status says enough.
  }
  const retry = Number(res.headers.get('retry-after'));
  return {
    ok: res.ok,
    status: res.status,
    body: (json ?? {}) as Record<string, unknown>,
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
  };
}

export interface SignedInPerson {
  name: string;
  email: string;
  activeAccountId: string | null;
}

/** The person the session cookie names, or null when signed out (or the service has no people). */
export async function currentPerson(): Promise<SignedInPerson | null> {
  const r = await auth('/get-session');
  const user = r.ok ? (r.body.user as { name?: unknown; email?: unknown } | undefined) : undefined;
  if (!user || typeof user.email !== 'string') return null;
  const session = r.body.session as { activeOrganizationId?: unknown } | undefined;
  return {
    name: typeof user.name === 'string' ? user.name : '',
    email: user.email,
    activeAccountId: typeof session?.activeOrganizationId === 'string' ? session.activeOrganizationId : null,
  };
}

/** How people get in here: whether anyone may sign up, and whether this is `start` (the owner's link). */
export interface SignInOptions {
  signUp: 'open' | 'invite';
  ownerLink: boolean;
}

export async function signInOptions(): Promise<SignInOptions> {
  const r = await auth('/sign-in-options');
  rememberServiceApp(typeof r.body.app === 'string' ? r.body.app : null);
  return {
    signUp: r.body.signUp === 'open' ? 'open' : 'invite',
    ownerLink: r.body.ownerLink === true,
  };
}

export interface PersonAccount {
  id: string;
  name: string;
  role: string;
}

/** The accounts the person belongs to, each with their role in it. */
export async function personAccounts(): Promise<PersonAccount[]> {
  const list = await auth('/organization/list');
  const orgs = Array.isArray(list.body) ? (list.body as { id: string; name: string }[]) : [];
  return Promise.all(
    orgs.map(async (o) => {
      const r = await auth(`/organization/get-active-member-role?organizationId=${encodeURIComponent(o.id)}`);
      return { id: o.id, name: o.name, role: typeof r.body.role === 'string' ? r.body.role : '' };
    }),
  );
}
