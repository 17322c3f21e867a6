import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/domain/clock.ts';
import { sourceClassifier } from '../../server/domain/source-class.ts';
import { sourceTyper } from '../../server/domain/source-types/source-type.ts';
import { SURFACE_PAIRS } from '../../server/domain/surface-deltas.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import {
  recountPrompts,
  recountSources,
  recountSurfaces,
  recountTrends,
  type Scope,
} from '../support/insight-recount.ts';
import {
  allAnswers,
  allPages,
  INSIGHT_TABLES,
  insightProject,
  line,
  PAGES,
  PROMPTS,
  TODAY,
  type LineSpec,
  type StoredAnswer,
} from '../support/insights.ts';
import { rawDb } from '../support/raw-db.ts';

const ENGINES = [
  'chatgpt',
  'chatgpt-local-fetch',
  'perplexity',
  'perplexity-local-fetch',
  'gemini',
  'claude',
];
const NAMES = ['Acme', 'Globex', 'Initech', 'Acme Corp'];
const SENTENCES = [
  (b: string) => `${b} is the best choice, reliable and fast.`,
  (b: string) => `${b} is slow and buggy.`,
  (b: string) => `${b} is one option among many.`,
  (b: string) => `Many teams consider ${b}.`,
];
const SOURCES = [
  ...Object.values(PAGES),
  'https://news.example.com/a?utm_source=chatgpt.com',
  'https://acme.com/pricing#plans',
  'https://blog.globex.com/switch',
];
const PROMPT_TEXTS = [...PROMPTS.map((p) => p.text), 'an untracked question', 'Best CRM  for startups?'];
const SORTS = [
  'answers',
  'mentionRate',
  'averagePosition',
  'negative',
  'citationRateChange',
  'answersChange',
];

const said = {
  sentences: fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.integer({ min: 0, max: 3 })), { maxLength: 4 }),
  sources: fc.subarray(SOURCES),
};

/** An answer, and often the same prompt on the same day on the engine's other surface (API or app). */
const answerSpec = fc.record({
  // Many answers on a few recent days, so later batches meet the rows earlier ones stored.
  back: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 40 })),
  engine: fc.constantFrom(...ENGINES),
  prompt: fc.constantFrom(...PROMPT_TEXTS),
  ...said,
  topicId: fc.option(fc.constantFrom('pricing', 'reviews', 'other'), { nil: undefined }),
  hour: fc.integer({ min: 0, max: 23 }),
  twin: fc.option(fc.record(said), { nil: undefined }),
});

const querySpec = fc.record({
  fromBack: fc.integer({ min: 0, max: 10 }),
  length: fc.integer({ min: 3, max: 40 }),
  engine: fc.option(fc.subarray(ENGINES, { minLength: 1, maxLength: 2 }), { nil: undefined }),
  topicId: fc.option(fc.constantFrom('pricing', 'reviews'), { nil: undefined }),
  groupBy: fc.constantFrom('domain' as const, 'url' as const),
  perEngine: fc.boolean(),
  interval: fc.constantFrom('day' as const, 'week' as const, 'month' as const, 'range' as const),
  sort: fc.constantFrom(...SORTS),
  order: fc.constantFrom('asc' as const, 'desc' as const),
  limit: fc.integer({ min: 1, max: 4 }),
});

const textOf = (sentences: [string, number][]) =>
  sentences.length === 0 ? 'No brand here.' : sentences.map(([name, i]) => SENTENCES[i]!(name)).join(' ');
const otherSurface = (engine: string) =>
  engine.endsWith('-local-fetch') ? engine.slice(0, -'-local-fetch'.length) : `${engine}-local-fetch`;

type AnswerSpec = typeof answerSpec extends fc.Arbitrary<infer T> ? T : never;

const toLines = (a: AnswerSpec): LineSpec[] => {
  const first = {
    day: addDays(TODAY, -a.back),
    engine: a.engine,
    prompt: a.prompt,
    text: textOf(a.sentences),
    sources: a.sources,
    topicId: a.topicId,
    hour: a.hour,
  };
  return a.twin
    ? [
        first,
        { ...first, engine: otherSurface(a.engine), text: textOf(a.twin.sentences), sources: a.twin.sources },
      ]
    : [first];
};

