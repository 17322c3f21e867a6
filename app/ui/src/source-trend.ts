/**
 * A cited source's trend over the period, from the first and last day an answer listed it: where in the period it
 * was seen (a span on a track), and a word when it is new or has gone quiet. Both days come exact from the
 * sources read, whatever the size of the project; see README (web UI) for why this over per-week counts.
 */
import { daysBetween } from './chart-scale.ts';
import { day } from './format.ts';

/** A week: how recent a first sighting must be to count as new, and how long a silence must be to say so. */
const RECENT = 7;

export interface SourceTrend {
  /** Where the span starts and ends on the period's track, 0 to 1. */
  start: number;
  end: number;
  /** "3 Jun to 14 Jun", or the one day. */
  seen: string;
  status: { kind: 'new' | 'quiet'; text: string } | null;
}

export function sourceTrend(
  firstSeen: string,
  lastSeen: string,
  period: { from: string; to: string },
): SourceTrend {
  const length = Math.max(1, daysBetween(period.from, period.to).length);
  const offset = (d: string) => daysBetween(period.from, d).length - 1;
  const silent = daysBetween(lastSeen, period.to).length - 1;
  const age = daysBetween(firstSeen, period.to).length;
  const status: SourceTrend['status'] =
    silent >= RECENT
      ? { kind: 'quiet', text: `not seen for ${silent} days` }
      : length > RECENT && age <= RECENT
        ? { kind: 'new', text: 'new this week' }
        : null;
  return {
    start: Math.max(0, offset(firstSeen)) / length,
    end: Math.min(length, offset(lastSeen) + 1) / length,
    seen: firstSeen === lastSeen ? day(firstSeen) : `${day(firstSeen, true)} to ${day(lastSeen, true)}`,
    status,
  };
}
