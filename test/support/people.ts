import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { SecretBox } from '../../server/domain/secret-box.ts';
import type { Harness } from './api-harness.ts';
import { follow, linkIn, mailsTo } from './people-mail.ts';

/** The service's own origin: the harness serves http://127.0.0.1:8787/v1. */
export const ORIGIN = 'http://127.0.0.1:8787';
export const SAME_ORIGIN = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };
export const PASSWORD = 'correct horse battery';

/** The cookies a response sets, as a Cookie header sends them back. */
export function cookiesOf(r: LightMyRequestResponse): string {
  const set = r.headers['set-cookie'];
  return (Array.isArray(set) ? set : set ? [set] : []).map((c) => c.split(';')[0]).join('; ');
}

/** People signing up, inviting and joining through /auth, as the web UI does (`secrets`: the harness's). */
export function peopleOf(h: Harness, secrets: SecretBox) {
  const identityDb = () =>
    h.store.identityDatabase.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const post = (url: string, body: unknown, cookie?: string) =>
    h.request({
      method: 'POST',
      url,
      headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: body as object,
    });
  const p = {
    post,
    identityDb,
    /** A new person who signed up and followed the link of the verification mail, with the cookie it set. */
    async signUp(email: string): Promise<string> {
      const r = await post('/auth/sign-up/email', { name: email.split('@')[0], email, password: PASSWORD });
      expect(r.statusCode, r.body).toBe(200);
      const mail = (await mailsTo(h, secrets, email)).at(-1)!;
      expect(mail.kind).toBe('verification');
      const verified = await follow(h, linkIn(mail.text));
      expect(verified.statusCode, verified.body).toBe(200);
      return cookiesOf(verified);
    },
    async signIn(email: string, password = PASSWORD) {
      return post('/auth/sign-in/email', { email, password });
    },
    async accountOf(cookie: string): Promise<string> {
      const r = await h.request({ method: 'GET', url: '/auth/get-session', headers: { cookie } });
      return r.json().session.activeOrganizationId as string;
    },
    invite: (cookie: string, accountId: string, email: string, role: string) =>
      post('/auth/organization/invite-member', { email, role, organizationId: accountId }, cookie),
    accept: (cookie: string, invitationId: string) =>
      post('/auth/organization/accept-invitation', { invitationId }, cookie),
    /** Invites a new person, who signs up and accepts: their cookie and member id. */
    async join(owner: string, accountId: string, email: string, role: string) {
      const invited = await p.invite(owner, accountId, email, role);
      expect(invited.statusCode, invited.body).toBe(200);
      const cookie = await p.signUp(email);
      const accepted = await p.accept(cookie, invited.json().id);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const active = await post('/auth/organization/set-active', { organizationId: accountId }, cookie);
      expect(active.statusCode, active.body).toBe(200);
      return { cookie, memberId: accepted.json().member.id as string };
    },
    setRole: (cookie: string, accountId: string, memberId: string, role: string) =>
      post('/auth/organization/update-member-role', { memberId, role, organizationId: accountId }, cookie),
    remove: (cookie: string, accountId: string, memberIdOrEmail: string) =>
      post('/auth/organization/remove-member', { memberIdOrEmail, organizationId: accountId }, cookie),
    async roles(accountId: string): Promise<Record<string, string>> {
      const rows = await identityDb()
        .selectFrom('auth_member')
        .innerJoin('auth_user', 'auth_user.id', 'auth_member.userId')
        .select(['auth_user.email as email', 'auth_member.role as role'])
        .where('auth_member.organizationId', '=', accountId)
        .execute();
      return Object.fromEntries(rows.map((r) => [String(r.email), String(r.role)]));
    },
  };
  return p;
}
