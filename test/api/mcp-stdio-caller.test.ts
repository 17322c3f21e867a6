import { chmodSync, chownSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashKey, revokeKey } from '../../server/domain/api-keys.ts';
import { AppError } from '../../server/domain/errors.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { RateLimiter } from '../../server/http/rate-limit.ts';
import { stdioCaller } from '../../server/mcp/stdio-caller.ts';
import { markOwner, ownerMarkPath } from '../../server/owner-mark.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';

/** What `answerwatch mcp` acts as: an API key with the REST checks, or the owner beside `answerwatch start`. */
describe('the stdio server’s caller', () => {
  let h: Harness;
  let accountId: string;
  let key: string;
  const caller = (o: { key?: string; account?: string; perMinute?: number } = {}) =>
    stdioCaller({
      store: h.store,
      clock: h.clock,
      plans: DEFAULT_PLANS,
      limiter: new RateLimiter({ perMinute: o.perMinute ?? 300, perDay: 20_000 }, h.store.rateCounter),
      database: h.dbPath,
      key: o.key,
      account: o.account,
    });
  const refusal = async (resolve: () => Promise<unknown>) => {
    const err = await resolve().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  };

  beforeEach(async () => {
    h = await createHarness();
    ({ accountId, key } = await h.account('premium', ['visibility:read', 'tracking:write']));
  });
  // On PostgreSQL the mark is not in the test database's folder: remove what a test left.
  afterEach(async () => {
    rmSync(ownerMarkPath(h.dbPath), { force: true });
    await h.close();
  });

  it('with ANSWERWATCH_API_KEY: the key, checked as the REST API checks it, at every call', async () => {
    const resolve = caller({ key: ` ${key}\n` });
    expect(await resolve()).toMatchObject({ accountId, scopes: ['visibility:read', 'tracking:write'] });
    await revokeKey(h.store, h.clock, (await h.store.apiKeys.findByHash(hashKey(key)))!.id);
    expect(await refusal(resolve)).toMatchObject({ code: 'key_revoked', status: 401 });
    expect(await refusal(caller({ key: 'aw_live_nope' }))).toMatchObject({ code: 'invalid_key' });
    const free = await h.account('free');
    expect(await refusal(caller({ key: free.key }))).toMatchObject({ code: 'plan_required', status: 403 });
  });

  it('with a key: the rate limit per key, 429 with the seconds to wait', async () => {
    const resolve = caller({ key, perMinute: 2 });
    await resolve();
    await resolve();
    const err = await refusal(resolve);
    expect(err).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(err.retryAfter).toBeGreaterThan(0);
  });

  it('without a key: refused unless answerwatch start has marked this database', async () => {
    const err = await refusal(caller());
    expect(err).toMatchObject({ code: 'invalid_key', status: 401 });
    expect(err.detail).toContain('`npx answerwatch start` is not running');
    expect(err.detail).toContain('ANSWERWATCH_API_KEY');
  });

  it('without a key beside start: the machine’s owner, every scope, until start stops', async () => {
    const unmark = await markOwner(h.store, h.dbPath);
    const file = ownerMarkPath(h.dbPath);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const owner = await caller()();
    expect(owner).toMatchObject({
      keyId: 'local-owner',
      accountId,
      projectIds: null,
      scopes: ['visibility:read', 'tracking:write', 'runs:execute', 'traffic:write'],
    });
    await unmark();
    expect(() => statSync(file)).toThrow();
    expect(await h.store.settings.get('local_owner_mark')).toBeUndefined();
    expect((await refusal(caller())).code).toBe('invalid_key');
  });

  it('refuses a mark others can read, a mark of an earlier start, and anything but a regular file', async () => {
    await markOwner(h.store, h.dbPath);
    const file = ownerMarkPath(h.dbPath);
    chmodSync(file, 0o644);
    expect((await refusal(caller())).detail).toContain('can be read by other users');
    chmodSync(file, 0o600);
    // Only root can give a file away; CI and this machine run the tests as root.
    if (process.getuid?.() === 0) {
      chownSync(file, 65534, 65534);
      expect((await refusal(caller())).detail).toContain('belongs to another user');
      chownSync(file, 0, 0);
    }
    const earlier = readFileSync(file, 'utf8');
    await markOwner(h.store, h.dbPath);
    expect(readFileSync(file, 'utf8')).not.toBe(earlier);
    writeFileSync(file, earlier, { mode: 0o600 });
    expect((await refusal(caller())).detail).toContain('left by an earlier');
    rmSync(file);
    symlinkSync(h.dbPath, file);
    expect((await refusal(caller())).detail).toContain('not a regular file');
    // A new start replaces whatever was left at the path, and never follows it.
    await markOwner(h.store, h.dbPath);
    expect(statSync(file).isFile()).toBe(true);
    expect((await caller()()).keyId).toBe('local-owner');
  });

  it('as the owner: the only account, or the one named when there are several', async () => {
    await markOwner(h.store, h.dbPath);
    const second = await h.account();
    expect((await refusal(caller())).detail).toContain('2 accounts: choose one with --account');
    expect((await caller({ account: second.accountId })()).accountId).toBe(second.accountId);
    expect(await refusal(caller({ account: 'accNope' }))).toMatchObject({
      code: 'invalid_parameter',
      detail: 'No account accNope on this database.',
    });
  });
});
