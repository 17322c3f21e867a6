import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../server/domain/accounts.ts';
import type { Clock } from '../../server/domain/clock.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { importTraffic } from '../../server/traffic/import-traffic.ts';
import { RANGE_SOURCES } from '../../server/traffic/range-sources.ts';
import { folderReader, updateRanges, urlReader } from '../../server/traffic/ranges-update.ts';
import { createProject } from '../support/fixtures.ts';
import { BASE } from '../support/api-harness.ts';
import { freshDatabase, type TestDatabase } from '../support/test-db.ts';
import { shippedAddress } from '../support/shipped-ranges.ts';

const clock: Clock = { now: () => new Date('2026-11-28T12:00:00.000Z') };
const GPTBOT = 'GPTBot/1.2';
const file = (creationTime: string, prefixes: string[]) =>
  JSON.stringify({
    creationTime,
    prefixes: prefixes.map((p) => (p.includes(':') ? { ipv6Prefix: p } : { ipv4Prefix: p })),
  });

describe('traffic ranges update', () => {
  let database: TestDatabase;
  let store: Store;
  let dir: string;

  beforeEach(async () => {
    database = await freshDatabase();
    store = createStore(await openDatabase(database.location));
    dir = mkdtempSync(join(tmpdir(), 'aw-ranges-'));
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the files of a folder, refuses a broken one whole, keeps the shipped ranges of a missing one', async () => {
    writeFileSync(
      join(dir, 'openai-gptbot.json'),
      file('2027-01-05T10:00:00.000000', ['198.51.100.0/24', '2001:db8::/32']),
    );
    writeFileSync(join(dir, 'bing-bingbot.json'), file('2027-01-05T10:00:00.000000', ['not-a-range']));
    writeFileSync(join(dir, 'apple-applebot.json'), '{"prefixes": []}');
    const updates = await updateRanges(store, clock, folderReader(dir));
    const by = new Map(updates.map((u) => [u.source, u]));
    expect(by.get('openai-gptbot')).toEqual({
      source: 'openai-gptbot',
      outcome: 'updated',
      creationTime: '2027-01-05T10:00:00.000000',
      prefixes: 2,
      detail: null,
    });
    expect(by.get('bing-bingbot')).toMatchObject({
      outcome: 'invalid',
      detail: 'not-a-range is not an address range',
    });
    expect(by.get('apple-applebot')).toMatchObject({ outcome: 'invalid' });
    expect(by.get('apple-applebot')!.detail).toMatch(/creationTime/);
    expect(by.get('google-googlebot')).toMatchObject({ outcome: 'missing', detail: 'not found' });
    expect(await store.traffic.storedRanges()).toEqual([
      {
        source: 'openai-gptbot',
        creationTime: '2027-01-05T10:00:00.000000',
        prefixes: ['198.51.100.0/24', '2001:db8::/32'],
        updatedAt: '2026-11-28T12:00:00.000Z',
      },
    ]);
    expect((await updateRanges(store, clock, folderReader(dir)))[0]).toMatchObject({ outcome: 'unchanged' });

    // The import verifies against what is stored now: GPTBot from the new range is verified, from the old spoofed.
    const account = await createAccount(store, clock, { plan: 'premium' });
    const projectId = (await createProject(store, account.id)).id;
    const line = (ip: string) =>
      JSON.stringify({ time: '2026-11-27T10:00:00Z', ip, url: '/', status: 200, userAgent: GPTBOT });
    const result = await importTraffic(
      store,
      clock,
      projectId,
      [line('198.51.100.7'), line(shippedAddress('openai-gptbot', 1))],
      {
        baseUrl: BASE,
        identity: 'first-line',
      },
    );
    expect(result.spoofed).toBe(1);
  });

  it("reads the operators' URLs (here a local server's), a 404 as missing", async () => {
    const server: Server = createServer((req, res) => {
      if (req.url === '/openai-searchbot.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(file('2027-02-01T00:00:00.000000', ['192.0.2.0/28']));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const updates = await updateRanges(
        store,
        clock,
        urlReader((s) => `http://127.0.0.1:${port}/${s.id}.json`),
      );
      expect(updates.map((u) => u.source)).toEqual(RANGE_SOURCES.map((s) => s.id));
      expect(updates.find((u) => u.source === 'openai-searchbot')).toMatchObject({
        outcome: 'updated',
        prefixes: 1,
      });
      expect(updates.filter((u) => u.outcome === 'missing')).toHaveLength(RANGE_SOURCES.length - 1);
    } finally {
      server.close();
    }
  });
});
