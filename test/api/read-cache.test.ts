import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines, projectWithAnswers } from '../support/answers.ts';
import { rawDb } from '../support/raw-db.ts';
import { JsonText } from '../../server/domain/json-text.ts';
import { hashKey } from '../../server/domain/api-keys.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore } from '../../server/store/index.ts';
import type { Caller } from '../../server/domain/context.ts';
import { trendStats } from '../../server/domain/trend-stats.ts';

describe('cached reads', () => {
  let h: Harness;
  let key: string;
  let projectId: string;
  const page = () => h.get(`/v1/projects/${projectId}/answers?limit=5`, key);
  const daily = () => h.get(`/v1/projects/${projectId}/stats/daily`, key);

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId } = await projectWithAnswers(h, 40));
  });
  afterAll(() => h.close());

  it('serves the same page and stats again while nothing changed, with the same ETag', async () => {
    const [a, b] = [await page(), await page()];
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(
      (
        await h.get(`/v1/projects/${projectId}/answers?limit=5`, key, {
          'if-none-match': a.headers.etag as string,
        })
      ).statusCode,
    ).toBe(304);
    expect((await daily()).body).toBe((await daily()).body);
  });

  it('shows a new answer at once: any write of this service makes cached reads stale', async () => {
    const before = await page();
    const total = (r: { body: string }) =>
      (JSON.parse(r.body) as { data: { answers: number }[] }).data.reduce((n, d) => n + d.answers, 0);
    const statsBefore = total(await daily());
    await importLines(h.store, h.clock, projectId, [
      {
        promptText: 'newest question',
        engineId: 'chatgpt',
        observedAt: h.clock.now().toISOString(),
        text: 'Acme, just now.',
        sources: [],
      },
    ]);
    const after = await page();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.parse(after.body).data[0].promptText).toBe('newest question');
    expect(total(await daily())).toBe(statsBefore + 1);
  });

  it('stays valid while the background jobs look for work and find none', async () => {
    const generation = () => h.store.generation(projectId);
    const before = await generation();
    const now = h.clock.now().toISOString();
    const until = new Date(h.clock.now().getTime() + 60_000).toISOString();
    // What the run executor and the webhook deliverer do every second or two: a claim that takes no row.
    expect(
      await h.store.webhooks.claimDue('idle-worker', now, until, 10, { max: 4, inFlight: new Map() }),
    ).toEqual({ claimed: [], more: false });
    expect(await h.store.runRequests.claimNext('idle-worker', now, until)).toBeUndefined();
    expect(await generation()).toBe(before);
    const page = await h.get(`/v1/projects/${projectId}/answers?limit=5`, key);
    await importLines(h.store, h.clock, projectId, [
      { promptText: 'one more', engineId: 'chatgpt', observedAt: now, text: 'Acme again.', sources: [] },
    ]);
    expect(await generation()).not.toBe(before);
    const after = await h.get(`/v1/projects/${projectId}/answers?limit=5`, key);
    expect(after.headers.etag).not.toBe(page.headers.etag);
  });

  it('stays valid when a request notes its key’s use, as one does every minute for each key in use', async () => {
    const lastUsed = async () => (await h.store.apiKeys.findByHash(hashKey(key)))?.lastUsedAt;
    const first = await daily();
    const before = { generation: await h.store.generation(projectId), lastUsed: await lastUsed() };
    h.clock.advance(61_000);
    const second = await daily();
    expect(await lastUsed()).not.toBe(before.lastUsed);
    // On SQLite the noting was counted as a write of the whole file: every cached read was rendered again.
    expect(await h.store.generation(projectId)).toBe(before.generation);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('does not hand a request made after a write the render begun before it', async () => {
    const key = JSON.stringify(['render-before-write']);
    let release: (() => void) | undefined;
    const at = async () => (await h.store.readProject(projectId))!;
    const slow = h.services.reads.get(await at(), key, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return new JsonText('{"rendered":"before the write"}');
    });
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    const now = h.clock.now().toISOString();
    await importLines(h.store, h.clock, projectId, [
      { promptText: 'written meanwhile', engineId: 'chatgpt', observedAt: now, text: 'Acme.', sources: [] },
    ]);
    const fresh = h.services.reads.get(await at(), key, async () => new JsonText('{"rendered":"after"}'));
    release();
    expect((await slow).text).toBe('{"rendered":"before the write"}');
    expect((await fresh).text).toBe('{"rendered":"after"}');
  });

  it('serves a year of trends from the cache as the bytes it rendered, until another instance stores an answer', async () => {
    const url = `/v1/projects/${projectId}/stats/trends`;
    const first = await h.get(url, key);
    const again = await h.get(url, key);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    // What a hit hands the route: the body kept, as its UTF-8 bytes with its ETag, not rendered nor encoded again.
    const { accountId } = (await h.store.readProject(projectId))!;
    const caller = { accountId, projectIds: null } as unknown as Caller;
    const kept = await trendStats(h.services, caller, projectId, {});
    const hit = await trendStats(h.services, caller, projectId, {});
    expect(hit).toBe(kept);
    expect(hit.bytes).toBe(kept.bytes);
    expect(hit.bytes.equals(first.rawPayload)).toBe(true);
    expect(hit.etag).toBe(first.headers.etag);
    // Another instance: a store of its own on the same database, which this one's cache never hears from directly.
    const other = createStore(await openDatabase(h.dbPath, { poolSize: 2 }));
    try {
      const now = h.clock.now().toISOString();
      await importLines(other, h.clock, projectId, [
        { promptText: 'stored elsewhere', engineId: 'chatgpt', observedAt: now, text: 'Acme.', sources: [] },
      ]);
    } finally {
      await other.close();
    }
    const after = await h.get(url, key);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const answers = (r: { body: string }) =>
      (JSON.parse(r.body) as { data: { answers: number }[] }).data.reduce((n, d) => n + d.answers, 0);
    expect(answers(after)).toBe(answers(first) + 1);
  });

  it('shows a change another process committed to the same database file', async () => {
    const before = JSON.parse((await page()).body).data[0];
    const other = rawDb(h.dbPath);
    try {
      await other
        .updateTable('answers')
        .set({ prompt_text: 'edited elsewhere' })
        .where('id', '=', before.id)
        .execute();
    } finally {
      await other.destroy();
    }
    expect(JSON.parse((await page()).body).data[0].promptText).toBe('edited elsewhere');
  });

  it('serves share of voice from the cache, and follows a new competitor and a new answer at once', async () => {
    const sov = () => h.get(`/v1/projects/${projectId}/stats/competitors`, key);
    let reads = 0;
    const brands = h.store.summaries.brands.bind(h.store.summaries);
    h.store.summaries.brands = (...args) => (reads++, brands(...args));
    try {
      const first = await sov();
      expect((await sov()).body).toBe(first.body);
      expect(reads).toBe(1);
      const replaced = await h.write('PUT', `/v1/projects/${projectId}/competitors`, key, [
        { name: 'Globex' },
        { name: 'Initech' },
        { name: 'Hooli' },
      ]);
      expect(replaced.statusCode).toBe(200);
      const names = (await sov()).json().data.map((d: { name: string }) => d.name);
      expect(names).toEqual(['Acme', 'Globex', 'Initech', 'Hooli']);
      const mentioned = () => sov().then((r) => r.json().data[3].mentioned) as Promise<number>;
      const before = await mentioned();
      await importLines(h.store, h.clock, projectId, [
        {
          promptText: 'who else?',
          engineId: 'chatgpt',
          observedAt: h.clock.now().toISOString(),
          text: 'Hooli, and nobody else.',
          sources: [],
        },
      ]);
      expect(await mentioned()).toBe(before + 1);
      expect(reads).toBe(3);
    } finally {
      h.store.summaries.brands = brands;
    }
  });
});