const qs = (params: Record<string, string | string[] | number | boolean | undefined>) =>
  Object.entries(params)
    .flatMap(([k, v]) =>
      v === undefined ? [] : [v].flat().map((x) => `${k}=${encodeURIComponent(String(x))}`),
    )
    .join('&');

function sortValue(row: ReturnType<typeof recountPrompts>[number], sort: string): number | null {
  const change = sort.endsWith('Change');
  const figure = change ? sort.slice(0, -6) : sort;
  const from = (change ? row.change : row) as Record<string, unknown> & { sentiment: Record<string, number> };
  return figure in from.sentiment ? from.sentiment[figure]! : (from[figure] as number | null);
}

describe('insight summaries', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('equal a recount of the stored answers for random answers and every filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(answerSpec, { minLength: 10, maxLength: 60 }),
        fc.integer({ min: 1, max: 4 }),
        querySpec,
        async (specs, batches, q) => {
          // Imported in several batches, so later answers merge into summary rows stored before.
          const lines = specs.flatMap(toLines);
          const { key, projectId, promptIds } = await insightProject(h);
          const size = Math.ceil(lines.length / batches);
          for (let i = 0; i < lines.length; i += size)
            await importLines(h.store, h.clock, projectId, lines.slice(i, i + size).map(line));
          const answers: StoredAnswer[] = await allAnswers(h, key, projectId, addDays(TODAY, -120), TODAY);
          expect(answers).toHaveLength(lines.length);
          const project = (await h.store.projects.get(projectId))!;
          const classify = sourceTyper(
            sourceClassifier(project, await h.store.competitors.list(projectId)),
            [],
          );
          const to = addDays(TODAY, -q.fromBack);
          const scope: Scope = { from: addDays(to, 1 - q.length), to, engine: q.engine, topicId: q.topicId };
          const base = `/v1/projects/${projectId}/stats`;
          const range = { from: scope.from, to: scope.to, engine: q.engine };

          // Sources.
          const sources = await allPages(
            h,
            key,
            `${base}/sources?${qs({ ...range, topicId: q.topicId, groupBy: q.groupBy, perEngine: q.perEngine, limit: q.limit })}`,
          );
          const expectedSources = recountSources(answers, { ...q, ...scope }, classify);
          expect(sources.data).toEqual(expectedSources.data);
          const first = (
            await h.get(`${base}/sources?${qs({ ...range, topicId: q.topicId, groupBy: q.groupBy })}`, key)
          ).json();
          expect(first).toMatchObject({
            answers: expectedSources.answers,
            citingAnswers: expectedSources.citingAnswers,
          });

          // Prompts, sorted as asked with nulls last and ties by id.
          const prompts = PROMPTS.map((p, i) => ({ ...p, id: promptIds[i]! }));
          const expectedPrompts = recountPrompts(answers, prompts, ['Globex', 'Initech'], {
            ...scope,
            perEngine: q.perEngine,
          }).sort((a, b) => {
            const [x, y] = [sortValue(a, q.sort), sortValue(b, q.sort)];
            if (x !== y) {
              if (x === null) return 1;
              if (y === null) return -1;
              return q.order === 'asc' ? x - y : y - x;
            }
            return a.promptId < b.promptId ? -1 : 1;
          });
          const gotPrompts = await allPages(
            h,
            key,
            `${base}/prompts?${qs({ ...range, topicId: q.topicId, perEngine: q.perEngine, sort: q.sort, order: q.order, limit: q.limit })}`,
          );
          expect(gotPrompts.data).toEqual(expectedPrompts);

          // Trends.
          const trends = await h.get(
            `${base}/trends?${qs({ ...range, topicId: q.topicId, interval: q.interval, perEngine: q.perEngine })}`,
            key,
          );
          expect(trends.json().data).toEqual(
            recountTrends(answers, { ...scope, interval: q.interval, perEngine: q.perEngine }),
          );

          // Surfaces: the prompts of the topic, as they are now.
          const inTopic = q.topicId
            ? new Set(prompts.filter((p) => p.topicIds.includes(q.topicId!)).map((p) => p.id))
            : undefined;
          const surfaces = await h.get(`${base}/surfaces?${qs({ ...range, topicId: q.topicId })}`, key);
          expect(surfaces.json().data).toEqual(
            recountSurfaces(answers, { ...scope, promptIds: inTopic }, SURFACE_PAIRS, classify),
          );
        },
      ),
      { numRuns: 25 },
    );
  }, 600_000);
});

