import { ENGINES, findEngine, isLocalFetch } from '../../engines/catalog.ts';
import type { PromptCounts, PromptDayRow, PromptDelta } from '../store/repositories/prompt-summaries.ts';
import type { SurfaceCounts, SurfaceDelta } from '../store/repositories/surface-summaries.ts';

/** Each engine that has both an API and a signed-in browser variant: `chatgpt` and `chatgpt-local-fetch`, … */
export const SURFACE_PAIRS = ENGINES.filter((e) => isLocalFetch(e.id))
  .map((e) => ({ api: e.id.slice(0, -'-local-fetch'.length), app: e.id }))
  .filter((p) => findEngine(p.api) !== undefined);

const pairOf = new Map(SURFACE_PAIRS.flatMap((p) => [[p.api, p] as const, [p.app, p] as const]));

/** One side of a prompt-day: the answer counts and the domains listed, as the prompt summaries' day rows hold. */
interface Side {
  counts: Pick<PromptCounts, 'answers' | 'mentioned' | 'cited' | 'pos_n' | 'pos_sum'>;
  domains: ReadonlySet<string>;
}

interface PromptDay {
  apiEngineId: string;
  date: string;
  promptId: string;
  api: Side | null;
  app: Side | null;
}

/** A prompt-day key of a pair and the two engines' day rows it needs, for the stored state to be read. */
export interface PromptDayKey {
  engineId: string;
  date: string;
  promptId: string;
}

/**
 * What pairing every API answer with every app answer of one prompt-day adds up to: products of the two sides'
 * counts, so the same figures summed over prompt-days are the figures over answer pairs. Zero unless both sides
 * answered.
 */
function figures(api: Side | null, app: Side | null): SurfaceCounts | null {
  if (!api || !app || api.counts.answers === 0 || app.counts.answers === 0) return null;
  const [a, b] = [api.counts, app.counts];
  const agreement = (x: number, y: number) => ({
    both: x * y,
    api: x * (b.answers - y),
    app: (a.answers - x) * y,
    neither: (a.answers - x) * (b.answers - y),
  });
  const mention = agreement(a.mentioned, b.mentioned);
  const cited = agreement(a.cited, b.cited);
  return {
    paired_days: 1,
    answer_pairs: a.answers * b.answers,
    mention_both: mention.both,
    mention_api: mention.api,
    mention_app: mention.app,
    mention_neither: mention.neither,
    cited_both: cited.both,
    cited_api: cited.api,
    cited_app: cited.app,
    cited_neither: cited.neither,
    // Over answer pairs where both name the brand: each side's position sum weighted by the other's count.
    position_pairs: a.pos_n * b.pos_n,
    api_positions: a.pos_sum * b.pos_n,
    app_positions: b.pos_sum * a.pos_n,
  };
}

/** The domains only one side listed on a paired prompt-day. */
function oneSided(api: Side | null, app: Side | null): { side: 'api' | 'app'; domain: string }[] {
  if (!figures(api, app)) return [];
  return [
    ...[...api!.domains]
      .filter((d) => !app!.domains.has(d))
      .map((domain) => ({ side: 'api' as const, domain })),
    ...[...app!.domains]
      .filter((d) => !api!.domains.has(d))
      .map((domain) => ({ side: 'app' as const, domain })),
  ];
}

/** The prompt-days of pairs the new answers touch, as the day rows of both engines to read before they change. */
export function surfaceKeys(added: readonly PromptDelta[]): PromptDayKey[] {
  const keys = new Map<string, PromptDayKey>();
  for (const d of added) {
    const pair = pairOf.get(d.engineId);
    if (!pair) continue;
    for (const engineId of [pair.api, pair.app])
      keys.set(`${engineId}\0${d.date}\0${d.promptId}`, { engineId, date: d.date, promptId: d.promptId });
  }
  return [...keys.values()];
}

/**
 * How the surfaces summary changes when `added` joins the stored day rows `before` (both engines of each touched
 * prompt-day, read before the prompt summaries take the new answers): each touched prompt-day's figures after,
 * minus its figures before. A prompt-day's figures are products of both sides, so they cannot be added answer by
 * answer; the difference can.
 */
export function surfaceDeltas(
  before: readonly PromptDayRow[],
  added: readonly PromptDelta[],
): SurfaceDelta[] {
  const days = new Map<string, { was: PromptDay; now: PromptDay }>();
  const dayOf = (engineId: string, date: string, promptId: string) => {
    const pair = pairOf.get(engineId)!;
    const k = `${pair.api}\0${date}\0${promptId}`;
    let day = days.get(k);
    if (!day) {
      const empty = (): PromptDay => ({ apiEngineId: pair.api, date, promptId, api: null, app: null });
      days.set(k, (day = { was: empty(), now: empty() }));
    }
    return { day, side: engineId === pair.api ? ('api' as const) : ('app' as const) };
  };
  for (const r of before) {
    if (!pairOf.has(r.engineId)) continue;
    const { day, side } = dayOf(r.engineId, r.date, r.promptId);
    day.was[side] = { counts: r.counts, domains: new Set(r.domains) };
    day.now[side] = { counts: { ...r.counts }, domains: new Set(r.domains) };
  }
  for (const d of added) {
    if (!pairOf.has(d.engineId)) continue;
    const { day, side } = dayOf(d.engineId, d.date, d.promptId);
    const now = day.now[side];
    if (!now) {
      day.now[side] = { counts: { ...d.counts }, domains: new Set(d.domains) };
      continue;
    }
    for (const c of ['answers', 'mentioned', 'cited', 'pos_n', 'pos_sum'] as const)
      now.counts[c] += d.counts[c];
    now.domains = new Set([...now.domains, ...d.domains]);
  }
  const out: SurfaceDelta[] = [];
  for (const { was, now } of days.values()) {
    const [after, earlier] = [figures(now.api, now.app), figures(was.api, was.app)];
    if (!after) continue;
    const counts = Object.fromEntries(
      Object.entries(after).map(([c, n]) => [c, n - (earlier?.[c as keyof SurfaceCounts] ?? 0)]),
    ) as SurfaceCounts;
    // A domain the other side now lists too leaves a side's list; one newly listed by one side joins it.
    const key = (x: { side: string; domain: string }) => `${x.side}\0${x.domain}`;
    const [wasList, nowList] = [oneSided(was.api, was.app), oneSided(now.api, now.app)];
    const [wasKeys, nowKeys] = [new Set(wasList.map(key)), new Set(nowList.map(key))];
    const domains = [
      ...nowList.filter((x) => !wasKeys.has(key(x))).map((x) => ({ ...x, change: 1 })),
      ...wasList.filter((x) => !nowKeys.has(key(x))).map((x) => ({ ...x, change: -1 })),
    ];
    out.push({ apiEngineId: now.apiEngineId, date: now.date, promptId: now.promptId, counts, domains });
  }
  return out;
}
