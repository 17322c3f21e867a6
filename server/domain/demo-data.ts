import type { Store } from '../store/index.ts';
import { addDays, isoDay, type Clock } from './clock.ts';
import {
  BRAND_LINES,
  BRAND_PAGES,
  COMPETITOR_LINES,
  COMPETITOR_PATHS,
  DEMO_BRAND,
  DEMO_COMPETITORS,
  DEMO_ENGINES,
  DEMO_PROMPTS,
  DEMO_TOPICS,
  EXTRA_RIVAL_PARTS,
  INTROS,
  OUTROS,
  THIRD_PARTY_SOURCES,
  type EngineHabit,
} from './demo-content.ts';
import { AppError, invalid } from './errors.ts';
import { newId } from './ids.ts';
import { importAnswers, type ImportOptions } from './import-answers.ts';

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
}

type Random = () => number;
type Competitor = { name: string; domains: string[] };
type Tone = keyof typeof BRAND_LINES;
interface DemoPrompt {
  text: string;
  topicId: string;
  focus?: string;
  engineIds: string[];
}

const DEFAULT_SEED = 0x5eed;
const DEMO_ENGINE_IDS = Object.keys(DEMO_ENGINES);

/** A tiny seeded generator (mulberry32): good enough for demo data, and reproducible across platforms. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const clamp = (x: number, lo = 0.02, hi = 0.98) => Math.min(hi, Math.max(lo, x));
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

function shuffled<T>(r: Random, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
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

function pickTone(r: Random, tone: number): Tone {
  const positive = clamp(0.4 + 0.35 * tone, 0.05, 0.85);
  const negative = clamp(0.12 - 0.2 * tone, 0.02, 0.6);
  const x = r();
  if (x < positive) return 'positive';
  if (x < positive + negative) return 'negative';
  return x < positive + negative + 0.2 ? 'mixed' : 'neutral';
}

function competitorList(count: number): Competitor[] {
  const { first, second } = EXTRA_RIVAL_PARTS;
  const extra = Array.from({ length: Math.max(0, count - DEMO_COMPETITORS.length) }, (_, i) => {
    const [a, b] = [first[i % first.length]!, second[Math.floor(i / first.length) % second.length]!];
    return { name: `${a} ${b}`, domains: [`${a}${b}.com`.toLowerCase()] };
  });
  return [...DEMO_COMPETITORS.slice(0, count), ...extra];
}

/** The brands an answer names, in the order it names them; the brand leads more often on some engines. */
function namedBrands(
  r: Random,
  rivalNames: readonly string[],
  prompt: DemoPrompt,
  habit: EngineHabit,
  mentioned: boolean,
) {
  const others = rivalNames.filter((name) => name !== prompt.focus);
  const rivals = shuffled(r, others).slice(0, 2 + Math.floor(r() * 4));
  if (prompt.focus && prompt.focus !== DEMO_BRAND.name) rivals.unshift(prompt.focus);
  if (mentioned) {
    const at = r() < habit.lead ? 0 : 1 + Math.floor(r() * rivals.length);
    rivals.splice(at, 0, DEMO_BRAND.name);
  }
  return rivals;
}

function answerText(r: Random, habit: EngineHabit, brands: readonly string[], tone: Tone, refs: number) {
  const shown = (name: string) => (habit.style === 'list' ? `**${name}**` : name);
  const sentences = brands.map((name) => {
    if (name !== DEMO_BRAND.name) return pick(r, COMPETITOR_LINES).replace('{C}', shown(name));
    // Answers also call the brand by its short name; that still counts as a mention.
    const called = r() < 0.8 ? DEMO_BRAND.name : 'Northwind';
    return pick(r, BRAND_LINES[tone]).replace('{B}', shown(called));
  });
  const intro = pick(r, INTROS);
  const outro = pick(r, OUTROS);
  if (habit.style === 'list') {
    return `${intro}\n\n${sentences.map((s, i) => `${i + 1}. ${s}`).join('\n')}\n\n${outro}`;
  }
  const withRefs = habit.style === 'numbered-refs';
  const body = sentences.map((s) => (withRefs ? `${s} [${1 + Math.floor(r() * refs)}]` : s)).join(' ');
  return `${intro} ${body}\n\n${outro}`;
}

