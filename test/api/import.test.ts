import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../server/domain/accounts.ts';
import type { Clock } from '../../server/domain/clock.ts';
import { importAnswers, importedAnswerId } from '../../server/domain/import-answers.ts';
import { openDatabase, type Db } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { freshDatabase, type TestDatabase } from '../support/test-db.ts';
import type { CompetitorHit } from '../../server/store/repositories/answers.ts';
import { competitorKey } from '../../server/store/repositories/competitors.ts';
import { variedLines, type RawLine } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';

const clock: Clock = { now: () => new Date('2025-03-10T08:00:00.000Z') };

const line = (over: Partial<RawLine> = {}): RawLine => ({
  promptText: 'Best CRM for startups?',
  engineId: 'chatgpt',
  observedAt: '2025-03-01T10:00:00Z',
  text: 'Acme is the best choice for small teams: reliable and fast. Globex is also fine.',
  sources: [
    { url: 'https://docs.acme.com/pricing?utm_source=chatgpt.com', title: 'Acme pricing' },
    { url: 'https://globex.com/', title: null },
  ],
  ...over,
});
const json = (lines: RawLine[]) => lines.map((l) => JSON.stringify(l));

describe('importAnswers', () => {
  let database: TestDatabase;
  let db: Db;
  let store: Store;
  let projectId: string;
  const answerCount = async () =>
    Number((await db.selectFrom('answers').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const imp = (lines: Iterable<string> | AsyncIterable<string>) =>
    importAnswers(store, clock, projectId, lines);

  beforeEach(async () => {
    database = await freshDatabase();
    db = await openDatabase(database.location);
    store = createStore(db);
    const account = await createAccount(store, clock, { plan: 'premium' });
    projectId = (await createProject(store, account.id)).id;
    await store.competitors.replace(projectId, [
      { name: 'Globex', domains: ['globex.com'] },
      { name: 'Initech', domains: ['initech.com'] },
    ]);
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it('stores a valid line scored, with every column filled as the API reads it', async () => {
    const result = await imp(json([line({ id: 'a1', topicId: 'crm' })]));
    expect(result).toEqual({ imported: 1, duplicates: 0, invalid: [], invalidCount: 0 });
    const id = importedAnswerId(projectId, 'a1');
    expect(id).toMatch(/^ans[0-9a-f]{24}$/);
    const row = await db
      .selectFrom('answers')
      .innerJoin('answer_details', 'answer_details.answer_id', 'answers.id')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      project_id: projectId,
      run_id: null,
      prompt_id: null,
      prompt_text: 'Best CRM for startups?',
      topic_id: 'crm',
      engine_id: 'chatgpt',
      observed_at: '2025-03-01T10:00:00.000Z',
      date: '2025-03-01',
      mentioned: 1,
      cited: 1,
      citation_url: 'https://docs.acme.com/pricing',
      position: 1,
      sentiment: 'positive',
      narrative_drift: null,
      narrative_drift_reason: null,
      full_answer: line().text,
      full_answer_truncated: 0,
      import_key: 'a1',
      created_at: '2025-03-10T08:00:00.000Z',
    });
    expect(row.sentiment_reason).toEqual(expect.any(String));
    expect(row.excerpt).toContain('Acme is the best choice');
    expect(JSON.parse(row.sources)).toEqual([
      { url: 'https://docs.acme.com/pricing', title: 'Acme pricing' },
      { url: 'https://globex.com/', title: null },
    ]);
    expect(JSON.parse(row.source_urls)).toEqual(['https://docs.acme.com/pricing', 'https://globex.com/']);
    // Only Globex was named and cited; Initech, neither, is left to the set.
    expect(JSON.parse(row.competitor_hits)).toEqual([[0, 1, 1, 'https://globex.com/']]);
    const sets = await store.competitorSets.get(projectId, [row.competitor_set!]);
    expect(sets).toEqual(new Map([[row.competitor_set, ['Globex', 'Initech']]]));
  });

  it('stores each competitor list once, and keeps older answers on the list they were scored against', async () => {
    await imp(json([line({ id: 'c1' })]));
    await imp(json([line({ id: 'c2' })]));
    await store.competitors.replace(projectId, [{ name: 'Initech', domains: ['initech.com'] }]);
    await imp(json([line({ id: 'c3', text: 'Initech and Acme.' })]));
    await store.competitors.replace(projectId, []);
    await imp(json([line({ id: 'c4' })]));
    const rows = await db
      .selectFrom('answers')
      .select(['import_key', 'competitor_set', 'competitor_hits'])
      .orderBy('import_key')
      .execute();
    const [c1, c2, c3, c4] = rows;
    expect(c2!.competitor_set).toBe(c1!.competitor_set);
    expect(c3).toMatchObject({ competitor_hits: '[[0,1,0,null]]' });
    expect(c4).toEqual({ import_key: 'c4', competitor_set: null, competitor_hits: '[]' });
    const sets = await db.selectFrom('competitor_sets').select(['id', 'names']).orderBy('names').execute();
    expect(sets).toEqual([
      { id: c1!.competitor_set, names: '["Globex","Initech"]' },
      { id: c3!.competitor_set, names: '["Initech"]' },
    ]);
  });

  it('reports invalid lines by number, stores none of them, and still stores the valid ones', async () => {
    const lines = [
      JSON.stringify(line({ id: 'ok1' })),
      '{"promptText": "x",',
      '',
      JSON.stringify(line({ engineId: 'altavista' })),
      JSON.stringify({ ...line(), extra: 1 }),
      JSON.stringify(line({ observedAt: '2025-03-01 10:00' })),
      JSON.stringify(line({ promptText: 'x'.repeat(501) })),
      JSON.stringify(line({ sources: [{ url: 'https://a.com/' }] as RawLine['sources'] })),
      '[1, 2]',
      '   ',
      JSON.stringify(line({ id: 'ok2' })),
    ];
    const result = await imp(lines);
    expect(result.imported).toBe(2);
    expect(result.invalidCount).toBe(7);
    expect(result.invalid.map((i) => i.line)).toEqual([2, 4, 5, 6, 7, 8, 9]);
    const error = (n: number) => result.invalid.find((i) => i.line === n)!.error;
    expect(error(2)).toMatch(/not valid JSON/);
    expect(error(4)).toMatch(/unknown engine "altavista"/);
    expect(error(5)).toMatch(/extra/);
    expect(error(6)).toMatch(/^observedAt: .*RFC 3339/);
    expect(error(7)).toMatch(/^promptText: .*500/);
    expect(error(8)).toMatch(/^sources\.0\.title/);
    expect(error(9)).toMatch(/expected object/);
    expect(await answerCount()).toBe(2);
  });

  it('stores nothing twice when the same file is imported again, with or without ids', async () => {
    const lines = json([
      line({ id: 'x1' }),
      line({ id: 'x2', engineId: 'gemini' }),
      line(),
      line({ engineId: 'claude' }),
    ]);
    expect(await imp(lines)).toMatchObject({ imported: 4, duplicates: 0 });
    const summaries = await db.selectFrom('daily_summaries').selectAll().execute();
    expect(await imp(lines)).toMatchObject({ imported: 0, duplicates: 4 });
    expect(await answerCount()).toBe(4);
    expect(await db.selectFrom('daily_summaries').selectAll().execute()).toEqual(summaries);
  });

  it('knows a line without an id again by its content, whatever its key order, spacing or offset', async () => {
    await imp(json([line()]));
    const { promptText, engineId, text, sources } = line();
    const reordered = JSON.stringify(
      { sources, text, observedAt: '2025-03-01T05:00:00-05:00', engineId, promptText },
      null,
      1,
    );
    expect(await imp([reordered.replace(/\n/g, ' ')])).toMatchObject({ imported: 0, duplicates: 1 });
    expect(await imp(json([line({ text: `${text} ` })]))).toMatchObject({ imported: 1, duplicates: 0 });
  });

  it('counts a line repeated within one file once', async () => {
    expect(await imp(json([line(), line(), line({ id: 'd' }), line({ id: 'd' })]))).toMatchObject({
      imported: 2,
      duplicates: 2,
    });
    const daily = await db
      .selectFrom('daily_summaries')
      .select(['topic_id', 'answers'])
      .orderBy('topic_id')
      .execute();
    expect(daily).toEqual([
      { topic_id: '', answers: 2 },
      { topic_id: '*', answers: 2 },
    ]);
  });

  it('keeps the first of two lines with one id, whatever order the batch is written in', async () => {
    // The store writes a batch in id order; of one id twice, the line that came first in the file is kept.
    const ids = ['m', 'z', 'a', 'q', 'b'];
    const lines = ids.map((id) => line({ id, text: `Acme answer ${id}.` }));
    lines.splice(2, 0, line({ id: 'z', text: 'Globex only, a later copy of z.' }));
    expect(await imp(json(lines))).toMatchObject({ imported: 5, duplicates: 1 });
    const stored = await db
      .selectFrom('answers')
      .innerJoin('answer_details', 'answer_details.answer_id', 'answers.id')
      .select(['answers.id', 'answers.mentioned', 'answer_details.full_answer'])
      .where('answers.id', '=', importedAnswerId(projectId, 'z'))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ mentioned: 1, full_answer: 'Acme answer z.' });
  });

  it('links answers to the prompt with the same text and takes its first topic, creating unknown topics', async () => {
    await store.topics.ensure(projectId, [{ id: 'crm', label: 'CRM' }], clock.now().toISOString());
    await store.prompts.create({
      id: 'prm1',
      projectId,
      text: 'Best CRM for startups?',
      status: 'active',
      engineIds: ['chatgpt'],
      topicIds: ['crm'],
      createdAt: clock.now().toISOString(),
    });
    await imp(
      json([
        line({ id: 'p1', promptText: '  best crm   for STARTUPS? ' }),
        line({ id: 'p2', topicId: 'pricing plans' }),
        line({ id: 'p3', promptText: 'Unknown question' }),
      ]),
    );
    const rows = await db
      .selectFrom('answers')
      .select(['import_key', 'prompt_id', 'topic_id'])
      .orderBy('import_key')
      .execute();
    expect(rows).toEqual([
      { import_key: 'p1', prompt_id: 'prm1', topic_id: 'crm' },
      { import_key: 'p2', prompt_id: 'prm1', topic_id: 'pricing plans' },
      { import_key: 'p3', prompt_id: null, topic_id: null },
    ]);
    const labels = await store.topics.labels(projectId);
    expect(labels.get('crm')).toBe('CRM');
    expect(labels.get('pricing plans')).toBe('pricing plans');
  });

  it('converts observedAt with an offset to UTC, and the date to the UTC day', async () => {
    await imp(json([line({ id: 'tz', observedAt: '2025-03-01T23:30:00-05:00' })]));
    const row = await db.selectFrom('answers').select(['observed_at', 'date']).executeTakeFirstOrThrow();
    expect(row).toEqual({ observed_at: '2025-03-02T04:30:00.000Z', date: '2025-03-02' });
  });

  it('keeps the summaries equal to the counts of the stored answers', async () => {
    async function* lines() {
      for (const l of variedLines(300, '2025-03-09')) yield JSON.stringify(l);
    }
    expect(await imp(lines())).toMatchObject({ imported: 300 });
    const fromAnswers = await db
      .selectFrom('answers')
      .select(['date', 'engine_id', sql<string>`coalesce(topic_id, '')`.as('topic_id')])
      .select([
        db.fn.countAll<number>().as('answers'),
        db.fn.sum<number>('mentioned').as('mentioned'),
        db.fn.sum<number>('cited').as('cited'),
      ])
      .groupBy(['date', 'engine_id', sql`coalesce(topic_id, '')`])
      .orderBy('date')
      .orderBy('engine_id')
      .orderBy('topic_id')
      .execute();
    // A summary row packs one topic's day: every engine's [answers, mentioned, cited], and their sums.
    const packed = await db.selectFrom('daily_summaries').selectAll().execute();
    const unpack = (topic: (t: string) => boolean) =>
      packed
        .filter((r) => topic(r.topic_id))
        .flatMap((r) =>
          Object.entries(JSON.parse(r.engines) as Record<string, [number, number, number]>).map(
            ([engine_id, [answers, mentioned, cited]]) => ({
              date: r.date,
              engine_id,
              topic_id: r.topic_id,
              answers,
              mentioned,
              cited,
            }),
          ),
        )
        .sort((a, b) =>
          `${a.date}|${a.engine_id}|${a.topic_id}`.localeCompare(`${b.date}|${b.engine_id}|${b.topic_id}`),
        );
    expect(unpack((t) => t !== '*')).toEqual(fromAnswers);
    for (const r of packed) {
      const counts = Object.values(JSON.parse(r.engines) as Record<string, number[]>);
      expect([r.answers, r.mentioned, r.cited]).toEqual(
        [0, 1, 2].map((i) => counts.reduce((n, c) => n + c[i]!, 0)),
      );
    }
    // The all-topics rows add up the topic rows of each day and engine.
    const summed = new Map<
      string,
      { date: string; engine_id: string; topic_id: string; answers: number; mentioned: number; cited: number }
    >();
    for (const r of fromAnswers) {
      const k = `${r.date}|${r.engine_id}`;
      const e = summed.get(k) ?? {
        date: r.date,
        engine_id: r.engine_id,
        topic_id: '*',
        answers: 0,
        mentioned: 0,
        cited: 0,
      };
      summed.set(k, {
        ...e,
        answers: e.answers + r.answers,
        mentioned: e.mentioned + r.mentioned,
        cited: e.cited + r.cited,
      });
    }
    expect(unpack((t) => t === '*')).toEqual([...summed.values()]);

    const expected = new Map<string, { mentioned: number; cited: number }>();
    const rows = await db
      .selectFrom('answers')
      .select(['date', 'engine_id', 'competitor_set', 'competitor_hits'])
      .execute();
    const sets = await store.competitorSets.get(projectId, [
      ...new Set(rows.flatMap((r) => r.competitor_set ?? [])),
    ]);
    for (const r of rows) {
      for (const [index, mentioned, cited] of JSON.parse(r.competitor_hits) as CompetitorHit[]) {
        const name = sets.get(r.competitor_set!)![index]!;
        for (const engine of [r.engine_id, '*']) {
          const key = `${r.date}|${engine}|${competitorKey(name)}`;
          const e = expected.get(key) ?? { mentioned: 0, cited: 0 };
          expected.set(key, { mentioned: e.mentioned + mentioned, cited: e.cited + cited });
        }
      }
    }
    const brands = await db.selectFrom('brand_days').selectAll().execute();
    expect(expected.size).toBeGreaterThan(0);
    expect(
      new Map(
        brands.map((b) => [
          `${b.period}|${b.engine_id}|${b.brand_key}`,
          { mentioned: b.mentioned, cited: b.cited },
        ]),
      ),
    ).toEqual(expected);
    // The month rows add up the day rows of each month.
    const months = new Map<string, { mentioned: number; cited: number }>();
    for (const b of brands) {
      const k = `${b.period.slice(0, 7)}|${b.engine_id}|${b.brand_key}`;
      const e = months.get(k) ?? { mentioned: 0, cited: 0 };
      months.set(k, { mentioned: e.mentioned + b.mentioned, cited: e.cited + b.cited });
    }
    const monthRows = await db.selectFrom('brand_months').selectAll().execute();
    expect(
      new Map(
        monthRows.map((b) => [
          `${b.period}|${b.engine_id}|${b.brand_key}`,
          { mentioned: b.mentioned, cited: b.cited },
        ]),
      ),
    ).toEqual(months);
  });

  it('refuses an unknown project', async () => {
    await expect(importAnswers(store, clock, 'prjNope', json([line()]))).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
