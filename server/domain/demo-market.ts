/**
 * The demo market's answers: given a prompt, an engine and a day, what the engine says and cites. Shared by the
 * imported history and the demo engines that answer the demo's runs, so both tell the same story: a leader and a
 * long tail of rivals that differ by engine and topic, the brand gaining slowly, a launch that lifts it on
 * Perplexity late in the period, a rival surging on Gemini, the brand's integration page dropped by Google AI
 * Mode, ChatGPT dropping the brand from one prompt late in the period, and a short spell of bad press.
 */
import { DRIFT_CLAIMS, TRUE_CLAIMS } from './demo-claims.ts';
import {
  BRAND_LINES,
  BRAND_PAGES,
  COMPETITOR_LINES,
  COMPETITOR_PATHS,
  DEMO_BRAND,
  DEMO_ENGINES,
  DEMO_SEARCHES,
  DEMO_TOPICS,
  INTROS,
  OUTROS,
  type DemoCompetitor,
  type EngineHabit,
} from './demo-content.ts';
import { THIRD_PARTY_SOURCES, type DemoSource } from './demo-sources.ts';

export type Random = () => number;

export interface MarketPrompt {
  text: string;
  topicId: string;
  focus?: string;
  engineIds: string[];
}

/** Where a day lies in the period: `dayIndex` from its first day, `daysLeft` to its last (today, 0). */
export interface MarketDay {
  dayIndex: number;
  days: number;
  daysLeft: number;
}

/** The turns of the story, in days before the last day of the period. */
export const STORY = {
  /** Perplexity starts citing the brand's new integration directory: its mention rate jumps. */
  launch: { engineId: 'perplexity', daysLeft: 4, mentionLift: 0.5 },
  /** Tasklane's launch: Gemini names it far more often, ahead of the brand. */
  surge: { engineId: 'gemini', competitor: 'Tasklane', daysLeft: 3, factor: 5 },
  /** Google AI Mode stops citing the brand's Slack integration page (it moved), and cites the brand less. */
  lostPage: {
    engineId: 'google-ai-mode',
    daysLeft: 2,
    url: 'https://www.northwindtasks.com/integrations/slack',
    citeFactor: 0.15,
  },
  /** ChatGPT stops naming the brand for one prompt while rivals stay: a prompt to win back (ranked actions). */
  dropped: { engineId: 'chatgpt', prompt: 'Best kanban board app for a startup', daysLeft: 6 },
  /** The day's run fails: no engine could be reached. */
  outage: { daysLeft: 5 },
  /** Grok refuses the day's run for its rate limit: that run completes without Grok's answers. */
  rateLimited: { engineId: 'grok', daysLeft: 1 },
};

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

