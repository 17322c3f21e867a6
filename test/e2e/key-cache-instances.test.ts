import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { accountWithKey, cli } from '../support/e2e.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

/** How soon a change must be enforced everywhere (issue 24): within a second, write or no write. */
const WITHIN_MS = 1_000;

/**
 * Two `serve` processes on one PostgreSQL, each keeping keys and accounts in memory (server/store/postgres-key-cache.ts):
 * what changes about a key or its account, from any process, is enforced by both within a second, however warm
 * their caches are; a key's expiry takes effect with no write at all.
 */
describe.skipIf(!e2eEngines().includes('postgres'))(
  'keys kept by two serve processes on one PostgreSQL',
  () => {
    let database: ServiceDatabase;
    const servers: ServerProcess[] = [];

    const me = async (server: ServerProcess, key: string) => {
      const r = await fetch(`${server.baseUrl}/me`, { headers: { authorization: `Bearer ${key}` } });
      return { status: r.status, code: ((await r.json()) as { code?: string }).code };
    };
    /** Both instances answer `status`, polled from the moment `since`: at most WITHIN_MS later. */
    async function bothAnswer(key: string, status: number, code: string, since: number) {
      for (const server of servers) {
        for (;;) {
          const r = await me(server, key);
          if (r.status === status) {
            expect(r.code).toBe(code);
            break;
          }
          expect(Date.now() - since, `still ${r.status} on ${server.baseUrl}`).toBeLessThan(WITHIN_MS);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      expect(Date.now() - since).toBeLessThan(WITHIN_MS);
    }
    /** Both instances served `key` several times: its entry is in both caches. */
    async function warm(key: string) {
      for (const server of servers) {
        for (let i = 0; i < 3; i += 1) expect((await me(server, key)).status).toBe(200);
      }
    }

    beforeAll(async () => {
      database = await serviceDatabase('postgres');
      const env = { ...database.env, ANSWERWATCH_LOG_LEVEL: 'warn' };
      servers.push(...(await Promise.all([0, 1].map(() => startServer(database.location, env, 'serve')))));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
    });

    it('refuses a revoked key on both within a second', async () => {
      const { accountId, key } = await accountWithKey(database.location);
      await warm(key);
      const keys = (await cli('keys', 'list', '--account', accountId, '--db', database.location)) as {
        keyId: string;
      }[];
      await cli('keys', 'revoke', keys[0]!.keyId, '--db', database.location);
      await bothAnswer(key, 401, 'key_revoked', Date.now());
    });

    it('refuses on both within a second a key whose account moved to a plan without the API', async () => {
      const { accountId, key } = await accountWithKey(database.location);
      await warm(key);
      await cli('accounts', 'update', accountId, '--plan', 'free', '--db', database.location);
      await bothAnswer(key, 403, 'plan_required', Date.now());
      await cli('accounts', 'update', accountId, '--plan', 'premium', '--db', database.location);
      await warm(key);
    });

    it('refuses an expired key on both within a second of its expiry, with nothing written', async () => {
      const { accountId } = await accountWithKey(database.location);
      const expiresAt = new Date(Date.now() + 4_000).toISOString();
      const { key } = (await cli(
        'keys',
        'create',
        '--account',
        accountId,
        '--label',
        'expiring',
        '--expires-at',
        expiresAt,
        '--db',
        database.location,
      )) as { key: string };
      await warm(key);
      await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now()));
      await bothAnswer(key, 401, 'key_expired', Date.parse(expiresAt));
    });
  },
);
