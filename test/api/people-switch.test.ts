/**
 * The session's account: a refused switch keeps the one it had, a person of one account is in it even when the
 * session names none, and joining an account by invitation (the library's endpoint or the mail's page) switches to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { testSecrets } from '../support/mail.ts';
import { peopleOf, SAME_ORIGIN } from '../support/people.ts';

describe('people: the session’s account', () => {
  let h: Harness;
  let p: ReturnType<typeof peopleOf>;
  const secrets = testSecrets();

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'premium' } });
    p = peopleOf(h, secrets);
  });
  afterAll(() => h.close());

  const me = (cookie: string) => h.get('/v1/account', undefined, { cookie });
  const unsetAccount = (cookie: string) =>
    p.post('/auth/organization/set-active', { organizationId: null }, cookie);

  it('refuses a switch to an account that is not the person’s and keeps the session in its account', async () => {
    const cookie = await p.signUp('solo@example.com');
    const accountId = await p.accountOf(cookie);
    const refused = await p.post('/auth/organization/set-active', { organizationId: 'accNOPE' }, cookie);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
    expect(await p.accountOf(cookie)).toBe(accountId);
    const other = await p.signUp('someone-else@example.com');
    const bySlug = await p.post(
      '/auth/organization/set-active',
      {
        organizationSlug: `u-${(await h.request({ method: 'GET', url: '/auth/get-session', headers: { cookie: other } })).json().user.id.toLowerCase()}`,
      },
      cookie,
    );
    expect(bySlug.statusCode, bySlug.body).toBe(403);
    expect(await p.accountOf(cookie)).toBe(accountId);
    const read = await me(cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().id).toBe(accountId);
  });

  it('reads the only account of a person whose session names none, and asks a person of several to name one', async () => {
    const cookie = await p.signUp('one@example.com');
    const accountId = await p.accountOf(cookie);
    expect((await unsetAccount(cookie)).statusCode).toBe(200);
    expect(await p.accountOf(cookie)).toBeNull();
    const read = await me(cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().id).toBe(accountId);

    const owner = await p.signUp('two-owner@example.com');
    const invited = await p.invite(owner, await p.accountOf(owner), 'one@example.com', 'viewer');
    expect((await p.accept(cookie, invited.json().id)).statusCode).toBe(200);
    expect((await unsetAccount(cookie)).statusCode).toBe(200);
    const several = await me(cookie);
    expect(several.statusCode).toBe(400);
    expect(several.json().detail).toBe('Name one of your accounts in X-Answerwatch-Account.');
  });

  it('switches to the account joined through the library’s endpoint', async () => {
    const cookie = await p.signUp('joiner@example.com');
    const own = await p.accountOf(cookie);
    const owner = await p.signUp('host@example.com');
    const hostAccount = await p.accountOf(owner);
    const invited = await p.invite(owner, hostAccount, 'joiner@example.com', 'member');
    expect((await p.accept(cookie, invited.json().id)).statusCode).toBe(200);
    expect(hostAccount).not.toBe(own);
    expect(await p.accountOf(cookie)).toBe(hostAccount);
    expect((await me(cookie)).json().id).toBe(hostAccount);
  });

  it('switches to the account joined on the invitation mail’s page', async () => {
    const cookie = await p.signUp('reader@example.com');
    const owner = await p.signUp('page-host@example.com');
    const hostAccount = await p.accountOf(owner);
    const invited = await p.invite(owner, hostAccount, 'reader@example.com', 'viewer');
    const joined = await h.request({
      method: 'POST',
      url: '/app/accept-invitation',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...SAME_ORIGIN },
      payload: new URLSearchParams({ id: invited.json().id as string }).toString(),
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await p.accountOf(cookie)).toBe(hostAccount);
    expect((await me(cookie)).json().id).toBe(hostAccount);
  });
});
