import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompetitorStats, DailyStats } from '../../server/contract/stats.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { projectWithAnswers } from '../support/answers.ts';
import { rawDb } from '../support/raw-db.ts';

interface A {
  date: string;
  engineId: string;
  topicId: string | null;
  mentioned: boolean;
  cited: boolean;
  competitors: { name: string; mentioned: boolean; cited: boolean }[];
}

describe('stats', () => {
  let h: Harness;
  let key: string;
  let p: string;
  let answers: A[];

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId: p } = await projectWithAnswers(h, 200, 12));
    answers = (await h.get(`/v1/projects/${p}/answers?limit=200`, key)).json().data;
    expect(answers).toHaveLength(200);
  });
  afterAll(() => h.close());

  /** The raw answers counted by hand, the way the summaries must count them. */
  function recount(filter: (a: A) => boolean) {
    const rows = new Map<
      string,
      { date: string; engineId: string; answers: number; mentioned: number; cited: number }
    >();
    for (const a of answers.filter(filter)) {
      const k = `${a.date}|${a.engineId}`;
      const r = rows.get(k) ?? { date: a.date, engineId: a.engineId, answers: 0, mentioned: 0, cited: 0 };
      r.answers++;
      r.mentioned += a.mentioned ? 1 : 0;
      r.cited += a.cited ? 1 : 0;
      rows.set(k, r);
    }
    return [...rows.values()]
      .sort((x, y) => (x.date + x.engineId < y.date + y.engineId ? -1 : 1))
      .map((r) => ({ ...r, mentionRate: r.mentioned / r.answers, citationRate: r.cited / r.answers }));
  }

  it('daily: one row per day per engine in date order, equal to a recount of the answers', async () => {
    const r = await h.get(`/v1/projects/${p}/stats/daily`, key);
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('private, max-age=60');
    const body = DailyStats.parse(r.json());
    expect(body).toMatchObject({ from: '2026-05-17', to: '2026-06-15', incompleteDays: 0 });
    expect(body.data).toEqual(recount(() => true));
  });

  it('daily: engine and topic filters, and days without answers omitted', async () => {
    const body = (
      await h.get(`/v1/projects/${p}/stats/daily?engine=gemini&topicId=pricing&from=2026-06-01`, key)
    ).json();
    expect(body.data).toEqual(
      recount((a) => a.engineId === 'gemini' && a.topicId === 'pricing' && a.date >= '2026-06-01'),
    );
    const empty = (await h.get(`/v1/projects/${p}/stats/daily?from=2025-01-01&to=2025-01-31`, key)).json();
    expect(empty.data).toEqual([]);
  });

  it('daily: incompleteDays counts days in range whose summary is pending', async () => {
    const db = rawDb(h.dbPath);
    await db
      .insertInto('summary_pending')
      .values({ project_id: p, date: '2026-06-14', since: '2026-06-15T00:00:00Z' })
      .execute();
    expect((await h.get(`/v1/projects/${p}/stats/daily`, key)).json().incompleteDays).toBe(1);
    expect((await h.get(`/v1/projects/${p}/stats/daily?to=2026-06-13`, key)).json().incompleteDays).toBe(0);
    await db.deleteFrom('summary_pending').execute();
    await db.destroy();
  });

  it('competitors: own brand first, then each tracked competitor, rates over all answers in range', async () => {
    const r = await h.get(`/v1/projects/${p}/stats/competitors`, key);
    const body = CompetitorStats.parse(r.json());
    const n = answers.length;
    const count = (f: (a: A) => boolean) => answers.filter(f).length;
    const brand = (name: string) => ({
      mentioned: count((a) => a.competitors.some((c) => c.name === name && c.mentioned)),
      cited: count((a) => a.competitors.some((c) => c.name === name && c.cited)),
    });
    const row = (name: string, isOwnBrand: boolean, m: number, c: number) => ({
      name,
      isOwnBrand,
      mentioned: m,
      cited: c,
      mentionRate: m / n,
      citationRate: c / n,
    });
    expect(body).toEqual({
      from: '2026-05-17',
      to: '2026-06-15',
      answers: n,
      data: [
        row(
          'Acme',
          true,
          count((a) => a.mentioned),
          count((a) => a.cited),
        ),
        row('Globex', false, brand('Globex').mentioned, brand('Globex').cited),
        row('Initech', false, brand('Initech').mentioned, brand('Initech').cited),
      ],
    });
    expect(body.data[1]!.mentioned).toBeGreaterThan(0);
  });

  it('competitors: the engine filter counts only that engine; the list follows the current competitors', async () => {
    const body = (await h.get(`/v1/projects/${p}/stats/competitors?engine=claude`, key)).json();
    const claude = answers.filter((a) => a.engineId === 'claude');
    expect(body.answers).toBe(claude.length);
    expect(body.data[0]).toMatchObject({
      name: 'Acme',
      mentioned: claude.filter((a) => a.mentioned).length,
      cited: claude.filter((a) => a.cited).length,
    });
    expect(body.data[1]).toMatchObject({
      name: 'Globex',
      mentioned: claude.filter((a) => a.competitors.some((c) => c.name === 'Globex' && c.mentioned)).length,
    });
    await h.store.competitors.replace(p, [
      { name: 'initech', domains: [] },
      { name: 'Hooli', domains: [] },
    ]);
    const renamed = (await h.get(`/v1/projects/${p}/stats/competitors`, key)).json();
    expect(renamed.data.map((d: { name: string }) => d.name)).toEqual(['Acme', 'initech', 'Hooli']);
    expect(renamed.data[1].mentioned).toBe(
      answers.filter((a) => a.competitors.some((c) => c.name === 'Initech' && c.mentioned)).length,
    );
    expect(renamed.data[2]).toMatchObject({ mentioned: 0, cited: 0, mentionRate: 0 });
    const none = (
      await h.get(`/v1/projects/${p}/stats/competitors?from=2020-01-01&to=2020-01-02`, key)
    ).json();
    expect(none.data[0]).toMatchObject({ mentioned: 0, mentionRate: null, citationRate: null });
  });
});