function answerSources(
  r: Random,
  engineId: string,
  habit: EngineHabit,
  competitors: readonly Competitor[],
  brands: readonly string[],
  cited: boolean,
) {
  const [min, max] = habit.sources;
  const count = min + Math.floor(r() * (max - min + 1));
  const sources: { url: string; title: string | null }[] = [];
  for (const c of competitors) {
    if (brands.includes(c.name) && r() < 0.35) {
      sources.push({ url: `https://${pick(r, c.domains)}${pick(r, COMPETITOR_PATHS)}`, title: c.name });
    }
  }
  while (sources.length < count) sources.push(pick(r, THIRD_PARTY_SOURCES));
  const kept = shuffled(r, sources).slice(0, count);
  if (cited) kept.splice(Math.floor(r() * (kept.length + 1)), 0, pick(r, BRAND_PAGES));
  const tag = engineId === 'chatgpt' ? 'chatgpt.com' : engineId;
  return kept.map((s) =>
    r() < habit.utm ? { ...s, url: `${s.url}${s.url.includes('?') ? '&' : '?'}utm_source=${tag}` } : s,
  );
}

/**
 * Import lines for `answers` answers spread evenly over `days` days ending now, made lazily so a million
 * of them stream through the importer. Rates drift: the brand gains ground over the period with a weekly
 * rhythm, and a short spell of bad press two thirds of the way through sours the tone everywhere.
 */
function* demoLines(
  prompts: readonly DemoPrompt[],
  competitors: readonly Competitor[],
  o: { answers: number; days: number; now: Date; r: Random; browserTwins: number },
) {
  const { r, now } = o;
  const rivalNames = competitors.map((c) => c.name);
  const firstDay = addDays(isoDay(now), -(o.days - 1));
  const topics = new Map(DEMO_TOPICS.map((t) => [t.id, t]));
  for (let i = 0; i < o.answers; i++) {
    const dayIndex = Math.floor((i * o.days) / o.answers);
    const dayStart = Date.parse(`${addDays(firstDay, dayIndex)}T00:00:00.000Z`);
    // Today's answers cannot come from later today.
    const span = Math.max(1, Math.min(86_400_000, now.getTime() - dayStart));
    const observedAt = new Date(dayStart + Math.floor(r() * span)).toISOString();
    const progress = o.days > 1 ? dayIndex / (o.days - 1) : 1;
    const badPress = o.days >= 10 && progress > 0.6 && progress < 0.66;

    const prompt = pick(r, prompts);
    const engineId = pickEngine(r, prompt.engineIds);
    const habit = DEMO_ENGINES[engineId]!;
    const topic = topics.get(prompt.topicId)!;
    const trend = 0.15 * (progress - 0.5) + 0.04 * Math.sin((dayIndex / 7) * 2 * Math.PI);
    const mentionRate =
      prompt.focus === DEMO_BRAND.name ? 0.97 : clamp(habit.mention + topic.mention + trend);
    const answer = (id: string, surface: string, shift: number) => {
      const mentioned = r() < clamp(mentionRate + shift);
      const cited = r() < clamp((mentioned ? habit.cite : habit.cite / 4) + trend / 2);
      const tone = pickTone(r, habit.tone + topic.tone + (badPress ? -0.9 : 0));
      const brands = namedBrands(r, rivalNames, prompt, habit, mentioned);
      const sources = answerSources(r, engineId, habit, competitors, brands, cited);
      const text = answerText(r, habit, brands, tone, Math.max(1, sources.length));
      return JSON.stringify({ id, promptText: prompt.text, engineId: surface, observedAt, text, sources });
    };
    yield answer(`demo-${i + 1}`, engineId, 0);
    // Only drawn when asked for, so demos without twins stay the same sequence. People signed in see the brand
    // a little less often than the API does.
    if (o.browserTwins > 0 && r() < o.browserTwins)
      yield answer(`demo-${i + 1}-app`, `${engineId}-local-fetch`, -0.08);
  }
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
}

/**
 * Creates a demo project in the account, with competitors, topics and prompts, and answers the import lines of
 * `answers` engine answers over the last `days` days, for the caller to import (or write to a file).
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
  } = options;
  if (!(browserTwins >= 0 && browserTwins <= 1)) throw invalid('browserTwins must be a share from 0 to 1');
  checkWhole('answers', answers, 0, 10_000_000);
  checkWhole('days', days, 1, 3_650);
  checkWhole('competitors', competitorCount, 1, 50);
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
  await store.competitors.replace(projectId, competitors);
  await store.topics.ensure(
    projectId,
    DEMO_TOPICS.map(({ id, label }) => ({ id, label })),
    at,
  );
  const prompts: DemoPrompt[] = DEMO_PROMPTS.map((p) => {
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
  return { projectId, lines: demoLines(prompts, competitors, { answers, days, now, r, browserTwins }) };
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
