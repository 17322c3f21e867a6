import type { Estimate } from '../domain/intervals.ts';

/** A figure now and in the period before, with whether the move clears the noise. */
export interface Change {
  now: Estimate;
  previous: Estimate;
  change: number | null;
  beyondNoise: boolean | null;
}

const outside = (value: number, of: Estimate) =>
  of.low !== null && of.high !== null && (value < of.low || value > of.high);

/**
 * Beyond the noise when each period's figure lies outside the other's 95 % interval: the rule the overview's tiles
 * and the alerts use, strict enough that a move it calls real rarely is chance.
 */
export function compare(now: Estimate, previous: Estimate): Change {
  if (now.value === null || previous.value === null)
    return { now, previous, change: null, beyondNoise: null };
  return {
    now,
    previous,
    change: now.value - previous.value,
    beyondNoise: outside(now.value, previous) && outside(previous.value, now),
  };
}

/** rate: 0 to 1; rank: an average position; count: events in the period (hits, visits). */
export type FigureKind = 'rate' | 'rank' | 'count';

/** "42 %", "2.3" or "140". */
export function figure(kind: FigureKind, value: number | null): string {
  if (value === null) return '—';
  if (kind === 'count') return String(Math.round(value));
  return kind === 'rate' ? `${Math.round(value * 100)} %` : value.toFixed(1);
}

/** "38–46 %", "1.9–2.6" or "118–165"; empty when the bounds cannot be told. */
export function bounds(kind: FigureKind, e: Estimate): string {
  if (e.low === null || e.high === null) return '';
  if (kind === 'count') return `${Math.round(e.low)}–${Math.round(e.high)}`;
  return kind === 'rate'
    ? `${Math.round(e.low * 100)}–${Math.round(e.high * 100)} %`
    : `${e.low.toFixed(1)}–${e.high.toFixed(1)}`;
}

const UNITS: Record<FigureKind, [string, string]> = {
  rate: ['point', 'points'],
  rank: ['place', 'places'],
  count: ['', ''],
};

/**
 * The move in words: "up 6 points to 48 %, beyond the noise" or "down 0.4 places to 2.6, within the noise". A lower
 * position is the better one, so it reads "up" when the number falls.
 */
export function moveWords(kind: FigureKind, c: Change): string {
  if (c.now.value === null) return 'no answers to measure';
  if (c.change === null) return `${figure(kind, c.now.value)}, no earlier figure to compare`;
  const size =
    kind === 'rate'
      ? Math.round(Math.abs(c.change) * 100)
      : kind === 'count'
        ? Math.round(Math.abs(c.change))
        : Math.round(Math.abs(c.change) * 10) / 10;
  const noise = c.beyondNoise ? 'beyond the noise' : 'within the noise (it may be chance)';
  if (size === 0) return `unchanged at ${figure(kind, c.now.value)}`;
  const better = kind === 'rank' ? c.change < 0 : c.change > 0;
  const unit = UNITS[kind][size === 1 ? 0 : 1];
  return `${better ? 'up' : 'down'} ${size}${unit ? ` ${unit}` : ''} to ${figure(kind, c.now.value)}, ${noise}`;
}

/** A part's verdict over its changes: beyond the noise when any is, null when none could be compared. */
export function anyBeyond(changes: readonly Change[]): boolean | null {
  const compared = changes.filter((c) => c.beyondNoise !== null);
  return compared.length === 0 ? null : compared.some((c) => c.beyondNoise === true);
}

/** "1 answer", "2 answers". */
export const plural = (n: number, word: string, many = `${word}s`): string => `${n} ${n === 1 ? word : many}`;
