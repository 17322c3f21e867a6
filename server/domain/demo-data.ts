import type { Store } from '../store/index.ts';
import { setBrandTruth } from './brand-truth.ts';
import { addDays, isoDay, type Clock } from './clock.ts';
import { DEMO_BRAND_TRUTH } from './demo-claims.ts';
import {
  DEMO_BRAND,
  DEMO_COMPETITORS,
  DEMO_ENGINES,
  DEMO_PROMPTS,
  DEMO_TOPICS,
  EXTRA_RIVAL_PARTS,
  type DemoCompetitor,
} from './demo-content.ts';
import { marketAnswer, mulberry32, pick, type MarketPrompt, type Random } from './demo-market.ts';
import { AppError, invalid } from './errors.ts';
import { newId } from './ids.ts';
import { importAnswers, type ImportOptions } from './import-answers.ts';

export { mulberry32 } from './demo-market.ts';

export interface DemoOptions {
  accountId: string;
  answers?: number;
  days?: number;
  /** Tracked competitors, 1 to 50 (default 8): the first eight are hand-written, the rest are made up. */
  competitors?: number;
  /** Numbers in [0, 1); the same sequence yields the same answers. Defaults to a fixed seed. */
  random?: () => number;
  /**
   * Share (0 to 1, default 0) of answers that also get an answer from the engine's signed-in browser variant
   * (`chatgpt-local-fetch`, …) to the same prompt on the same day, as a project tracking both would have.
   */
  browserTwins?: number;
  /**
   * The last days of the period (default 0) left to the demo's runs: the imported answers span the days before,
   * as a project that imported its history and then started tracking.
   */
  trackedDays?: number;
}

const DEFAULT_SEED = 0x5eed;
const DEMO_ENGINE_IDS = Object.keys(DEMO_ENGINES);

function competitorList(count: number): DemoCompetitor[] {
  const { first, second } = EXTRA_RIVAL_PARTS;
  const extra = Array.from({ length: Math.max(0, count - DEMO_COMPETITORS.length) }, (_, i) => {
    const [a, b] = [first[i % first.length]!, second[Math.floor(i / first.length) % second.length]!];
    // The long tail goes on thinning past the hand-written rivals.
    const strength = 0.025 / (1 + i / 5);
    return { name: `${a} ${b}`, domains: [`${a}${b}.com`.toLowerCase()], strength, engines: {}, topics: {} };
  });
  return [...DEMO_COMPETITORS.slice(0, count), ...extra];
}

/**
 * Import lines for `answers` answers spread evenly over the first `importDays` of `days` days ending now, made
 * lazily so a million of them stream through the importer.
 */
function* demoLines(
  prompts: readonly MarketPrompt[],
  competitors: readonly DemoCompetitor[],
  o: { answers: number; days: number; importDays: number; now: Date; r: Random; browserTwins: number },
) {
  const { r, now } = o;
  const firstDay = addDays(isoDay(now), -(o.days - 1));
  for (let i = 0; i < o.answers; i++) {
    const dayIndex = Math.floor((i * o.importDays) / o.answers);
    const dayStart = Date.parse(`${addDays(firstDay, dayIndex)}T00:00:00.000Z`);
    // Today's answers cannot come from later today.
    const span = Math.max(1, Math.min(86_400_000, now.getTime() - dayStart));
    const observedAt = new Date(dayStart + Math.floor(r() * span)).toISOString();
    const day = { dayIndex, days: o.days, daysLeft: o.days - 1 - dayIndex };
    const prompt = pick(r, prompts);
    const engineId = pickEngine(r, prompt.engineIds);
    const line = (id: string, surface: string, shift: number) => {
      const { text, sources, searchQueries } = marketAnswer(r, competitors, prompt, engineId, day, shift);
      // The apps signed in through a browser show no searches (engines/README.md): their twins have none.
      const searches = surface === engineId ? searchQueries : [];
      return JSON.stringify({
        id,
        promptText: prompt.text,
        engineId: surface,
        observedAt,
        text,
        sources,
        searchQueries: searches,
      });
    };
    yield line(`demo-${i + 1}`, engineId, 0);
    // Only drawn when asked for, so demos without twins stay the same sequence. People signed in see the brand
    // a little less often than the API does.
    if (o.browserTwins > 0 && r() < o.browserTwins)
      yield line(`demo-${i + 1}-app`, `${engineId}-local-fetch`, -0.08);
  }
}

