import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceLogin } from '../../../app/agent/device-login.ts';
import { createSyncClient, SyncError } from '../../../app/agent/sync-client.ts';
import { cleanUp, paired } from './harness.ts';

/** A fake of the service's /auth/device endpoints answering the token polls from a script, in order. */
async function fakeGrant(polls: { status: number; body: Record<string, unknown> }[]) {
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      const reply =
        req.url === '/auth/device/code'
          ? {
              status: 200,
              body: {
                device_code: 'dev-code',
                user_code: 'ABCD2345',
                verification_uri: 'http://svc.example/app/device',
                verification_uri_complete: 'http://svc.example/app/device?user_code=ABCD2345',
                expires_in: 900,
                interval: 5,
              },
            }
          : (polls.shift() ?? { status: 500, body: {} });
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
  await cleanUp();
});

const pending = { status: 400, body: { error: 'authorization_pending' } };
const slowDown = { status: 400, body: { error: 'slow_down' } };

describe('agent login --server: the device grant on the agent side', () => {
  it('shows the code, polls at the interval, waits 5 s longer after slow_down, then pairs with the pair code', async () => {
    const h = await paired({ pair: false });
    h.api.addPairCode('PAIRC-23456', 'acc7');
    const grant = await fakeGrant([
      pending,
      slowDown,
      pending,
      { status: 200, body: { access_token: 'PAIRC-23456', token_type: 'pair_code', account_id: 'acc7' } },
    ]);
    const waits: number[] = [];
    const shown: unknown[] = [];
    const client = createSyncClient({ serverUrl: h.api.url });
    const result = await deviceLogin({
      store: h.store,
      serverUrl: grant.url,
      deviceLabel: 'Studio Mac',
      client,
      show: (c) => shown.push(c),
      sleep: async (ms) => void waits.push(ms),
    });
    await client.close();
    expect(shown).toEqual([
      {
        userCode: 'ABCD-2345',
        verificationUri: 'http://svc.example/app/device',
        verificationUriComplete: 'http://svc.example/app/device?user_code=ABCD2345',
        expiresInSeconds: 900,
      },
    ]);
    expect(waits).toEqual([5_000, 5_000, 10_000, 10_000]);
    expect(grant.seen[0]).toEqual({ path: '/auth/device/code', body: { client_id: 'answerwatch-agent' } });
    expect(grant.seen[1]).toEqual({
      path: '/auth/device/token',
      body: {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: 'dev-code',
        client_id: 'answerwatch-agent',
      },
    });
    expect(result).toMatchObject({ accountId: 'acc7', deviceLabel: 'Studio Mac' });
    expect(h.api.pairs).toMatchObject([{ code: 'PAIRC-23456', deviceLabel: 'Studio Mac' }]);
    expect((await h.store.pairing())?.accountId).toBe('acc7');
  });

  it.each([
    ['access_denied', /denied on the approval page/],
    ['expired_token', /expired before it was approved/],
  ])('stops on %s with a plain sentence and stores no pairing', async (error, message) => {
    const h = await paired({ pair: false });
    const grant = await fakeGrant([pending, { status: 400, body: { error } }]);
    const login = deviceLogin({
      store: h.store,
      serverUrl: grant.url,
      show: () => {},
      sleep: async () => {},
    });
    await expect(login).rejects.toBeInstanceOf(SyncError);
    await expect(login).rejects.toMatchObject({
      kind: 'refused',
      code: error,
      message: expect.stringMatching(message),
    });
    expect(await h.store.pairing()).toBeNull();
  });
});
