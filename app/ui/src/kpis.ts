/**
 * The overview's headline figures for a period and the same-length period before it: mention rate, citation
 * rate, share of voice, average position and positive sentiment, each with its 95 % interval and its change.
 * Rates, position and sentiment come from the trends read over the whole range (its Wilson and t intervals);
 * share of voice from the competitor stats, with a Wilson interval over the brand mentions, computed by the same
 * function the service uses.
 */
import { wilson } from '../../../server/domain/intervals.ts';
import { shareOfVoice } from './chart-scale.ts';
import { percent, plural } from './format.ts';
import type { CompetitorStats, Estimate, TrendPoint } from './types.ts';

export interface PeriodFigures {
  /** The trends read's one row for the range (interval=range, perEngine=false); null without answers. */
  trend: TrendPoint | null;
  competitors: CompetitorStats;
}

export interface Kpi {
  id: 'mention' | 'citation' | 'sov' | 'position' | 'sentiment';
  label: string;
  /** A rate (0 to 1) or, for position, the average rank; each with its 95 % interval. */
  now: Estimate;
  previous: Estimate;
  /** Whether a smaller value is the better one (position). */
  lowerIsBetter: boolean;
  kind: 'rate' | 'rank';
  note: string;
}

const NONE: Estimate = { value: null, low: null, high: null };

/** The brand's share of all brand mentions, with its Wilson interval over those mentions. */
function ownShare(c: CompetitorStats): { share: Estimate; mentions: number } {
  const rows = shareOfVoice(c.data);
  const mentions = rows.reduce((n, r) => n + r.mentioned, 0);
  const own = rows.find((r) => r.isOwnBrand);
  return { share: own && mentions > 0 ? wilson(own.mentioned, mentions) : NONE, mentions };
}

export function kpis(now: PeriodFigures, before: PeriodFigures): Kpi[] {
  const t = now.trend;
  const p = before.trend;
  const sov = ownShare(now.competitors);
  const answers = plural(t?.answers ?? 0, 'answer');
  return [
    {
      id: 'mention',
      label: 'Mention rate',
      now: t?.mentionRate ?? NONE,
      previous: p?.mentionRate ?? NONE,
      lowerIsBetter: false,
      kind: 'rate',
      note: `of ${answers}`,
    },
    {
      id: 'citation',
      label: 'Citation rate',
      now: t?.citationRate ?? NONE,
      previous: p?.citationRate ?? NONE,
      lowerIsBetter: false,
      kind: 'rate',
      note: `of ${answers}`,
    },
    {
      id: 'sov',
      label: 'Share of voice',
      now: sov.share,
      previous: ownShare(before.competitors).share,
      lowerIsBetter: false,
      kind: 'rate',
      note: `of ${plural(sov.mentions, 'brand mention')}`,
    },
    {
      id: 'position',
      label: 'Average position',
      now: t?.averagePosition ?? NONE,
      previous: p?.averagePosition ?? NONE,
      lowerIsBetter: true,
      kind: 'rank',
      note: `over ${plural(t?.positioned ?? 0, 'answer')} naming you`,
    },
    {
      id: 'sentiment',
      label: 'Positive sentiment',
      now: t?.sentiment.positive ?? NONE,
      previous: p?.sentiment.positive ?? NONE,
      lowerIsBetter: false,
      kind: 'rate',
      note: `of ${plural(t?.withSentiment ?? 0, 'answer')} naming you`,
    },
  ];
}

/** A figure as the tiles write it: a whole percentage, or a position to one decimal. */
export function figureText(kind: Kpi['kind'], value: number | null): string {
  if (value === null) return '—';
  return kind === 'rate' ? percent(value) : value.toFixed(1);
}

/** An interval's bounds: "42–58%" (or "1.6–2.1" for a position); empty when they cannot be told. */
export function boundsText(kind: Kpi['kind'], e: Estimate): string {
  if (e.low === null || e.high === null) return '';
  return kind === 'rate'
    ? `${(e.low * 100).toFixed(0)}–${percent(e.high)}`
    : `${e.low.toFixed(1)}–${e.high.toFixed(1)}`;
}

const outside = (value: number, of: Estimate) =>
  of.low !== null && of.high !== null && (value < of.low || value > of.high);

/**
 * The change in words: points for rates, places for positions; "better" or "worse", never colour alone. `clear`
 * says whether each period's figure lies outside the other's 95 % interval (the rule alerts use), so a move that
 * may be noise reads as such.
 */
export function change(k: Kpi): { text: string; trend: 'up' | 'down' | 'same' | 'none'; clear: boolean } {
  const { now, previous } = k;
  if (now.value === null || previous.value === null)
    return { text: 'no earlier figure', trend: 'none', clear: false };
  const diff = now.value - previous.value;
  const size = k.kind === 'rate' ? Math.round(diff * 1000) / 10 : Math.round(diff * 10) / 10;
  if (size === 0) return { text: 'no change', trend: 'same', clear: false };
  const better = k.lowerIsBetter ? size < 0 : size > 0;
  // A rate reads with its sign (▲ +3 pts); a place reads up or down (▲ up 1 place), never "▼ +0.3".
  const amount =
    k.kind === 'rate'
      ? `${size > 0 ? '+' : '−'}${Math.abs(size)} pts`
      : `${better ? 'up' : 'down'} ${Math.abs(size)} ${Math.abs(size) === 1 ? 'place' : 'places'}`;
  return {
    text: `${better ? '▲' : '▼'} ${amount}, ${better ? 'better' : 'worse'}`,
    trend: better ? 'up' : 'down',
    clear: outside(now.value, previous) && outside(previous.value, now),
  };
}
