/** The demo project seedDemoProject writes, read through the API: a market with every page of the app worth showing. */
import { ACTION_KINDS } from '../../server/contract/actions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENGINES } from '../../server/domain/demo-content.ts';
import { sourceClassifier } from '../../server/domain/source-class.ts';
import { sourceTyper } from '../../server/domain/source-types/source-type.ts';
import { seedDemoProject } from '../../server/jobs/demo-seed.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { recountSources, recountTrends } from '../support/insight-recount.ts';
import { allAnswers, allPages } from '../support/insights.ts';
import { rawDb } from '../support/test-db.ts';

const baseUrl = 'http://127.0.0.1:8787/v1';

describe('the demo market, read through the API', () => {
  let h: Harness;
  let key: string;
  let p: string;
  const range = 'from=2026-05-17&to=2026-06-15';
  const get = async (path: string) => {
    const r = await h.get(`/v1/projects/${p}${path}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    h = await createHarness();
    const account = await h.account();
    key = account.key;
    const options = { accountId: account.accountId, answers: 3000, days: 30, browserTwins: 0.15 };
    p = (await seedDemoProject(h.store, h.clock, { ...options, secrets: h.services.secrets, baseUrl }))
      .projectId;
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  it('has a clear leader and a long tail in share of voice', async () => {
    const { data } = await get(`/stats/competitors?${range}`);
    const rivals = (data as { name: string; isOwnBrand: boolean; mentioned: number }[])
      .filter((c) => !c.isOwnBrand)
      .sort((a, b) => b.mentioned - a.mentioned);
    const [leader, second] = rivals;
    expect(leader!.name).toBe('Trellis Boards');
    expect(leader!.mentioned).toBeGreaterThan(1.5 * second!.mentioned);
    expect(rivals.at(-1)!.mentioned).toBeLessThan(0.1 * leader!.mentioned);
    const brand = data.find((c: { isOwnBrand: boolean }) => c.isOwnBrand);
    expect(brand.mentioned).toBeGreaterThan(second!.mentioned);
  });

  it('cites a long tail of sources with review and forum sites, new ones, gone ones and gaps', async () => {
    type Row = { domain: string; answers: number; firstSeen: string; lastSeen: string };
    const { data } = (await get(`/stats/sources?${range}&limit=100`)) as { data: Row[] };
    const domain = (name: string) => data.find((d) => d.domain === name)!;
    for (const name of ['g2.com', 'capterra.com', 'reddit.com', 'ycombinator.com'])
      expect(domain(name)).toBeDefined();
    const counts = data.map((d) => d.answers).sort((a, b) => b - a);
    expect(counts[0]).toBeGreaterThan(20 * counts.at(-1)!);
    expect(domain('theverge.com').firstSeen >= '2026-06-09').toBe(true);
    expect(domain('getapp.com').lastSeen < '2026-06-04').toBe(true);
    const gaps = (await get(`/stats/sources?${range}&gaps=true`)) as { data: Row[] };
    expect(gaps.data.map((d) => d.domain)).toEqual(
      expect.arrayContaining(['softwareadvice.com', 'trustradius.com']),
    );
  });

  it('gives the Queries page searches shared across prompts, some of them a tracked prompt’s own text', async () => {
    type Row = {
      query: string;
      answers: number;
      prompts: number;
      engines: { engineId: string }[];
      trackedPromptId: string | null;
    };
    const { data } = (await get(`/stats/queries?${range}&limit=100`)) as { data: Row[] };
    expect(data.length).toBeGreaterThan(15);
    expect(data[0]!.answers).toBeGreaterThan(100);
    expect(data.some((r) => r.prompts > 1)).toBe(true);
    expect(data.some((r) => r.trackedPromptId !== null)).toBe(true);
    // The engines whose APIs report searches, and not Perplexity's or the signed-in apps'.
    const engines = new Set(data.flatMap((r) => r.engines.map((e) => e.engineId)));
    expect([...engines].sort()).toEqual(['chatgpt', 'claude', 'gemini', 'grok']);
    // Imported answers and the runs' answers alike.
    const runAnswer = (await get(`/answers?${range}&engine=claude&limit=200`)).data.find(
      (a: { runId: string | null }) => a.runId !== null,
    );
    expect((await get(`/answers/${runAnswer.id}`)).searchQueries.length).toBeGreaterThan(0);
  });

  it('pairs each engine with its signed-in browser on the API vs app page', async () => {
    const { data } = await get('/stats/surfaces');
    expect(data.map((d: { apiEngineId: string }) => d.apiEngineId).sort()).toEqual(
      Object.keys(DEMO_ENGINES).sort(),
    );
  });

  it('ran daily for the last week: one run failed, one lost an engine, the others completed', async () => {
    const { data } = await get('/runs');
    expect(data.map((r: { status: string }) => r.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'failed',
      'completed',
    ]);
    expect(data.every((r: { trigger: string }) => r.trigger === 'scheduled')).toBe(true);
    const answers = data.map((r: { answerCount: number }) => r.answerCount);
    expect(answers[1]).toBeLessThan(answers[0]);
    expect(answers[5]).toBe(0);
  });

  it('raised alerts of every kind from its runs, the story among them', async () => {
    const { data } = await get('/alerts?limit=100');
    type Alert = { alert: { event: string; data: Record<string, { engineId: string | null }[]> } };
    const of = (event: string) =>
      (data as Alert[]).filter((a) => a.alert.event === event).map((a) => a.alert.data);
    const changes = (event: string) => of(event).flatMap((d) => d.changes ?? []);
    expect(changes('visibility.rose')).toContainEqual(
      expect.objectContaining({ metric: 'mentionRate', engineId: 'perplexity' }),
    );
    expect(changes('visibility.dropped')).toContainEqual(
      expect.objectContaining({ metric: 'citationRate', engineId: 'google-ai-mode' }),
    );
    expect(of('competitor.overtook').flatMap((d) => d.overtakes)).toContainEqual(
      expect.objectContaining({ competitor: 'Tasklane', engineId: 'gemini' }),
    );
    expect(of('citation.lost').flatMap((d) => d.citations)).toContainEqual(
      expect.objectContaining({
        engineId: 'google-ai-mode',
        url: expect.stringContaining('northwindtasks.com'),
      }),
    );
  });

  it('judges the runs against its Brand Truth: some answers drift, some partly, most not', async () => {
    expect((await h.store.brandTruths.get(p))?.statements).toHaveLength(5);
    const db = rawDb(h.dbPath);
    try {
      const rows = await db
        .selectFrom('answers')
        .select(['run_id', 'narrative_drift'])
        .where('project_id', '=', p)
        .execute();
      const drift = new Set(rows.filter((r) => r.run_id !== null).map((r) => r.narrative_drift));
      for (const verdict of ['true', 'partial', 'no', null]) expect(drift).toContain(verdict);
      expect(rows.filter((r) => r.run_id === null).every((r) => r.narrative_drift === null)).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('moves: the launch lifts the weekly mention rate on Perplexity', async () => {
    const { data } = await get(`/stats/trends?${range}&interval=week&perEngine=true&engine=perplexity`);
    const week = (from: string) =>
      (data as { from: string; mentionRate: { value: number } }[]).find((w) => w.from === from)!.mentionRate
        .value;
    expect(Math.abs(week('2026-06-01') - week('2026-05-25'))).toBeLessThan(0.15);
    expect(week('2026-06-08') - week('2026-06-01')).toBeGreaterThan(0.2);
  });

  it('summarises its answers, imported and from runs alike, as a recount of them does', async () => {
    const answers = await allAnswers(h, key, p, '2026-05-17', '2026-06-15');
    expect(answers.some((a) => a.runId !== null) && answers.some((a) => a.runId === null)).toBe(true);
    const project = (await h.store.projects.get(p))!;
    const classify = sourceTyper(sourceClassifier(project, await h.store.competitors.list(p)), []);
    const scope = { from: '2026-05-17', to: '2026-06-15' };
    const sources = await allPages(h, key, `/v1/projects/${p}/stats/sources?${range}&limit=100`);
    expect(sources.data).toEqual(recountSources(answers, { ...scope, groupBy: 'domain' }, classify).data);
    const trends = await get(`/stats/trends?${range}&interval=week&perEngine=true`);
    expect(trends.data).toEqual(recountTrends(answers, { ...scope, interval: 'week', perEngine: true }));
  });

  it('gives every kind of action something to show', async () => {
    type Listed = { data: { kind: string; title: string }[] };
    const { data } = (await get(`/actions?${range}&limit=200`)) as Listed;
    // The prompt ChatGPT dropped the brand from shows against the week before, as the last 7 days view reads it.
    const week = (await get('/actions?from=2026-06-09&to=2026-06-15&limit=200')) as Listed;
    const kinds = [...new Set([...data, ...week.data].map((a) => a.kind))].sort();
    expect(kinds, kinds.join()).toEqual([...ACTION_KINDS].sort());
    expect(week.data.filter((a) => a.kind === 'win-back-prompt').map((a) => a.title)).toContainEqual(
      expect.stringMatching(/^Win back “Best kanban board app for a startup” on ChatGPT: /),
    );
  });
});
