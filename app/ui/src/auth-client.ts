/**
 * Calls to the identity library at /auth (the cloud service's people: sign-in, devices, passkeys), with the session
 * cookie: same origin, so the browser sends it and the Origin the library checks. Not /v1: the library answers in
 * its own shapes, not the contract's problems.
 */

export interface AuthReply {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

export async function auth(path: string, body?: unknown): Promise<AuthReply> {
  const res = await fetch(`/auth${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    // No body (or not JSON): the status says enough.
  }
  return { ok: res.ok, status: res.status, body: (json ?? {}) as Record<string, unknown> };
}

/** The library's refusals carry `error_description` (the device endpoints) or `message` (the others). */
export const reason = (r: AuthReply) =>
  String(r.body.error_description ?? r.body.message ?? 'The service refused this; try again.');
