import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../server/domain/accounts.ts';
import type { Clock } from '../../server/domain/clock.ts';
import { openDatabase, type Db } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { importTraffic } from '../../server/traffic/import-traffic.ts';
import { logFileLines, type LogFileState } from '../../server/traffic/log-file.ts';
import { createProject } from '../support/fixtures.ts';
import { BASE } from '../support/api-harness.ts';
import { freshDatabase, type TestDatabase } from '../support/test-db.ts';
import { shippedAddress } from '../support/shipped-ranges.ts';

const clock: Clock = { now: () => new Date('2026-11-28T12:00:00.000Z') };

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CLAUDE =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';

/** A combined line (nginx's `combined`), at 2026-11-27 `hh:mm`. */
const combined = (ip: string, time: string, path: string, status: number, referer: string, ua: string) =>
  `${ip} - - [27/Nov/2026:${time}:00 +0000] "GET ${path} HTTP/1.1" ${status} 512 "${referer}" "${ua}"`;
const ours = (o: Record<string, unknown>) =>
  JSON.stringify({
    time: '2026-11-27T10:15:00Z',
    ip: '198.51.100.1',
    method: 'GET',
    status: 200,
    bytes: 10,
    referer: null,
    ...o,
  });

describe('importTraffic', () => {
  let database: TestDatabase;
  let db: Db;
  let store: Store;
  let projectId: string;
  let dir: string;

  beforeEach(async () => {
    database = await freshDatabase();
    db = await openDatabase(database.location);
    store = createStore(db);
    const account = await createAccount(store, clock, { plan: 'premium' });
    projectId = (await createProject(store, account.id)).id;
    dir = mkdtempSync(join(tmpdir(), 'aw-traffic-'));
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const days = () =>
    db
      .selectFrom('traffic_days')
      .select(['period', 'page', 'agent', 'status_class', 'verification', 'hits', 'first_seen', 'last_seen'])
      .orderBy('agent')
      .orderBy('page')
      .orderBy('verification')
      .orderBy('status_class')
      .execute();
  const hours = () =>
    db
      .selectFrom('traffic_hours')
      .select(['period', 'agent', 'verification', 'hits'])
      .orderBy('period')
      .orderBy('agent')
      .orderBy('verification')
      .execute();
  const referrals = () =>
    db
      .selectFrom('traffic_referral_days')
      .select(['day', 'page', 'engine', 'visits'])
      .orderBy('engine')
      .execute();

  const LOG = [
    combined(shippedAddress('openai-gptbot', 10), '10:01', '/pricing', 200, '-', GPTBOT),
    combined(shippedAddress('openai-gptbot', 11), '10:59', '/pricing?x=1', 200, '-', GPTBOT),
    combined(shippedAddress('openai-gptbot', 10), '11:05', '/pricing', 404, '-', GPTBOT),
    // GPTBot's name from an address OpenAI does not publish: spoofed, never counted as GPTBot.
    combined('203.0.113.66', '11:06', '/pricing', 200, '-', GPTBOT),
    // Anthropic publishes no ranges: claimed.
    combined('203.0.113.67', '11:07', '/docs', 200, '-', CLAUDE),
    combined('192.0.2.1', '12:00', '/pricing', 200, 'https://chatgpt.com/', CHROME),
    combined('192.0.2.2', '12:01', '/docs?utm_source=perplexity', 200, '-', CHROME),
    combined('192.0.2.3', '12:02', '/', 200, 'https://www.google.com/', CHROME),
    'this is not a log line',
    '',
    combined('192.0.2.4', '12:03', '/', 200, '-', 'curl/8.5.0'),
  ];

  it('counts each line into the rollups by agent, verification, status class and page; people only as referrals', async () => {
    const result = await importTraffic(store, clock, projectId, LOG, {
      baseUrl: BASE,
      identity: 'first-line',
    });
    expect(result).toEqual({
      accepted: 9,
      ignored: 0,
      alreadyStored: 0,
      purposes: { training: 5, search: 0, user: 0, 'classic-search': 0, 'other-bot': 1, people: 3 },
      spoofed: 1,
      referrals: 2,
      invalidCount: 1,
      invalid: [{ line: 9, error: 'not a combined log line' }],
    });
    expect(await days()).toEqual([
      {
        period: '2026-11-27',
        page: '/docs',
        agent: 'ClaudeBot',
        status_class: '2xx',
        verification: 'claimed',
        hits: 1,
        first_seen: '2026-11-27T11:07:00.000Z',
        last_seen: '2026-11-27T11:07:00.000Z',
      },
      {
        period: '2026-11-27',
        page: '/pricing',
        agent: 'GPTBot',
        status_class: '2xx',
        verification: 'spoofed',
        hits: 1,
        first_seen: '2026-11-27T11:06:00.000Z',
        last_seen: '2026-11-27T11:06:00.000Z',
      },
      {
        period: '2026-11-27',
        page: '/pricing',
        agent: 'GPTBot',
        status_class: '2xx',
        verification: 'verified',
        hits: 2,
        first_seen: '2026-11-27T10:01:00.000Z',
        last_seen: '2026-11-27T10:59:00.000Z',
      },
      {
        period: '2026-11-27',
        page: '/pricing',
        agent: 'GPTBot',
        status_class: '4xx',
        verification: 'verified',
        hits: 1,
        first_seen: '2026-11-27T11:05:00.000Z',
        last_seen: '2026-11-27T11:05:00.000Z',
      },
      {
        period: '2026-11-27',
        page: '/',
        agent: 'other-bot',
        status_class: '2xx',
        verification: 'claimed',
        hits: 1,
        first_seen: '2026-11-27T12:03:00.000Z',
        last_seen: '2026-11-27T12:03:00.000Z',
      },
    ]);
    expect(await hours()).toEqual([
      { period: '2026-11-27T10', agent: 'GPTBot', verification: 'verified', hits: 2 },
      { period: '2026-11-27T11', agent: 'ClaudeBot', verification: 'claimed', hits: 1 },
      { period: '2026-11-27T11', agent: 'GPTBot', verification: 'spoofed', hits: 1 },
      { period: '2026-11-27T11', agent: 'GPTBot', verification: 'verified', hits: 1 },
      { period: '2026-11-27T12', agent: 'other-bot', verification: 'claimed', hits: 1 },
    ]);
    expect(await referrals()).toEqual([
      { day: '2026-11-27', page: '/pricing', engine: 'chatgpt', visits: 1 },
      { day: '2026-11-27', page: '/docs', engine: 'perplexity', visits: 1 },
    ]);
  });

  it("counts other hosts as ignored, keeps the brand's (website domain, brandDomains, subdomains)", async () => {
    const lines = [
      ours({ url: '/a', host: 'www.acme.com', userAgent: GPTBOT, ip: shippedAddress('openai-gptbot', 1) }),
      ours({
        url: '/b',
        host: 'docs.acme.io:443',
        userAgent: GPTBOT,
        ip: shippedAddress('openai-gptbot', 1),
      }),
      ours({
        url: '/c',
        host: 'staging.other.example',
        userAgent: GPTBOT,
        ip: shippedAddress('openai-gptbot', 1),
      }),
      ours({ url: 'https://notacme.com/d', userAgent: GPTBOT, ip: shippedAddress('openai-gptbot', 1) }),
    ];
    const result = await importTraffic(store, clock, projectId, lines, {
      baseUrl: BASE,
      identity: 'first-line',
    });
    expect(result).toMatchObject({ accepted: 2, ignored: 2, invalidCount: 0 });
    expect((await days()).map((r) => r.page)).toEqual(['/a', '/b']);
  });

  it('refuses times far in the future and paths too long, and never stores them', async () => {
    const lines = [
      ours({ url: '/a', userAgent: GPTBOT, time: '2026-12-05T00:00:00Z' }),
      ours({ url: `/${'x'.repeat(3000)}`, userAgent: GPTBOT }),
      ours({ url: '/ok', userAgent: GPTBOT }),
    ];
    const result = await importTraffic(store, clock, projectId, lines, {
      baseUrl: BASE,
      identity: 'first-line',
    });
    expect(result.invalid).toEqual([
      { line: 1, error: 'the time 2026-12-05T00:00:00.000Z is in the future' },
      { line: 2, error: 'the path is longer than 2048 characters' },
    ]);
    expect((await days()).map((r) => r.page)).toEqual(['/ok']);
  });

  it('stores nothing twice: a rerun skips what was stored, the same log gzipped is the same file, growth is read', async () => {
    const first = await importTraffic(store, clock, projectId, LOG, {
      baseUrl: BASE,
      identity: 'first-line',
    });
    expect(first.alreadyStored).toBe(0);
    const again = await importTraffic(store, clock, projectId, LOG, {
      baseUrl: BASE,
      identity: 'first-line',
    });
    expect(again).toMatchObject({ accepted: 0, alreadyStored: 10, invalidCount: 0 });

    const gz = join(dir, 'access.log.1.gz');
    writeFileSync(
      gz,
      gzipSync(
        `${[...LOG, combined(shippedAddress('openai-gptbot', 10), '13:00', '/new', 200, '-', GPTBOT)].join('\n')}\n`,
      ),
    );
    const handle = await open(gz);
    const state: LogFileState = { bytes: 0, failure: null };
    const grown = await importTraffic(store, clock, projectId, logFileLines(handle, state), {
      baseUrl: BASE,
      identity: 'first-line',
      endOfInput: () => state.failure,
    });
    await handle.close();
    expect(grown).toMatchObject({ accepted: 1, alreadyStored: 10, invalidCount: 0 });
    const gptVerified2xx = (await days()).filter(
      (r) => r.agent === 'GPTBot' && r.verification === 'verified' && r.status_class === '2xx',
    );
    expect(gptVerified2xx.map((r) => [r.page, r.hits])).toEqual([
      ['/new', 1],
      ['/pricing', 2],
    ]);
  });

  it('reads a truncated gzip up to where it breaks, and says so as a bad line after the last', async () => {
    const lines = Array.from({ length: 2_000 }, (_, i) =>
      combined(shippedAddress('openai-gptbot', 10), '10:00', `/p${i}`, 200, '-', GPTBOT),
    );
    const whole = gzipSync(`${lines.join('\n')}\n`);
    const gz = join(dir, 'cut.log.gz');
    writeFileSync(gz, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const handle = await open(gz);
    const state: LogFileState = { bytes: 0, failure: null };
    const result = await importTraffic(store, clock, projectId, logFileLines(handle, state), {
      baseUrl: BASE,
      identity: 'first-line',
      endOfInput: () => state.failure,
    });
    await handle.close();
    expect(result.accepted).toBeGreaterThan(100);
    expect(result.accepted).toBeLessThan(2_000);
    expect(result.invalid.at(-1)?.error).toMatch(/gzip stream is broken/);
    expect(result.invalidCount).toBeLessThanOrEqual(2);
    const stored = (await days()).reduce((n, r) => n + Number(r.hits), 0);
    expect(stored).toBe(result.accepted);
  });

  it('keeps hourly rows for the retention period only; the daily rows stay', async () => {
    const lines = [
      ours({
        url: '/old',
        userAgent: GPTBOT,
        ip: shippedAddress('openai-gptbot', 1),
        time: '2026-11-01T10:00:00Z',
      }),
      ours({
        url: '/new',
        userAgent: GPTBOT,
        ip: shippedAddress('openai-gptbot', 1),
        time: '2026-11-27T10:00:00Z',
      }),
    ];
    await importTraffic(store, clock, projectId, lines, {
      baseUrl: BASE,
      identity: 'first-line',
      keepHourDays: 7,
    });
    expect((await hours()).map((r) => r.period)).toEqual(['2026-11-27T10']);
    expect((await days()).map((r) => r.period).sort()).toEqual(['2026-11-01', '2026-11-27']);
  });

  it('keeps a batch key: the same API batch sent twice is stored once', async () => {
    const batch = [ours({ url: '/a', userAgent: GPTBOT, ip: shippedAddress('openai-gptbot', 1) })];
    const once = await importTraffic(store, clock, projectId, batch, {
      baseUrl: BASE,
      identity: { key: 'batch:abc' },
    });
    const twice = await importTraffic(store, clock, projectId, batch, {
      baseUrl: BASE,
      identity: { key: 'batch:abc' },
    });
    expect([once.accepted, twice.accepted, twice.alreadyStored]).toEqual([1, 0, 1]);
    expect((await days()).map((r) => Number(r.hits))).toEqual([1]);
    // Eight days on, the batch is forgotten (shippers retry within minutes); files are remembered for good.
    await importTraffic(store, clock, projectId, LOG, { baseUrl: BASE, identity: 'first-line' });
    const later: Clock = { now: () => new Date('2026-12-06T12:00:00.000Z') };
    await importTraffic(store, later, projectId, [ours({ url: '/b', userAgent: GPTBOT })], {
      baseUrl: BASE,
      identity: { key: 'batch:def' },
    });
    const keys = await db.selectFrom('traffic_imports').select('import_key').orderBy('import_key').execute();
    expect(keys.map((k) => k.import_key.split(':')[0])).toEqual(['batch', 'line']);
    expect(keys[0]!.import_key).toBe('batch:def');
  });
});
