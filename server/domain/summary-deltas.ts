import { competitorKey } from '../store/repositories/competitors.ts';
import {
  NO_TOPIC,
  type BrandDelta,
  type DailyDelta,
  type PositionDelta,
} from '../store/repositories/summaries.ts';

/** What the summaries need to know about one stored answer: its stored figures, nothing recomputed. */
export interface AnswerCounts {
  date: string;
  engineId: string;
  topicId: string | null;
  /** null for an answer to an untracked prompt (or one deleted since). */
  promptId: string | null;
  promptText: string;
  mentioned: boolean;
  cited: boolean;
  /** The brand's rank among the brands named; null when it was not named. */
  position: number | null;
  sentiment: string | null;
  /** The stored, normalised source URLs (at most 30), as the answer lists them. */
  sourceUrls: readonly string[];
  competitors: readonly { name: string; mentioned: boolean; cited: boolean }[];
  /** The web searches the engine ran for the answer, as stored. */
  searchQueries: readonly string[];
  /** The judge's drift verdict when the answer drifts ('true' or 'partial'), else null. */
  drift: 'true' | 'partial' | null;
  /** Keys of the Brand Truth statements the drift names (statementKey), as stored. */
  driftStatements: readonly string[];
}

export interface SummaryDeltas {
  daily: DailyDelta[];
  brands: BrandDelta[];
  positions: PositionDelta[];
}

// The NUL separator cannot occur in a date, an engine id or a topic id, so keys never collide.
const keyOf = (...parts: string[]) => parts.join('\0');

/**
 * The amounts to add to the summary tables for a set of newly stored answers, so that the stats read a few
 * summary rows instead of every answer. The project's own brand is counted by the daily rows; brand rows
 * hold competitors only. The store adds its own rollups (all topics, all engines, months) from these.
 */
export function summaryDeltas(answers: Iterable<AnswerCounts>): SummaryDeltas {
  const daily = new Map<string, DailyDelta>();
  const brands = new Map<string, BrandDelta>();
  const positions = new Map<string, PositionDelta>();

  const addBrand = (date: string, engineId: string, brandKey: string, mentioned: boolean, cited: boolean) => {
    const key = keyOf(date, engineId, brandKey);
    let row = brands.get(key);
    if (!row) brands.set(key, (row = { date, engineId, brandKey, mentioned: 0, cited: 0 }));
    if (mentioned) row.mentioned += 1;
    if (cited) row.cited += 1;
  };

  for (const a of answers) {
    const topicId = a.topicId ?? NO_TOPIC;
    const key = keyOf(a.date, a.engineId, topicId);
    let row = daily.get(key);
    if (!row)
      daily.set(
        key,
        (row = { date: a.date, engineId: a.engineId, topicId, answers: 0, mentioned: 0, cited: 0 }),
      );
    row.answers += 1;
    if (a.mentioned) row.mentioned += 1;
    if (a.cited) row.cited += 1;

    if (a.position !== null) {
      const at = keyOf(a.date, a.engineId);
      const ranked = positions.get(at) ?? { date: a.date, engineId: a.engineId, ranked: 0, positionSum: 0 };
      ranked.ranked += 1;
      ranked.positionSum += a.position;
      positions.set(at, ranked);
    }

    // Two entries with the same key (names differing only in case) are one brand: count it once per answer.
    const perBrand = new Map<string, { mentioned: boolean; cited: boolean }>();
    for (const c of a.competitors) {
      if (!c.mentioned && !c.cited) continue;
      const k = competitorKey(c.name);
      const seen = perBrand.get(k);
      perBrand.set(k, { mentioned: c.mentioned || !!seen?.mentioned, cited: c.cited || !!seen?.cited });
    }
    for (const [brandKey, c] of perBrand) {
      addBrand(a.date, a.engineId, brandKey, c.mentioned, c.cited);
    }
  }
  return { daily: [...daily.values()], brands: [...brands.values()], positions: [...positions.values()] };
}