/** FNV-1a of the text, from a seed. */
export function hashText(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A number in [0, 1) that is the same for every answer of an engine to a prompt most of the time, and fresh now
 * and then: engines answer a prompt much as they did the day before, so what changes between runs is mostly what
 * the story changes, not noise.
 */
function habitual(r: Random, prompt: MarketPrompt, engineId: string, what: string): number {
  return r() < 0.92 ? hashText(0, `${what}\0${engineId}\0${prompt.text}`) / 4_294_967_296 : r();
}

const clamp = (x: number, lo = 0.02, hi = 0.98) => Math.min(hi, Math.max(lo, x));
export const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

export function shuffled<T>(r: Random, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Up to `count` distinct items, each drawn in proportion to its weight among those not drawn yet. */
function weightedSample<T>(r: Random, items: readonly T[], weight: (item: T) => number, count: number): T[] {
  const pool = items.map((item) => ({ item, w: weight(item) })).filter((x) => x.w > 0);
  const out: T[] = [];
  let total = pool.reduce((sum, x) => sum + x.w, 0);
  while (out.length < count && pool.length > 0) {
    let x = r() * total;
    let i = 0;
    while (i < pool.length - 1 && (x -= pool[i]!.w) >= 0) i++;
    const [drawn] = pool.splice(i, 1);
    total -= drawn!.w;
    out.push(drawn!.item);
  }
  return out;
}

type Tone = keyof typeof BRAND_LINES;

function pickTone(r: Random, tone: number): Tone {
  const positive = clamp(0.4 + 0.35 * tone, 0.05, 0.85);
  const negative = clamp(0.12 - 0.2 * tone, 0.02, 0.6);
  const x = r();
  if (x < positive) return 'positive';
  if (x < positive + negative) return 'negative';
  return x < positive + negative + 0.2 ? 'mixed' : 'neutral';
}

const after = (day: MarketDay, turn: { daysLeft: number }) => day.daysLeft <= turn.daysLeft;

/** How readily an answer of this engine on this topic names the rival, that day. */
function rivalWeight(c: DemoCompetitor, engineId: string, topicId: string, day: MarketDay): number {
  const { surge } = STORY;
  const surging = c.name === surge.competitor && engineId === surge.engineId && after(day, surge);
  return c.strength * (c.engines[engineId] ?? 1) * (c.topics[topicId] ?? 1) * (surging ? surge.factor : 1);
}

/** The brands an answer names, in the order it names them; the brand leads more often on some engines. */
function namedBrands(
  r: Random,
  competitors: readonly DemoCompetitor[],
  prompt: MarketPrompt,
  engineId: string,
  day: MarketDay,
  mentioned: boolean,
): string[] {
  const others = competitors.filter((c) => c.name !== prompt.focus);
  const weight = (c: DemoCompetitor) => rivalWeight(c, engineId, prompt.topicId, day);
  // Each rival is named by its own chance, so the leader is in most answers and the tail in few.
  const named = others.filter((c) => r() < Math.min(0.95, weight(c)));
  const chosen = named.length > 0 ? named : weightedSample(r, others, weight, 1);
  // Stronger rivals tend to come first.
  const names = weightedSample(r, chosen, weight, chosen.length).map((c) => c.name);
  if (prompt.focus && prompt.focus !== DEMO_BRAND.name) names.unshift(prompt.focus);
  if (mentioned) {
    const at = r() < DEMO_ENGINES[engineId]!.lead ? 0 : 1 + Math.floor(r() * names.length);
    names.splice(at, 0, DEMO_BRAND.name);
  }
  return names;
}

/** What the answer says of the brand: a line of the tone drawn, and now and then a fact (true or drifting). */
function brandSentence(r: Random, habit: EngineHabit, tone: Tone, shown: (name: string) => string): string {
  // Answers also call the brand by its short name; that still counts as a mention.
  const called = r() < 0.8 ? DEMO_BRAND.name : 'Northwind';
  const line = pick(r, BRAND_LINES[tone]).replace('{B}', shown(called));
  const x = r();
  if (x < habit.drift) return `${line} ${pick(r, DRIFT_CLAIMS).text}`;
  return x < habit.drift + 0.25 ? `${line} ${pick(r, TRUE_CLAIMS).text}` : line;
}

/** The text as the engine's adapter stores it (citation markers and links already taken out). */
function answerText(r: Random, habit: EngineHabit, brands: readonly string[], tone: Tone): string {
  const shown = (name: string) => (habit.style === 'prose' ? name : `**${name}**`);
  const sentences = brands.map((name) =>
    name === DEMO_BRAND.name
      ? brandSentence(r, habit, tone, shown)
      : pick(r, COMPETITOR_LINES).replace('{C}', shown(name)),
  );
  const intro = pick(r, INTROS);
  const outro = pick(r, OUTROS);
  if (habit.style === 'list') {
    return `${intro}\n\n${sentences.map((s, i) => `${i + 1}. ${s}`).join('\n')}\n\n${outro}`;
  }
  if (habit.style === 'bullets')
    return `${intro}\n\n${sentences.map((s) => `- ${s}`).join('\n')}\n\n${outro}`;
  return `${intro} ${sentences.join(' ')}\n\n${outro}`;
}

function eligible(s: DemoSource, day: MarketDay, mentioned: boolean): boolean {
  if (s.gap && mentioned) return false;
  if (s.newDays !== undefined && day.daysLeft >= s.newDays) return false;
  return s.goneDays === undefined || day.daysLeft >= s.goneDays;
}

function answerSources(
  r: Random,
  prompt: MarketPrompt,
  engineId: string,
  day: MarketDay,
  competitors: readonly DemoCompetitor[],
  brands: readonly string[],
  mentioned: boolean,
  cited: boolean,
) {
  const habit = DEMO_ENGINES[engineId]!;
  const [min, max] = habit.sources;
  const count = min + Math.floor(r() * (max - min + 1));
  const sources: { url: string; title: string | null }[] = [];
  for (const c of competitors) {
    if (brands.includes(c.name) && r() < 0.35) {
      sources.push({ url: `https://${pick(r, c.domains)}${pick(r, COMPETITOR_PATHS)}`, title: c.name });
    }
  }
  const pool = THIRD_PARTY_SOURCES.filter((s) => eligible(s, day, mentioned));
  for (const s of weightedSample(r, pool, (s) => s.weight, Math.max(0, count - sources.length))) {
    sources.push({ url: s.url, title: s.title });
  }
  const kept = shuffled(r, sources).slice(0, count);
  if (cited) {
    const lost = engineId === STORY.lostPage.engineId && after(day, STORY.lostPage);
    const pages = lost ? BRAND_PAGES.filter((p) => p.url !== STORY.lostPage.url) : BRAND_PAGES;
    // Each prompt and engine mostly cites the same page of the brand, as engines do from one run to the next.
    const usual = pages[(prompt.text.length + engineId.length * 7) % pages.length]!;
    kept.splice(Math.floor(r() * (kept.length + 1)), 0, r() < 0.95 ? usual : pick(r, pages));
  }
  const tag = engineId === 'chatgpt' ? 'chatgpt.com' : engineId;
  return kept.map((s) =>
    r() < habit.utm ? { ...s, url: `${s.url}${s.url.includes('?') ? '&' : '?'}utm_source=${tag}` } : s,
  );
}

export interface MarketAnswer {
  text: string;
  sources: { url: string; title: string | null }[];
  searchQueries: string[];
}

/** The demo engines that report their searches, as their real APIs do (Perplexity's shows none). */
const SEARCHING = new Set(['chatgpt', 'gemini', 'claude', 'grok']);

/**
 * The web searches behind one answer: one to three of its topic's, the first the same for an engine and prompt
 * most days; Claude often searches the prompt itself. Drawn from their own generator, so the answers stay the ones
 * demos made before searches were stored.
 */
function demoSearches(prompt: MarketPrompt, engineId: string, day: MarketDay): string[] {
  const list = DEMO_SEARCHES[prompt.topicId] ?? [];
  if (!SEARCHING.has(engineId) || list.length === 0) return [];
  const r = mulberry32(hashText(day.dayIndex, `search\0${engineId}\0${prompt.text}`));
  const own = hashText(0, `search\0${engineId}\0${prompt.text}`) % list.length;
  const out = [engineId === 'claude' && r() < 0.5 ? prompt.text : list[own]!];
  const more = Math.floor(r() * 3);
  for (let i = 0; i < more; i++) out.push(pick(r, list));
  return [...new Set(out)];
}

/**
 * One answer of `engineId` (an API engine; `shift` moves the brand's mention rate, as a signed-in browser sees it
 * a little less often) to the prompt on the day.
 */
export function marketAnswer(
  r: Random,
  competitors: readonly DemoCompetitor[],
  prompt: MarketPrompt,
  engineId: string,
  day: MarketDay,
  shift = 0,
): MarketAnswer {
  const habit = DEMO_ENGINES[engineId]!;
  const topic = DEMO_TOPICS.find((t) => t.id === prompt.topicId)!;
  const progress = day.days > 1 ? day.dayIndex / (day.days - 1) : 1;
  const badPress = day.days >= 10 && progress > 0.6 && progress < 0.66;
  const trend = 0.15 * (progress - 0.5) + 0.04 * Math.sin((day.dayIndex / 7) * 2 * Math.PI);
  const { launch, lostPage } = STORY;
  const lift = engineId === launch.engineId && after(day, launch) ? launch.mentionLift : 0;
  const mentionRate =
    prompt.focus === DEMO_BRAND.name ? 0.97 : clamp(habit.mention + topic.mention + trend + lift);
  const { dropped } = STORY;
  const droppedOut = engineId === dropped.engineId && prompt.text === dropped.prompt && after(day, dropped);
  const mentioned = !droppedOut && habitual(r, prompt, engineId, 'mention') < clamp(mentionRate + shift);
  const citeFactor = engineId === lostPage.engineId && after(day, lostPage) ? lostPage.citeFactor : 1;
  const citeRate = clamp(((mentioned ? habit.cite : habit.cite / 4) + trend / 2) * citeFactor);
  const cited = habitual(r, prompt, engineId, 'cite') < citeRate;
  const tone = pickTone(r, habit.tone + topic.tone + (badPress ? -0.9 : 0));
  const brands = namedBrands(r, competitors, prompt, engineId, day, mentioned);
  const sources = answerSources(r, prompt, engineId, day, competitors, brands, mentioned, cited);
  return {
    text: answerText(r, habit, brands, tone),
    sources,
    searchQueries: demoSearches(prompt, engineId, day),
  };
}
