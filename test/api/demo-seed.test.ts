import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../server/domain/accounts.ts';
import type { Clock } from '../../server/domain/clock.ts';
import { mulberry32, seedDemo } from '../../server/domain/demo-data.ts';
import { openDatabase, type Db } from '../../server/domain/database.ts';
import { createSecretBox } from '../../server/domain/secret-box.ts';
import { seedDemoProject, type DemoSeed } from '../../server/jobs/demo-seed.ts';
import type { CompetitorHit } from '../../server/store/repositories/answers.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { freshDatabase, type TestDatabase } from '../support/test-db.ts';

const clock: Clock = { now: () => new Date('2025-03-10T08:00:00.000Z') };

const secrets = createSecretBox(randomBytes(32));
const baseUrl = 'http://127.0.0.1:8787/v1';

describe('seedDemo', () => {
  let database: TestDatabase;
  let db: Db;
  let store: Store;
  let accountId: string;
  let projectId: string;
  let seed: DemoSeed;

  // A run reads its clock as each answer arrives, in the order of its prompts' (random) ids, so within a run the
  // same answers can take each other's times: a run's answers are compared by their day.
  const answersOf = async (id: string) =>
    (await answerRows(id))
      .map(({ run_id, ...a }) => ({ ...a, observed_at: run_id ? a.observed_at.slice(0, 10) : a.observed_at }))
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  const answerRows = (id: string) =>
    db
      .selectFrom('answers')
      .innerJoin('answer_details', 'answer_details.answer_id', 'answers.id')
      .select([
        'prompt_text',
        'engine_id',
        'observed_at',
        'mentioned',
        'cited',
        'position',
        'sentiment',
        'full_answer',
        'narrative_drift',
        'run_id',
      ])
      .where('project_id', '=', id)
      .orderBy('observed_at')
      .orderBy('import_key')
      .execute();

  beforeAll(async () => {
    database = await freshDatabase();
    db = await openDatabase(database.location);
    store = createStore(db);
    accountId = (await createAccount(store, clock, { plan: 'premium' })).id;
    const options = { accountId, answers: 3000, days: 30, random: mulberry32(42), secrets, baseUrl };
    seed = await seedDemoProject(store, clock, options);
    projectId = seed.projectId;
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('creates the project with its brand, tracking settings, competitors, topics and prompts', async () => {
    const project = (await store.projects.get(projectId))!;
    expect(project).toMatchObject({ accountId, name: 'Northwind Tasks', hostId: null });
    expect(project.websiteUrl).toMatch(/^https:\/\//);
    expect(project.brandTerms.length).toBeGreaterThan(0);
    expect(project.brandDomains.length).toBeGreaterThan(0);
    expect(project.tracking).toMatchObject({ cadence: 'daily', samplesPerPrompt: 1 });
    expect([...project.tracking.engineIds].sort()).toEqual(
      ['chatgpt', 'claude', 'gemini', 'google-ai-mode', 'grok', 'perplexity'].sort(),
    );
    const competitors = await store.competitors.list(projectId);
    expect(competitors.length).toBeGreaterThanOrEqual(6);
    expect(competitors.length).toBeLessThanOrEqual(10);
    for (const c of competitors) expect(c.domains.length).toBeGreaterThan(0);
    const topics = await store.topics.labels(projectId);
    expect(topics.size).toBeGreaterThanOrEqual(4);
    expect(topics.size).toBeLessThanOrEqual(6);
    const prompts = await store.prompts.list({ projectId, after: null, limit: 100 });
    expect(prompts.length).toBeGreaterThanOrEqual(15);
    expect(prompts.length).toBeLessThanOrEqual(30);
    for (const p of prompts) {
      expect(p.engineIds.length).toBeGreaterThanOrEqual(2);
      expect(topics.has(p.topicIds[0]!)).toBe(true);
    }
  });

  it('stores the imported answers before the last week and a daily run on each day of it, all summarised', async () => {
    const rows = await db
      .selectFrom('answers')
      .select(['date', 'prompt_id', 'topic_id', 'run_id', 'observed_at'])
      .where('project_id', '=', projectId)
      .execute();
    expect(rows).toHaveLength(seed.answers);
    const imported = rows.filter((r) => r.run_id === null);
    expect(imported).toHaveLength(3000);
    expect(new Set(imported.map((r) => r.date)).size).toBe(23);
    expect(imported.map((r) => r.date).sort()[0]).toBe('2025-02-09');
    const dates = new Set(rows.map((r) => r.date));
    // Every day but the one whose run failed (no engine could be reached that day).
    expect(dates.size).toBe(29);
    expect([...dates].sort().at(-1)).toBe('2025-03-10');
    expect(dates.has('2025-03-05')).toBe(false);
    expect(rows.every((r) => r.prompt_id !== null && r.topic_id !== null)).toBe(true);
    expect(rows.every((r) => r.observed_at <= clock.now().toISOString())).toBe(true);
    const totals = await store.summaries.totals({ projectId, from: '2025-01-01', to: '2025-12-31' });
    expect(totals.answers).toBe(seed.answers);
  });

  it('makes rates and sentiment differ by engine, and names the brand and its rivals in varied ways', async () => {
    const byEngine = await db
      .selectFrom('answers')
      .select(['engine_id'])
      .select((eb) => [eb.fn.avg<number>('mentioned').as('m'), eb.fn.avg<number>('cited').as('c')])
      .where('project_id', '=', projectId)
      .groupBy('engine_id')
      .execute();
    expect(byEngine).toHaveLength(6);
    const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
    expect(spread(byEngine.map((e) => e.m))).toBeGreaterThan(0.1);
    expect(spread(byEngine.map((e) => e.c))).toBeGreaterThan(0.15);
    const rows = await db
      .selectFrom('answers')
      .select(['sentiment', 'position', 'competitor_hits'])
      .execute();
    const sentiments = new Set(rows.map((r) => r.sentiment));
    for (const s of ['positive', 'negative', 'mixed', 'neutral', 'not-applicable'])
      expect(sentiments).toContain(s);
    expect(new Set(rows.map((r) => r.position)).size).toBeGreaterThan(3);
    const hits = rows.flatMap((r) => JSON.parse(r.competitor_hits) as CompetitorHit[]);
    expect(hits.some(([, , cited]) => cited === 1)).toBe(true);
  });

  it(
    'is deterministic for a given random source, and differs for another',
    { timeout: 180_000 },
    async () => {
      const again = (
        await seedDemoProject(store, clock, {
          accountId,
          answers: 3000,
          days: 30,
          random: mulberry32(42),
          secrets,
          baseUrl,
        })
      ).projectId;
      expect(again).not.toBe(projectId);
      expect(await answersOf(again)).toEqual(await answersOf(projectId));
      const other = await seedDemo(store, clock, {
        accountId,
        answers: 300,
        days: 30,
        random: mulberry32(7),
      });
      const first = await seedDemo(store, clock, {
        accountId,
        answers: 300,
        days: 30,
        random: mulberry32(42),
      });
      expect(await answersOf(other)).not.toEqual(await answersOf(first));
    },
  );

  it('runs without a webhook, and so raises no alerts, when no sealing key is given', async () => {
    const bare = await seedDemoProject(store, clock, {
      accountId,
      answers: 100,
      days: 10,
      secrets: null,
      baseUrl,
    });
    expect(bare).toMatchObject({ webhookId: null, runs: { completed: 6, failed: 1 } });
    expect(await store.webhooks.list(bare.projectId)).toEqual([]);
    expect(seed.webhookId).toMatch(/^whk/);
    const deliveries = await store.webhooks.deliveries(seed.webhookId!);
    // Turned off once its alerts were raised, with nothing left to send: no service tries its example address.
    expect((await store.webhooks.byId(seed.webhookId!))!.active).toBe(0);
    expect(deliveries.filter((d) => d.status === 'pending')).toEqual([]);
    expect(new Set(deliveries.map((d) => d.event))).toEqual(
      new Set([
        'run.completed',
        'run.failed',
        'visibility.rose',
        'visibility.dropped',
        'competitor.overtook',
        'citation.lost',
        'citation.gained',
        'actions.updated',
      ]),
    );
  });

  it("keeps its runs from a service's run worker on the same database", async () => {
    // The moment each demo run request exists, another worker tries to take it, as a running service would.
    const taken: (string | undefined)[] = [];
    const contended: Store = {
      ...store,
      runRequests: {
        ...store.runRequests,
        async create(r) {
          await store.runRequests.create(r);
          const now = clock.now();
          const until = new Date(now.getTime() + 60_000).toISOString();
          taken.push((await store.runRequests.claimNext('service', now.toISOString(), until))?.id);
        },
      },
    };
    const bare = await seedDemoProject(contended, clock, {
      accountId,
      answers: 100,
      days: 10,
      secrets: null,
      baseUrl,
    });
    expect(bare.runs).toEqual({ completed: 6, failed: 1 });
    expect(taken).toEqual(Array(7).fill(undefined));
  });

  it('tracks up to fifty competitors when asked', async () => {
    const id = await seedDemo(store, clock, { accountId, answers: 50, competitors: 50 });
    const competitors = await store.competitors.list(id);
    expect(competitors).toHaveLength(50);
    expect(new Set(competitors.map((c) => c.name.toLowerCase())).size).toBe(50);
  });

  it('refuses an unknown account and impossible sizes', async () => {
    await expect(seedDemo(store, clock, { accountId: 'accNope' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(seedDemo(store, clock, { accountId, answers: -1 })).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    await expect(seedDemo(store, clock, { accountId, days: 0 })).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
  });
});
