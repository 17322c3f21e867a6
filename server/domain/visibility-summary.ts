import { addDays, daysInclusive } from './clock.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange, type DayRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { competitorShares } from './stats.ts';

export interface SummaryQuery {
  from?: string;
  to?: string;
  engine?: string[];
}

/** Rates and differences are shown to four decimals: a reader compares them, nobody needs float noise. */
const round = (n: number | null) => (n === null ? null : Math.round(n * 10_000) / 10_000);
const difference = (now: number | null, before: number | null) =>
  now === null || before === null ? null : round(now - before);
const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** One period's figures: the brand's rates, its share of the brand mentions, its average rank, and each rival's. */
async function period(s: Services, caller: Caller, projectId: string, range: DayRange, engine?: string[]) {
  const stats = await competitorShares(s, caller, projectId, { ...range, engine });
  const position = await s.store.summaries.positions({
    projectId,
    ...range,
    engineIds: checkEngineIds(engine),
  });
  const mentions = stats.data.reduce((sum, row) => sum + row.mentioned, 0);
  const [own, ...rivals] = stats.data;
  return {
    brand: own!.name,
    from: range.from,
    to: range.to,
    answers: stats.answers,
    mentionRate: round(own!.mentionRate),
    citationRate: round(own!.citationRate),
    shareOfVoice: round(ratio(own!.mentioned, mentions)),
    averagePosition: round(ratio(position.positionSum, position.ranked)),
    rankedAnswers: position.ranked,
    competitors: rivals.map((r) => ({
      name: r.name,
      mentionRate: round(r.mentionRate),
      citationRate: round(r.citationRate),
      shareOfVoice: round(ratio(r.mentioned, mentions)),
    })),
  };
}

/**
 * How visible the brand was over a range, against the period of the same length just before it: the question an
 * assistant is asked most ("how did we do on Perplexity last month, and who beat us?"). Share of voice is the
 * brand's mentions over the mentions of the brand and every tracked competitor, from the same summaries as
 * `stats/competitors`; the average position comes from the daily rank summaries, so no answer is read.
 */
export async function visibilitySummary(s: Services, caller: Caller, projectId: string, q: SummaryQuery) {
  const range = resolveRange(q, s.clock.now());
  const days = daysInclusive(range.from, range.to);
  const before = { from: addDays(range.from, -days), to: addDays(range.from, -1) };
  const { brand, ...current } = await period(s, caller, projectId, range, q.engine);
  const { brand: _, ...previous } = await period(s, caller, projectId, before, q.engine);
  return {
    projectId,
    brand,
    engines: q.engine ? [...new Set(q.engine)] : null,
    current,
    previous,
    change: {
      answers: current.answers - previous.answers,
      mentionRate: difference(current.mentionRate, previous.mentionRate),
      citationRate: difference(current.citationRate, previous.citationRate),
      shareOfVoice: difference(current.shareOfVoice, previous.shareOfVoice),
      averagePosition: difference(current.averagePosition, previous.averagePosition),
    },
  };
}
