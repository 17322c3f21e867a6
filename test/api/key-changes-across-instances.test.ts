import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { revokeKey } from '../../server/domain/api-keys.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { BASE, createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';

/**
 * Two instances of the service on one database (instance A is the harness's, B has a store and app of its own):
 * what one changes about a key or its account, the other enforces on the very next request, however warm it is.
 */
describe('a key changed on one instance, used on another', () => {
  let h: Harness;
  let store: Store;
  let b: FastifyInstance;
  const onB = (url: string, key: string) =>
    b.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    h = await createHarness();
    store = createStore(await openDatabase(h.dbPath, { poolSize: 2 }));
    b = await buildApp({
      store,
      config: { baseUrl: BASE },
      clock: h.clock,
      secrets: h.services.secrets,
      webhooks: h.services.webhooks,
    });
  });
  afterAll(async () => {
    await b.close();
    await store.close();
    await h.close();
  });

  it('refuses a key revoked on A at once on B', async () => {
    const { key, keyId } = await h.account();
    for (let i = 0; i < 3; i += 1) expect((await onB('/v1/me', key)).statusCode).toBe(200);
    // As `answerwatch keys revoke` or the account's owner in the web UI do it, through A's store.
    expect(await revokeKey(h.store, h.clock, keyId)).toBe(true);
    expect((await h.get('/v1/me', key)).statusCode).toBe(401);
    const refused = await onB('/v1/me', key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('key_revoked');
  });

  it('gives B a project added to the key on A at once', async () => {
    const { accountId } = await h.account();
    const first = await createProject(h.store, accountId);
    const key = await h.key(accountId, ['visibility:read', 'tracking:write'], [first.id]);
    expect((await onB('/v1/me', key)).json().projects).toEqual([first.id]);
    const created = await h.write('POST', '/v1/projects', key, {
      name: 'Second',
      websiteUrl: 'https://b.example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const second = created.json().id as string;
    expect((await onB('/v1/me', key)).json().projects.sort()).toEqual([first.id, second].sort());
    expect((await onB(`/v1/projects/${second}`, key)).statusCode).toBe(200);
  });

  it('refuses on B, at once, a key whose account A moved to a plan without the API', async () => {
    const { key, accountId } = await h.account();
    expect((await onB('/v1/me', key)).statusCode).toBe(200);
    await h.store.accounts.update(accountId, { plan: 'free' });
    const refused = await onB('/v1/me', key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_required');
  });

  it('refuses on B a key the moment it expires', async () => {
    const { accountId } = await h.account();
    const expiresAt = new Date(h.clock.now().getTime() + 60_000).toISOString();
    const key = await h.key(accountId, undefined, undefined, expiresAt);
    expect((await onB('/v1/me', key)).statusCode).toBe(200);
    h.clock.advance(60_000);
    const refused = await onB('/v1/me', key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('key_expired');
  });
});
