/**
 * The overview's headline figures for a period and the same-length period before it: mention rate, citation
 * rate, share of voice, average position and positive sentiment, each with its change. Computed here from the
 * daily stats, the competitor stats and the answers summary; the confidence interval of each figure comes with
 * the trends read (see README, web UI).
 */
import type { AnswerSummary, CompetitorStats, DailyStat } from './types.ts';
import { overallRates, shareOfVoice } from './chart-scale.ts';

export interface PeriodFigures {
  daily: readonly DailyStat[];
  competitors: CompetitorStats;
  summary: AnswerSummary;
}

export interface Kpi {
  id: 'mention' | 'citation' | 'sov' | 'position' | 'sentiment';
  label: string;
  /** A rate (0 to 1) or, for position, the average rank. */
  value: number | null;
  previous: number | null;
  /** Whether a smaller value is the better one (position). */
  lowerIsBetter: boolean;
  kind: 'rate' | 'rank';
  note: string;
}

const ownShare = (c: CompetitorStats) => shareOfVoice(c.data).find((r) => r.isOwnBrand)?.share ?? null;

/** Positive answers among those that name the brand and were scored. */
function positiveShare(s: AnswerSummary): number | null {
  const scored = s.sentiment.positive + s.sentiment.mixed + s.sentiment.neutral + s.sentiment.negative;
  return scored > 0 ? s.sentiment.positive / scored : null;
}

export function kpis(now: PeriodFigures, before: PeriodFigures): Kpi[] {
  const a = overallRates(now.daily);
  const b = overallRates(before.daily);
  const sentimentScored =
    now.summary.sentiment.positive +
    now.summary.sentiment.mixed +
    now.summary.sentiment.neutral +
    now.summary.sentiment.negative;
  const count = (n: number, what: string) => `${n.toLocaleString()} ${what}${n === 1 ? '' : 's'}`;
  return [
    {
      id: 'mention',
      label: 'Mention rate',
      value: a.mentionRate,
      previous: b.mentionRate,
      lowerIsBetter: false,
      kind: 'rate',
      note: `of ${count(a.answers, 'answer')}`,
    },
    {
      id: 'citation',
      label: 'Citation rate',
      value: a.citationRate,
      previous: b.citationRate,
      lowerIsBetter: false,
      kind: 'rate',
      note: `of ${count(a.answers, 'answer')}`,
    },
    {
      id: 'sov',
      label: 'Share of voice',
      value: ownShare(now.competitors),
      previous: ownShare(before.competitors),
      lowerIsBetter: false,
      kind: 'rate',
      note: 'of all brand mentions',
    },
    {
      id: 'position',
      label: 'Average position',
      value: now.summary.averagePosition,
      previous: before.summary.averagePosition,
      lowerIsBetter: true,
      kind: 'rank',
      note: `over ${count(now.summary.mentioned, 'answer')} naming you`,
    },
    {
      id: 'sentiment',
      label: 'Positive sentiment',
      value: positiveShare(now.summary),
      previous: positiveShare(before.summary),
      lowerIsBetter: false,
      kind: 'rate',
      note: `of ${count(sentimentScored, 'answer')} naming you`,
    },
  ];
}

/** The change in words: points for rates, places for positions; "better" or "worse", never colour alone. */
export function change(k: Kpi): { text: string; trend: 'up' | 'down' | 'same' | 'none' } {
  if (k.value === null || k.previous === null) return { text: 'no earlier figure', trend: 'none' };
  const diff = k.value - k.previous;
  const size = k.kind === 'rate' ? Math.round(diff * 1000) / 10 : Math.round(diff * 10) / 10;
  if (size === 0) return { text: 'no change', trend: 'same' };
  const better = k.lowerIsBetter ? size < 0 : size > 0;
  const unit = k.kind === 'rate' ? ' pts' : Math.abs(size) === 1 ? ' place' : ' places';
  const sign = size > 0 ? '+' : '−';
  return {
    text: `${better ? '▲' : '▼'} ${sign}${Math.abs(size)}${unit}, ${better ? 'better' : 'worse'}`,
    trend: better ? 'up' : 'down',
  };
}
