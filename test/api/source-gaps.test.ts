import fc from 'fast-check';
import { sql } from 'kysely';
import { registrableDomain } from '../../engines/scoring/index.ts';
import { addDays } from '../../server/domain/clock.ts';
import { sourceClassifier } from '../../server/domain/source-class.ts';
import { sourceTyper } from '../../server/domain/source-types/source-type.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/domain/database.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import { recountSources } from '../support/insight-recount.ts';
import {
  allAnswers,
  allPages,
  insightProject,
  line,
  PAGES,
  PROMPTS,
  TEXTS,
  TODAY,
  type StoredAnswer,
} from '../support/insights.ts';
import { expectProblem } from '../support/problems.ts';
import { rawDb } from '../support/raw-db.ts';

const [P0, P1] = [PROMPTS[0]!.text, PROMPTS[1]!.text];
const CAPTERRA = 'https://www.capterra.com/crm';
const WIKI = 'https://wiki.example.net/crm';

/**
 * stats/sources' `class` and `gaps` (extensions): one class of source, and the domains that cite competitors but
 * never the brand. TEXTS.rivalsOnly names Globex and Initech, acmeFirst names Acme and Globex, nobody no one.
 */
describe('stats/sources: class and gaps', () => {
  let h: Harness;
  let key: string;
  let p: string;
  const get = async (q: string) => {
    const r = await h.get(`/v1/projects/${p}/stats/sources?${q}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { data: { domain: string; url: string | null; class: string; answers: number }[] };
  };
  const domains = async (q: string) => (await get(q)).data.map((d) => [d.domain, d.answers]);

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId: p } = await insightProject(h, [
      // example.org: beside competitors only (and once beside no brand at all): a gap listed by 2 answers.
      {
        day: '2026-06-10',
        engine: 'chatgpt',
        prompt: P1,
        text: TEXTS.rivalsOnly,
        sources: [PAGES.g2, PAGES.review],
      },
      { day: '2026-06-11', engine: 'gemini', prompt: P1, text: TEXTS.nobody, sources: [PAGES.review] },
      // g2.com is also beside the brand: not a gap.
      {
        day: '2026-06-11',
        engine: 'chatgpt',
        prompt: P0,
        text: TEXTS.acmeFirst,
        sources: [PAGES.pricing, PAGES.g2],
      },
      // capterra.com beside competitors on perplexity; globex.com is a competitor's own site, never a gap.
      {
        day: '2026-06-12',
        engine: 'perplexity',
        prompt: P1,
        text: TEXTS.rivalsOnly,
        sources: [CAPTERRA, PAGES.globex],
      },
      // wiki.example.net beside no brand at all: not a gap.
      { day: '2026-06-12', engine: 'gemini', prompt: P0, text: TEXTS.nobody, sources: [WIKI] },
      // Outside the default range: a gap only when the range takes it in.
      { day: '2026-05-01', engine: 'chatgpt', prompt: P1, text: TEXTS.rivalsOnly, sources: [WIKI] },
    ]));
  });
  afterAll(() => h.close());

  it('keeps one class of source with class', async () => {
    expect(await domains('class=own')).toEqual([['acme.com', 1]]);
    expect(await domains('class=competitor')).toEqual([['globex.com', 1]]);
    expect(await domains('class=other')).toEqual([
      ['example.org', 2],
      ['g2.com', 2],
      ['capterra.com', 1],
      ['example.net', 1],
    ]);
    const urls = await get('class=competitor&groupBy=url');
    expect(urls.data.map((d) => [d.url, d.class])).toEqual([[PAGES.globex, 'competitor']]);
  });

  it('lists the gaps: other domains beside a competitor and never beside the brand', async () => {
    expect(await domains('gaps=true')).toEqual([
      ['example.org', 2],
      ['capterra.com', 1],
    ]);
    expect(await domains('gaps=true&engine=perplexity')).toEqual([['capterra.com', 1]]);
    expect(await domains('gaps=true&engine=gemini')).toEqual([]);
    expect(await domains('gaps=true&from=2026-05-01&to=2026-06-15')).toEqual([
      ['example.net', 2],
      ['example.org', 2],
      ['capterra.com', 1],
    ]);
    expect(await domains('gaps=false')).toEqual(await domains(''));
  });

  it('pages the gaps with a cursor bound to them', async () => {
    const all = await allPages<{ domain: string }>(
      h,
      key,
      `/v1/projects/${p}/stats/sources?gaps=true&limit=1`,
    );
    expect(all.pages).toBe(2);
    expect(all.data.map((d) => d.domain)).toEqual(['example.org', 'capterra.com']);
    const first = (await h.get(`/v1/projects/${p}/stats/sources?gaps=true&limit=1`, key)).json();
    for (const other of ['limit=1', 'limit=1&class=other']) {
      const r = await h.get(`/v1/projects/${p}/stats/sources?${other}&cursor=${first.nextCursor}`, key);
      expect(r.statusCode, other).toBe(400);
      expect(expectProblem(r, other).code).toBe('invalid_parameter');
    }
  });

  it('refuses gaps per URL, gaps with class and an unknown class', async () => {
    for (const [q, code] of [
      ['gaps=true&groupBy=url', 'invalid_parameter'],
      ['gaps=true&class=other', 'unsupported_filter_combination'],
      ['class=mine', 'invalid_parameter'],
      ['gaps=yes', 'invalid_parameter'],
    ] as const) {
      const r = await h.get(`/v1/projects/${p}/stats/sources?${q}`, key);
      expect(r.statusCode, q).toBe(400);
      expect(expectProblem(r, q).code, q).toBe(code);
    }
  });

  it('are rebuilt by migration 0008 from the answers stored before it, never counted twice', async () => {
    const db = rawDb(h.dbPath);
    const sourceRows = async () =>
      (
        await Promise.all(
          (['source_days', 'source_months'] as const).map((table) =>
            db
              .selectFrom(table)
              .selectAll()
              .where('project_id', '=', p)
              .orderBy('kind')
              .orderBy('key')
              .orderBy('engine_id')
              .orderBy('topic_id')
              .orderBy('period')
              .execute(),
          ),
        )
      ).flat();
    const before = await sourceRows();
    expect(
      before.find(
        (r) =>
          r.kind === 'd' &&
          r.key === 'g2.com' &&
          r.engine_id === '*' &&
          r.topic_id === '*' &&
          r.period === '2026-06',
      ),
    ).toMatchObject({ answers: 2, brand_answers: 1, rival_answers: 2 });
    const gaps = await domains('gaps=true');
    // A database 0007 left: no count columns, and gap rows of their own kinds beside the domain rows.
    for (const table of ['source_days', 'source_months'] as const) {
      for (const column of ['brand_answers', 'rival_answers'])
        await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
      await sql`insert into ${sql.table(table)} (project_id, kind, engine_id, topic_id, period, key, answers, first_day, last_day, prompts)
        select project_id, 'c', engine_id, topic_id, period, key, answers, first_day, last_day, prompts
        from ${sql.table(table)} where kind = 'd'`.execute(db);
    }
    await sql`delete from kysely_migration where name = '0008-source-gap-counts'`.execute(db);
    await (await openDatabase(h.dbPath)).destroy();
    expect(await sourceRows()).toEqual(before);
    expect(await domains('gaps=true')).toEqual(gaps);
    await db.destroy();
  });

  it('equal a recount of the stored answers for random answers, engines and ranges', async () => {
    const sources = [...Object.values(PAGES), CAPTERRA, WIKI];
    const answer = fc.record({
      back: fc.integer({ min: 0, max: 20 }),
      engine: fc.constantFrom('chatgpt', 'gemini', 'perplexity'),
      text: fc.constantFrom(...Object.values(TEXTS)),
      sources: fc.subarray(sources),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(answer, { minLength: 5, maxLength: 30 }),
        fc.integer({ min: 0, max: 8 }),
        fc.option(fc.constantFrom('chatgpt', 'gemini', 'perplexity'), { nil: undefined }),
        async (specs, fromBack, engine) => {
          const { key: k, projectId } = await insightProject(h);
          await importLines(
            h.store,
            h.clock,
            projectId,
            specs.map(({ back, ...a }) => line({ day: addDays(TODAY, -back), prompt: P0, ...a })),
          );
          const answers: StoredAnswer[] = await allAnswers(h, k, projectId, addDays(TODAY, -30), TODAY);
          const scope = { from: addDays(TODAY, -fromBack - 10), to: addDays(TODAY, -fromBack) };
          const scoped = answers.filter(
            (a) => a.date >= scope.from && a.date <= scope.to && (!engine || a.engineId === engine),
          );
          const domainsOf = (a: StoredAnswer) => a.sourceUrls.map((u) => registrableDomain(u));
          const project = (await h.store.projects.get(projectId))!;
          const classify = sourceTyper(
            sourceClassifier(project, await h.store.competitors.list(projectId)),
            [],
          );
          const read = async (q: string) =>
            (
              await allPages<{ domain: string; class: string; answers: number }>(
                h,
                k,
                `/v1/projects/${projectId}/stats/sources?from=${scope.from}&to=${scope.to}${engine ? `&engine=${engine}` : ''}&limit=3&${q}`,
              )
            ).data;
          const all = recountSources(
            answers,
            { ...scope, engine: engine && [engine], groupBy: 'domain' },
            classify,
          );
          const beside = (named: (a: StoredAnswer) => boolean) =>
            new Set(scoped.filter(named).flatMap(domainsOf));
          const brand = beside((a) => a.mentioned);
          const rivals = beside((a) => a.competitors.some((c) => c.mentioned));
          expect(await read('gaps=true')).toEqual(
            all.data.filter((d) => d.class === 'other' && rivals.has(d.domain) && !brand.has(d.domain)),
          );
          for (const c of ['own', 'competitor', 'other'])
            expect(await read(`class=${c}`), c).toEqual(all.data.filter((d) => d.class === c));
        },
      ),
      { numRuns: 12 },
    );
  });
});
