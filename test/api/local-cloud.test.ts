import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudSignIn, signedOut } from '../../app/agent/cloud-sign-in.ts';
import { AppError } from '../../server/domain/errors.ts';
import type { CloudSignInPort } from '../../server/routes/local-cloud.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';

const TOKEN = `awl_${'C'.repeat(40)}`;

/** The state machine of the real sign-in, with a login that shows a code and waits for the test to end it. */
function cloudPort(): CloudSignInPort & { asked: string[] } {
  const asked: string[] = [];
  const signIn = cloudSignIn({
    initial: signedOut(),
    login: (server, show) => {
      asked.push(server);
      show({
        userCode: 'ABCD-EFGH',
        verificationUri: `${server}/app/device`,
        verificationUriComplete: `${server}/app/device?user_code=ABCDEFGH`,
        expiresInSeconds: 900,
      });
      return new Promise(() => {});
    },
  });
  return {
    asked,
    state: async () => signIn.state(),
    start: async (server) => {
      try {
        return signIn.start(server);
      } catch (err) {
        throw new AppError('invalid_parameter', (err as Error).message);
      }
    },
  };
}

describe('/local/v1/cloud-sign-in: this computer’s sign-in to a cloud service, for the owner of start', () => {
  let h: Harness;
  let without: Harness;
  const port = cloudPort();
  const call = (app: Harness, method: 'GET' | 'POST', body?: unknown, token = TOKEN) =>
    app.request({
      method,
      url: '/local/v1/cloud-sign-in',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    h = await createHarness({ localOwner: { token: TOKEN, cloud: port } });
    without = await createHarness({ localOwner: { token: TOKEN } });
  });
  afterAll(async () => {
    await h.close();
    await without.close();
  });

  it('answers where the sign-in stands, begins one with 202, and refuses a second while it waits', async () => {
    expect((await call(h, 'GET')).json()).toMatchObject({ phase: 'signed-out', server: null });
    const started = await call(h, 'POST', { server: ' aw.example.com ' });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ phase: 'waiting', server: 'https://aw.example.com' });
    expect((await call(h, 'GET')).json()).toMatchObject({
      phase: 'waiting',
      userCode: 'ABCD-EFGH',
      link: 'https://aw.example.com/app/device?user_code=ABCDEFGH',
    });
    const again = await call(h, 'POST', { server: 'https://other.example.com' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('A sign-in to aw.example.com is under way: finish it first.');
    expect(port.asked).toEqual(['https://aw.example.com']);
  });

  it('refuses a body without an address or with more, another token, and a service that signs nothing in', async () => {
    for (const body of [{}, { server: '' }, { server: 'https://aw.example.com', label: 'x' }]) {
      const r = await call(h, 'POST', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
    }
    expect((await call(h, 'GET', undefined, `awl_${'X'.repeat(40)}`)).statusCode).toBe(401);
    const none = await call(without, 'GET');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('not_found');
    expect(port.asked).toEqual(['https://aw.example.com']);
  });
});
