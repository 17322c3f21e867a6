import { randomBytes } from 'node:crypto';
import { addDays, isoDay, systemClock } from '../../server/domain/clock.ts';
import { answerSummary } from '../../server/domain/answer-summary.ts';
import { NO_SIGNALS, type Caller, type Services } from '../../server/domain/context.ts';
import { createCursorCodec } from '../../server/domain/cursor.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { promptStats } from '../../server/domain/prompt-stats.ts';
import { createReadCache } from '../../server/domain/read-cache.ts';
import { createSecretBox } from '../../server/domain/secret-box.ts';
import { listActions } from '../../server/domain/actions/list-actions.ts';
import { queryStats } from '../../server/domain/query-stats.ts';
import { sourceStats } from '../../server/domain/source-stats.ts';
import { competitorStats } from '../../server/domain/stats.ts';
import { sourceTypeShares } from '../../server/domain/source-types/type-shares.ts';
import { surfaceStats } from '../../server/domain/surface-stats.ts';
import { trendStats } from '../../server/domain/trend-stats.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore } from '../../server/store/index.ts';

export interface RenderFigures {
  name: string;
  p50: number;
  p99: number;
}

type Range = { from: string; to: string };

/**
 * The domain's services in process over the bench database, with a read cache that keeps nothing (every call renders
 * anew), and a premium caller of the project's account.
 */
export async function inProcess(dbPath: string, projectId: string) {
  const store = createStore(await openDatabase(dbPath));
  const s: Services = {
    store,
    clock: systemClock,
    cursors: createCursorCodec('bench'),
    signals: NO_SIGNALS,
    baseUrl: 'http://127.0.0.1/v1',
    secrets: createSecretBox(randomBytes(32)),
    webhooks: { vetUrl: async () => null, deliverNow: async () => {} },
    reads: createReadCache(store, 0),
  };
  const project = (await store.projects.get(projectId))!;
  const caller: Caller = {
    keyId: 'bench',
    label: 'bench',
    scopes: ['visibility:read'],
    createdAt: project.createdAt,
    expiresAt: null,
    accountId: project.accountId,
    plan: DEFAULT_PLANS.find((p) => p.code === 'premium')!,
    projectIds: null,
  };
  return { store, s, caller };
}

/**
 * The insight reads and stats/answers as the first read after a write costs them: in process, through the domain
 * functions, with a read cache that keeps nothing, so every call reads the summaries (or, for the `scan:` case, the
 * answers) and renders the body anew. Beside the served figures (where repeated reads come from the cache), this is
 * what a dashboard waits for right after a run. `only` picks cases by name.
 */
export async function measureInsightRenders(
  dbPath: string,
  projectId: string,
  range: Range,
  count: number,
  only?: (name: string) => boolean,
): Promise<RenderFigures[]> {
  const { store, s, caller } = await inProcess(dbPath, projectId);
  const topicIds = [...(await store.topics.labels(projectId)).keys()];
  const promptId = (await store.prompts.all(projectId))[0]!.id;
  const cases: [string, () => Promise<unknown>][] = [
    ['stats/competitors', () => competitorStats(s, caller, projectId, range)],
    [
      'stats/competitors, engine',
      () => competitorStats(s, caller, projectId, { ...range, engine: ['perplexity'] }),
    ],
    ['stats/sources', () => sourceStats(s, caller, projectId, { ...range, limit: 50 })],
    [
      'stats/sources, by URL, per engine',
      () => sourceStats(s, caller, projectId, { ...range, groupBy: 'url', perEngine: true, limit: 50 }),
    ],
    ['stats/sources, gaps', () => sourceStats(s, caller, projectId, { ...range, gaps: true, limit: 50 })],
    ['stats/sources, by type', () => sourceTypeShares(s, caller, projectId, range)],
    [
      'stats/sources, type=review',
      () => sourceStats(s, caller, projectId, { ...range, type: 'review', limit: 50 }),
    ],
    ['stats/queries', () => queryStats(s, caller, projectId, { ...range, limit: 50 })],
    ['actions', () => listActions(s, caller, projectId, { ...range, limit: 50 })],
    ['stats/prompts', () => promptStats(s, caller, projectId, { ...range, limit: 50 })],
    [
      'stats/prompts, per engine',
      () =>
        promptStats(s, caller, projectId, {
          ...range,
          perEngine: true,
          sort: 'mentionRateChange',
          limit: 50,
        }),
    ],
    ['stats/trends, per day', () => trendStats(s, caller, projectId, range)],
    [
      'stats/trends, per week, engine+topic',
      () =>
        trendStats(s, caller, projectId, {
          ...range,
          interval: 'week',
          engine: ['chatgpt'],
          topicId: topicIds[1],
        }),
    ],
    ['stats/surfaces', () => surfaceStats(s, caller, projectId, range)],
    ['stats/answers', () => answerSummary(s, caller, projectId, range)],
    [
      'stats/answers, engine+topic',
      () => answerSummary(s, caller, projectId, { ...range, engine: ['chatgpt'], topicId: topicIds[1] }),
    ],
    ['stats/answers, prompt', () => answerSummary(s, caller, projectId, { ...range, promptId })],
    // Not summed: no summary splits answers by mention, so this one still counts the answers of the range.
    [
      'scan: stats/answers, mentioned',
      () => answerSummary(s, caller, projectId, { ...range, mentioned: true }),
    ],
  ];
  const out: RenderFigures[] = [];
  try {
    for (const [name, read] of cases.filter(([name]) => !only || only(name))) {
      for (let i = 0; i < Math.min(5, count); i++) await read();
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const t0 = process.hrtime.bigint();
        await read();
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
      out.push({ name, p50: at(0.5), p99: at(0.99) });
    }
  } finally {
    await store.close();
  }
  return out;
}

/** The insight reads rendered anew in process, as the first read after a write is; `only` picks some by name. */
export async function printRenders(
  data: { db: string; projectId: string },
  count: number,
  store: string,
  only?: (name: string) => boolean,
) {
  const today = isoDay(new Date());
  const range = { from: addDays(today, -365), to: today };
  const renders = await measureInsightRenders(data.db, data.projectId, range, count, only);
  console.log(
    `\n${store}: the insight reads and stats/answers rendered anew on every call, as the first read after a write is (in process, no HTTP, 366 days):`,
  );
  console.log('| read | p50 ms | p99 ms |');
  console.log('|---|---|---|');
  for (const r of renders) console.log(`| ${r.name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`);
}