describe('insight summaries, however the answers came in', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const lines: LineSpec[] = [
    {
      day: '2026-06-10',
      engine: 'chatgpt',
      prompt: PROMPTS[0]!.text,
      text: 'Acme is the best choice, reliable and fast.',
      sources: [PAGES.pricing, PAGES.g2],
    },
    {
      day: '2026-06-10',
      engine: 'chatgpt',
      prompt: PROMPTS[0]!.text,
      text: 'Globex and Acme both work; Acme is slow.',
      sources: [PAGES.g2, PAGES.globex],
    },
    {
      day: '2026-06-10',
      engine: 'chatgpt-local-fetch',
      prompt: PROMPTS[0]!.text,
      text: 'Globex leads.',
      sources: [PAGES.review],
    },
    {
      day: '2026-06-10',
      engine: 'chatgpt-local-fetch',
      prompt: PROMPTS[0]!.text,
      text: 'Acme is fine.',
      sources: [PAGES.docs],
    },
    {
      day: '2026-06-11',
      engine: 'gemini',
      prompt: PROMPTS[1]!.text,
      text: 'Initech and Acme.',
      sources: [PAGES.initech],
      topicId: 'reviews',
    },
    {
      day: '2026-05-20',
      engine: 'gemini',
      prompt: PROMPTS[1]!.text,
      text: 'Acme is slow.',
      sources: [PAGES.g2],
    },
    {
      day: '2026-05-20',
      engine: 'gemini',
      prompt: 'an untracked question',
      text: 'Acme.',
      sources: [PAGES.g2],
    },
  ];
  const READS = [
    'stats/sources',
    'stats/sources?groupBy=url&perEngine=true',
    'stats/sources?topicId=pricing',
    'stats/prompts?perEngine=true',
    'stats/trends?interval=week',
    'stats/trends?perEngine=false&topicId=reviews',
    'stats/surfaces',
  ];
  /** Every read of a project, with its prompt ids replaced by their order so projects can be compared. */
  const readAll = async (key: string, projectId: string, promptIds: string[]) => {
    const out: unknown[] = [];
    for (const read of READS) {
      const r = await h.get(`/v1/projects/${projectId}/${read}`, key);
      expect(r.statusCode, `${read}: ${r.body}`).toBe(200);
      out.push(JSON.parse(promptIds.reduce((text, id, i) => text.replaceAll(id, `prompt${i}`), r.body)));
    }
    return out;
  };

  it('are the same whether answers are stored one at a time or together', async () => {
    const together = await insightProject(h, lines);
    const alone = await insightProject(h);
    for (const spec of lines) await importLines(h.store, h.clock, alone.projectId, [line(spec)]);
    expect(await readAll(alone.key, alone.projectId, alone.promptIds)).toEqual(
      await readAll(together.key, together.projectId, together.promptIds),
    );
  });

  it('are rebuilt equal by the migration that creates them, from the answers stored before it', async () => {
    const { key, projectId, promptIds } = await insightProject(h, lines);
    const before = await readAll(key, projectId, promptIds);
    const db = rawDb(h.dbPath);
    for (const table of INSIGHT_TABLES) await sql`drop table ${sql.table(table)}`.execute(db);
    await sql`alter table webhooks drop column thresholds`.execute(db);
    await sql`delete from kysely_migration where name >= '0006' and name < '0010'`.execute(db);
    await db.destroy();
    await (await openDatabase(h.dbPath)).destroy();
    expect(await readAll(key, projectId, promptIds)).toEqual(before);
  });
});
