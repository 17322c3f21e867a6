import { afterEach, describe, expect, it } from 'vitest';
import { pair } from '../../../app/agent/pair.ts';
import { SyncError } from '../../../app/agent/sync-client.ts';
import { cleanUp, paired } from './harness.ts';

afterEach(cleanUp);

describe('agent pairing', () => {
  it('pairs with a code and keeps the device token sealed in agent.db', async () => {
    const h = await paired({ pair: false });
    h.api.addPairCode('ABCDE-23456', 'acc42');

    const result = await pair({
      store: h.store,
      serverUrl: `${h.api.url}/v1/`,
      code: ' ABCDE-23456 ',
      deviceLabel: 'Studio Mac',
      engines: { engineIds: async () => ['chatgpt-local-fetch'] },
      version: '9.9.9',
    });

    const [token] = h.api.tokens();
    expect(token).toMatch(/^awh_[A-Za-z0-9]{40}$/);
    expect(result).toMatchObject({ accountId: 'acc42', serverUrl: h.api.url, deviceLabel: 'Studio Mac' });
    expect(h.api.pairs).toEqual([
      {
        code: 'ABCDE-23456',
        deviceLabel: 'Studio Mac',
        agentVersion: '9.9.9',
        engineIds: ['chatgpt-local-fetch'],
      },
    ]);
    expect(await h.store.pairing()).toEqual({
      serverUrl: h.api.url,
      token,
      hostId: result.hostId,
      accountId: 'acc42',
      deviceLabel: 'Studio Mac',
    });

    // The file on disk never holds the raw token, before or after a restart; the agent still reads it back.
    expect(h.dbBytes()).not.toContain(token!);
    const reopened = await h.reopen();
    expect(h.dbBytes()).not.toContain(token!);
    expect((await reopened.pairing())?.token).toBe(token);
  });

  it('is refused with the problem code for an unknown or used code, and stores nothing', async () => {
    const h = await paired({ pair: false });
    h.api.addPairCode('ABCDE-23456');
    await pair({ store: h.store, serverUrl: h.api.url, code: 'ABCDE-23456', deviceLabel: 'one' });
    await h.reopen();
    const first = await h.store.pairing();

    const again = pair({ store: h.store, serverUrl: h.api.url, code: 'ABCDE-23456', deviceLabel: 'two' });
    await expect(again).rejects.toBeInstanceOf(SyncError);
    await expect(again).rejects.toMatchObject({ kind: 'refused', status: 401, code: 'invalid_key' });
    expect(await h.store.pairing()).toEqual(first);
  });

  it('tells an unreachable service apart from a refusal', async () => {
    const h = await paired({ pair: false });
    await h.api.goOffline();
    await expect(
      pair({ store: h.store, serverUrl: h.api.url, code: 'ABCDE-23456', deviceLabel: 'x' }),
    ).rejects.toMatchObject({ kind: 'offline', code: 'unreachable' });
    expect(await h.store.pairing()).toBeNull();
  });
});