function pickEngine(r: Random, engineIds: readonly string[]): string {
  const total = engineIds.reduce((sum, id) => sum + DEMO_ENGINES[id]!.weight, 0);
  let x = r() * total;
  for (const id of engineIds) {
    x -= DEMO_ENGINES[id]!.weight;
    if (x < 0) return id;
  }
  return engineIds[engineIds.length - 1]!;
}

function checkWhole(name: string, value: number, min: number, max: number) {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${name} must be a whole number from ${min} to ${max.toLocaleString('en')}`);
  }
}

/** A demo project created with its competitors, topics and prompts, and the import lines of its answers. */
export interface DemoProject {
  projectId: string;
  /** The answers as import lines, made as they are read. */
  lines: Iterable<string>;
  competitors: DemoCompetitor[];
  prompts: MarketPrompt[];
  /** Seeds the answers of the demo's runs, drawn from the same random source. */
  runSeed: number;
}

/**
 * Creates a demo project in the account, with competitors, topics, prompts and its Brand Truth, and answers the
 * import lines of `answers` engine answers over the last `days` days (less the tracked ones), for the caller to
 * import (or write to a file).
 */
export async function createDemoProject(
  store: Store,
  clock: Clock,
  options: DemoOptions,
): Promise<DemoProject> {
  const {
    accountId,
    answers = 2000,
    days = 30,
    competitors: competitorCount = 8,
    browserTwins = 0,
    trackedDays = 0,
  } = options;
  if (!(browserTwins >= 0 && browserTwins <= 1)) throw invalid('browserTwins must be a share from 0 to 1');
  checkWhole('answers', answers, 0, 10_000_000);
  checkWhole('days', days, 1, 3_650);
  checkWhole('competitors', competitorCount, 1, 50);
  checkWhole('trackedDays', trackedDays, 0, days - 1);
  if (!(await store.accounts.get(accountId))) throw new AppError('not_found', `No account ${accountId}.`);
  const r = options.random ?? mulberry32(DEFAULT_SEED);
  const now = clock.now();
  const at = now.toISOString();
  const projectId = newId('prj');

  await store.projects.create({
    id: projectId,
    accountId,
    ...DEMO_BRAND,
    hostId: null,
    tracking: {
      engineIds: DEMO_ENGINE_IDS,
      cadence: 'daily',
      timeOfDay: '06:00',
      weeklyDay: 'monday',
      timezone: 'UTC',
      samplesPerPrompt: 1,
    },
    latestRunAt: null,
    createdAt: at,
  });
  const competitors = competitorList(competitorCount);
  await store.competitors.replace(
    projectId,
    competitors.map(({ name, domains }) => ({ name, domains })),
  );
  await setBrandTruth(store, clock, projectId, DEMO_BRAND_TRUTH);
  await store.topics.ensure(
    projectId,
    DEMO_TOPICS.map(({ id, label }) => ({ id, label })),
    at,
  );
  const prompts: MarketPrompt[] = DEMO_PROMPTS.map((p) => {
    // Most prompts run on most engines; a few engines are left out here and there, as people configure it.
    const engineIds = DEMO_ENGINE_IDS.filter(() => r() < 0.8);
    return { ...p, engineIds: engineIds.length >= 2 ? engineIds : DEMO_ENGINE_IDS };
  });
  for (const p of prompts) {
    await store.prompts.create({
      id: newId('prm'),
      projectId,
      text: p.text,
      status: 'active',
      engineIds: p.engineIds,
      topicIds: [p.topicId],
      createdAt: at,
    });
  }
  const runSeed = Math.floor(r() * 4_294_967_296);
  const importDays = days - trackedDays;
  const lines = demoLines(prompts, competitors, { answers, days, importDays, now, r, browserTwins });
  return { projectId, lines, competitors, prompts, runSeed };
}

/**
 * Creates a demo project (createDemoProject) and stores its answers through the normal import path, so they are
 * scored and summarised exactly as real answers are. Returns the new project's id.
 */
export async function seedDemo(
  store: Store,
  clock: Clock,
  options: DemoOptions,
  importOptions: ImportOptions = {},
): Promise<string> {
  const { projectId, lines } = await createDemoProject(store, clock, options);
  await importAnswers(store, clock, projectId, lines, importOptions);
  return projectId;
}
