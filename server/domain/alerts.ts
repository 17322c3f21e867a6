import { competitorKey } from '../store/repositories/competitors.ts';
import { fromJson } from '../store/json.ts';
import type { CompetitorHit } from '../store/repositories/answers.ts';
import { wilson } from './intervals.ts';

/** What alerts compare between two runs, from each run's own answers. */

export interface RunAnswer {
  prompt_id: string | null;
  prompt_text: string;
  engine_id: string;
  mentioned: number;
  cited: number;
  source_urls: string;
  competitor_set: string | null;
  competitor_hits: string;
}

interface Tally {
  answers: number;
  mentioned: number;
  cited: number;
  /** Answers naming each competitor, by competitor key. */
  competitors: Map<string, number>;
}

export interface RunFacts {
  /** Per engine, and under '' for the whole run. */
  tallies: Map<string, Tally>;
  /** Per prompt and engine answered (`promptId\0engineId`): the prompt's text and the brand pages listed. */
  slots: Map<string, { promptId: string; promptText: string; engineId: string; pages: Set<string> }>;
}

/** Sums a run's answers; `isBrandPage` tells a page of the brand's domains (as they are now). */
export function runFacts(
  answers: readonly RunAnswer[],
  setNames: ReadonlyMap<string, readonly string[]>,
  isBrandPage: (url: string) => boolean,
): RunFacts {
  const tallies = new Map<string, Tally>();
  const slots: RunFacts['slots'] = new Map();
  for (const a of answers) {
    const names = setNames.get(a.competitor_set ?? '') ?? [];
    const named = new Set(
      fromJson<CompetitorHit[]>(a.competitor_hits)
        .filter(([, mentioned]) => mentioned === 1)
        .map(([index]) => competitorKey(names[index] ?? '')),
    );
    for (const scope of [a.engine_id, '']) {
      let t = tallies.get(scope);
      if (!t) tallies.set(scope, (t = { answers: 0, mentioned: 0, cited: 0, competitors: new Map() }));
      t.answers += 1;
      t.mentioned += a.mentioned;
      t.cited += a.cited;
      for (const key of named) t.competitors.set(key, (t.competitors.get(key) ?? 0) + 1);
    }
    if (a.prompt_id === null) continue;
    const slotKey = `${a.prompt_id}\0${a.engine_id}`;
    let slot = slots.get(slotKey);
    if (!slot) {
      const fresh = {
        promptId: a.prompt_id,
        promptText: a.prompt_text,
        engineId: a.engine_id,
        pages: new Set<string>(),
      };
      slots.set(slotKey, (slot = fresh));
    }
    for (const url of fromJson<string[]>(a.source_urls)) if (isBrandPage(url)) slot.pages.add(url);
  }
  return { tallies, slots };
}

export interface RateFigure {
  value: number;
  low: number;
  high: number;
  answers: number;
}

export interface VisibilityChange {
  metric: 'mentionRate' | 'citationRate';
  engineId: string | null;
  previous: RateFigure;
  current: RateFigure;
  change: number;
}

export interface CitationChange {
  promptId: string;
  promptText: string;
  engineId: string;
  url: string;
}

export interface Voice {
  brandShare: number;
  competitorShare: number;
  answers: number;
}

export interface Overtake {
  engineId: string | null;
  competitor: string;
  previous: Voice;
  current: Voice;
}

export interface Comparison {
  visibility: VisibilityChange[];
  lost: CitationChange[];
  gained: CitationChange[];
  overtakes: Overtake[];
}

function figure(part: number, answers: number): RateFigure {
  const e = wilson(part, answers);
  return { value: e.value!, low: e.low!, high: e.high!, answers };
}

const outside = (value: number, of: RateFigure) => value < of.low || value > of.high;

/** The scopes both runs have: every engine the two share, then the runs as a whole (null). */
function sharedScopes(previous: RunFacts, current: RunFacts): (string | null)[] {
  const engines = [...current.tallies.keys()].filter((e) => e !== '' && previous.tallies.has(e)).sort();
  return [...engines, null];
}

/**
 * Every change between two runs that could raise an alert, before any webhook's thresholds: rates whose runs lie
 * outside each other's 95 % Wilson intervals, brand pages lost and gained per prompt and engine both answered,
 * and competitors (by the current list) that were at most level with the brand and now name more answers.
 */
export function compareRuns(
  previous: RunFacts,
  current: RunFacts,
  competitors: readonly { name: string }[],
): Comparison {
  const visibility: VisibilityChange[] = [];
  const overtakes: Overtake[] = [];
  for (const engineId of sharedScopes(previous, current)) {
    const before = previous.tallies.get(engineId ?? '')!;
    const now = current.tallies.get(engineId ?? '')!;
    for (const [metric, field] of [
      ['mentionRate', 'mentioned'],
      ['citationRate', 'cited'],
    ] as const) {
      const p = figure(before[field], before.answers);
      const c = figure(now[field], now.answers);
      if (outside(c.value, p) && outside(p.value, c)) {
        visibility.push({ metric, engineId, previous: p, current: c, change: c.value - p.value });
      }
    }
    for (const { name } of competitors) {
      const key = competitorKey(name);
      const then = before.competitors.get(key) ?? 0;
      const later = now.competitors.get(key) ?? 0;
      if (then <= before.mentioned && later > now.mentioned) {
        overtakes.push({
          engineId,
          competitor: name,
          previous: {
            brandShare: before.mentioned / before.answers,
            competitorShare: then / before.answers,
            answers: before.answers,
          },
          current: {
            brandShare: now.mentioned / now.answers,
            competitorShare: later / now.answers,
            answers: now.answers,
          },
        });
      }
    }
  }
  const lost: CitationChange[] = [];
  const gained: CitationChange[] = [];
  const slots = [...current.slots.values()].sort((a, b) =>
    a.promptText === b.promptText ? (a.engineId < b.engineId ? -1 : 1) : a.promptText < b.promptText ? -1 : 1,
  );
  for (const now of slots) {
    const before = previous.slots.get(`${now.promptId}\0${now.engineId}`);
    if (!before) continue;
    const item = (url: string) => ({
      promptId: now.promptId,
      promptText: now.promptText,
      engineId: now.engineId,
      url,
    });
    for (const url of [...before.pages].sort()) if (!now.pages.has(url)) lost.push(item(url));
    for (const url of [...now.pages].sort()) if (!before.pages.has(url)) gained.push(item(url));
  }
  return { visibility, lost, gained, overtakes };
}
